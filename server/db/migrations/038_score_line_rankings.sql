-- Kept score lines now also carry each result's top-k product ids and the results the golden set judged nothing
-- for, so a comparison can measure how alike two rankings are for every query both runs ranked, judged or not.
-- Lines kept before (format 1) hold neither: a comparison keeps them again from the results when it reads one.
ALTER TABLE run_score_lines ADD COLUMN format smallint NOT NULL DEFAULT 1;
-- Each line's ranking: its product ids' 53-bit hashes (hashtextextended), as 8-byte floats in the lines' order, each
-- line saying how many are its own, in base64. Numbers rather than the ids' text: two runs of 100,000 rankings compare
-- without making 2 million strings. Text rather than bytea: the embedded database hands a bytea over about ten
-- times slower than text of the same size.
ALTER TABLE run_score_lines ADD COLUMN rankings text;
ALTER TABLE run_score_lines ALTER COLUMN rankings SET STORAGE EXTERNAL;
