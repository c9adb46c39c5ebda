-- Kept score lines now also carry each result's top-k product ids and the results the golden set judged nothing
-- for, so a comparison can measure how alike two rankings are for every query both runs ranked, judged or not.
-- Lines kept before (format 1) hold neither: a comparison keeps them again from the results when it reads one.
ALTER TABLE run_score_lines ADD COLUMN format smallint NOT NULL DEFAULT 1;
