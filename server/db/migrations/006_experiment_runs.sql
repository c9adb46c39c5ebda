-- Runs this server produces itself: the built-in evaluation script, a run's snapshot of the entries it
-- evaluates, its progress, and one result per (run, entry) enforced here so a resumed run never
-- duplicates a result.

-- The implementation a script runs on this server; NULL for scripts run elsewhere (listed, not runnable).
ALTER TABLE evaluation_scripts ADD COLUMN engine text;
ALTER TABLE evaluation_scripts ADD CONSTRAINT evaluation_scripts_engine_key UNIQUE (engine);

-- A script already named so (as the demo data had) becomes the built-in one.
INSERT INTO evaluation_scripts (name, description, cost_per_evaluation, script_class, script_module, output_schema, engine)
VALUES (
  'Golden set relevance',
  'Searches each entry''s input with the experiment''s search target and scores the ranking against the golden set''s graded judgements: nDCG, precision, recall and F1 at k, reciprocal rank and average precision (trec_eval semantics).',
  0,
  'scoredResult',
  'server/runs/run-result',
  '{"type":"object","description":"Metrics of one entry; k and the gain are the experiment''s.","patternProperties":{"^(ndcg@[0-9]+(_exp)?|precision@[0-9]+|recall@[0-9]+|f1@[0-9]+|reciprocal_rank|average_precision)$":{"type":"number","minimum":0,"maximum":1},"^(dcg@[0-9]+(_exp)?|idcg@[0-9]+(_exp)?|unjudged@[0-9]+)$":{"type":"number","minimum":0}},"additionalProperties":false}'::jsonb,
  'golden-set-relevance'
)
ON CONFLICT (name) DO UPDATE SET
  engine = EXCLUDED.engine,
  description = EXCLUDED.description,
  script_class = EXCLUDED.script_class,
  script_module = EXCLUDED.script_module,
  output_schema = EXCLUDED.output_schema;

ALTER TABLE experiment_runs
  -- The experiment's config when the run started (NULL for runs produced elsewhere).
  ADD COLUMN config jsonb,
  ADD COLUMN cost_per_evaluation numeric(14, 6) NOT NULL DEFAULT 0,
  ADD COLUMN progress_total integer NOT NULL DEFAULT 0,
  ADD COLUMN progress_done integer NOT NULL DEFAULT 0,
  -- Results that could be scored (not ERROR): what total_cost counts.
  ADD COLUMN evaluations integer NOT NULL DEFAULT 0,
  ADD COLUMN error text,
  -- The results' tally, kept with each stored batch so that polling a run reads one row: counts by
  -- status and, over PASS and FAIL results, each metric's sum (the summary's means).
  ADD COLUMN passed integer NOT NULL DEFAULT 0,
  ADD COLUMN failed integer NOT NULL DEFAULT 0,
  ADD COLUMN unjudged integer NOT NULL DEFAULT 0,
  ADD COLUMN errors integer NOT NULL DEFAULT 0,
  ADD COLUMN metric_sums jsonb NOT NULL DEFAULT '{}'::jsonb,
  ADD COLUMN started_at timestamptz,
  ADD COLUMN finished_at timestamptz;
-- Runs a worker resumes: made here (config set) and not finished.
CREATE INDEX experiment_runs_active_idx ON experiment_runs (id) WHERE status IN ('pending', 'running') AND config IS NOT NULL;

-- The entries a run evaluates, copied when it starts: later dataset edits do not change a run.
CREATE TABLE experiment_run_entries (
  run_id bigint NOT NULL REFERENCES experiment_runs (id) ON DELETE CASCADE,
  -- No foreign key: an entry deleted mid-run is still evaluated from this copy.
  entry_id bigint NOT NULL,
  input text NOT NULL,
  PRIMARY KEY (run_id, entry_id)
);

-- Runs made before this version: their tally and progress from their results (as server/runs/run-tally.ts does).
UPDATE experiment_runs r SET
  passed = t.passed, failed = t.failed, unjudged = t.unjudged, errors = t.errors,
  progress_done = t.results, progress_total = t.results, evaluations = t.results - t.errors,
  metric_sums = coalesce((
    SELECT jsonb_object_agg(m.key, m.total) FROM (
      SELECT e.key, sum(e.value::float8) AS total
      FROM experiment_run_results x, jsonb_each_text(x.result->'results'->'metrics') AS e
      WHERE x.run_id = r.id AND x.result->>'status' IN ('PASS', 'FAIL')
        AND jsonb_typeof(x.result->'results'->'metrics') = 'object'
        AND e.value ~ '^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$'
      GROUP BY e.key) AS m), '{}'::jsonb)
FROM (
  SELECT run_id, count(*)::int AS results,
    count(*) FILTER (WHERE result->>'status' = 'PASS')::int AS passed,
    count(*) FILTER (WHERE result->>'status' = 'FAIL')::int AS failed,
    count(*) FILTER (WHERE result->>'status' = 'UNJUDGED')::int AS unjudged,
    count(*) FILTER (WHERE result->>'status' = 'ERROR')::int AS errors
  FROM experiment_run_results GROUP BY run_id) AS t
WHERE t.run_id = r.id;

ALTER TABLE experiment_run_results ADD COLUMN entry_id bigint;
-- One result per run and entry (results made elsewhere have no entry and are not constrained).
CREATE UNIQUE INDEX experiment_run_results_entry_key ON experiment_run_results (run_id, entry_id);
-- An import before this version may have left its rows in the search index's pending list.
SELECT gin_clean_pending_list('products_search_idx'::regclass);
