-- Triage of a run's results, and means that match the run's qrels and TREC exports (each query counted once).
-- A result's status, input and metrics as columns of their own: a run's results are filtered, searched and
-- sorted by them, and reading them from `result` would read every result's whole JSON. Generated, so
-- every writer (the worker, the demo seed) fills them the same way.
ALTER TABLE experiment_run_results
  ADD COLUMN status text GENERATED ALWAYS AS (result->>'status') STORED,
  ADD COLUMN input text GENERATED ALWAYS AS (result->>'input') STORED,
  ADD COLUMN scores jsonb GENERATED ALWAYS AS (
    CASE WHEN jsonb_typeof(result->'results'->'metrics') = 'object' THEN result->'results'->'metrics' END) STORED,
  -- The query key the worker matched judgements on (server/evaluation/query-key.ts); NULL before this version.
  ADD COLUMN query_key text,
  -- Counts in the run's means: scored (PASS or FAIL) and the first scored result of its query key, so a
  -- query two entries share counts once, as it does in the run's qrels and TREC exports.
  ADD COLUMN counted boolean NOT NULL DEFAULT false;
CREATE INDEX experiment_run_results_status_idx ON experiment_run_results (run_id, status, created_at DESC, id DESC);
-- The counted result of a key, and whether one exists, found at once (the worker asks for every batch).
CREATE UNIQUE INDEX experiment_run_results_counted_key ON experiment_run_results (run_id, query_key) WHERE counted;

-- Results stored before: every scored one counted, as their run's means did.
UPDATE experiment_run_results SET counted = true WHERE status IN ('PASS', 'FAIL');

-- The number of queries the means are taken over (the tally's metric sums divided by it).
ALTER TABLE experiment_runs ADD COLUMN counted integer NOT NULL DEFAULT 0;
UPDATE experiment_runs SET counted = passed + failed;
