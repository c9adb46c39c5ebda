-- Kept score lines now carry their metrics as 8-byte floats apart from the lines (format 3): each line's value of
-- every kept metric in the metrics' order, NaN where not a number, as float8send writes them, in base64. A line is
-- then only its result's id, query key and ranking length: reading a big run splits a fifth of the text and
-- parses no decimal numbers. Lines kept in an earlier format are kept again when a comparison reads them.
ALTER TABLE run_score_lines ADD COLUMN scores text;
ALTER TABLE run_score_lines ALTER COLUMN scores SET STORAGE EXTERNAL;
