-- The judge queue lists each query of a run once: a result the golden set judged nothing for
-- (UNJUDGED) is listed only when no earlier such result of the run has its query key. This finds that
-- earlier one at once, whatever the run's size.
CREATE INDEX experiment_run_results_unjudged_key ON experiment_run_results (run_id, query_key, created_at, id) WHERE status = 'UNJUDGED';
