-- A run's results list opens on its scored results (PASS or FAIL), then the unjudged, then the errors, each
-- newest first. The index holds that order, so any page of it is read from the index alone, as the other
-- orders are (server/runs/result-list.ts names the same expression).
CREATE INDEX experiment_run_results_scored_first_idx ON experiment_run_results
  (run_id, (CASE status WHEN 'PASS' THEN 0 WHEN 'FAIL' THEN 0 WHEN 'UNJUDGED' THEN 1 ELSE 2 END), created_at DESC, id DESC);
