-- A run's results are filtered, sorted and counted by their small columns (status, input, scores, completion),
-- which a scan reads row by row: with each result's whole JSON inline (about 800 bytes of a 1,250-byte row), a
-- sort of 100,000 results by a metric read 130 MB. From a row of 1,024 bytes on, the JSON is compressed (or moved
-- out of the row) first, so rows stay near 500 bytes; scores and input are compressed only as a last resort, as a
-- sort or search reads them on every row. Applies to rows written from now on.
ALTER TABLE experiment_run_results SET (toast_tuple_target = 1024);
ALTER TABLE experiment_run_results ALTER COLUMN scores SET STORAGE MAIN, ALTER COLUMN input SET STORAGE MAIN;
