-- A finished run's counted scores kept as one text, a line a result, written when the run ends: comparing
-- two big runs (the compare page, a CI gate's verdict) then reads one row a run instead of every result,
-- whose rows also carry the rankings. A run's results do not change once it has ended.
CREATE TABLE run_score_lines (
  run_id bigint PRIMARY KEY REFERENCES experiment_runs (id) ON DELETE CASCADE,
  -- The metric of each score field, in the lines' order.
  metrics text[] NOT NULL,
  -- Each line: the result's id, its scores (empty where not a number), its query key as JSON; tab-separated.
  lines text NOT NULL
);
-- Read whole every time: stored apart from the row and uncompressed, so a read is a copy, not a decompression.
ALTER TABLE run_score_lines ALTER COLUMN lines SET STORAGE EXTERNAL;
