-- Evaluations: rankings made elsewhere (an offline re-ranker, a notebook, a vendor's export), uploaded as a file
-- and scored against a golden set by the runs' engine. Each is backed by a run, which holds its scores, results
-- and progress as a run's do, so an evaluation is listed, exported and compared as a run is.
CREATE TABLE evaluations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  run_id bigint NOT NULL UNIQUE REFERENCES experiment_runs (id) ON DELETE CASCADE,
  golden_set_id bigint REFERENCES golden_sets (id) ON DELETE SET NULL,
  -- Its queries are the dataset's when one is given (a query the file does not rank scores as no results).
  dataset_id bigint REFERENCES datasets (id) ON DELETE SET NULL,
  format text NOT NULL CONSTRAINT evaluations_format_check CHECK (format IN ('trec', 'csv', 'jsonl')),
  file_name text NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX evaluations_newest_idx ON evaluations (created_at DESC, id DESC);
