-- An evaluation's run has no experiment: its rankings were made elsewhere and uploaded. It is numbered 1, as
-- the only run of its evaluation.
ALTER TABLE experiment_runs ALTER COLUMN experiment_id DROP NOT NULL;

CREATE OR REPLACE FUNCTION number_run() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.experiment_id IS NULL THEN
    NEW.number := 1;
    RETURN NEW;
  END IF;
  UPDATE experiments SET runs_numbered = runs_numbered + 1 WHERE id = NEW.experiment_id
  RETURNING runs_numbered INTO NEW.number;
  RETURN NEW;
END $$;

-- The uploaded ranking of each query of an evaluation, cut at its k: what its run scores instead of searching.
-- Keyed by query key, so every entry of the query scores it; a query the file did not rank has no row and
-- scores as a search that found nothing.
CREATE TABLE evaluation_rankings (
  run_id bigint NOT NULL REFERENCES experiment_runs (id) ON DELETE CASCADE,
  query_key text NOT NULL,
  product_ids text[] NOT NULL,
  PRIMARY KEY (run_id, query_key)
);
