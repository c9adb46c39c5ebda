-- How far a scored result's ranking got towards its query's relevant products (relevant at the run's
-- relevant_from: a result's `commons` are those it returned, its `missings` those it did not):
--   COMPLETE                every relevant product is in the top k (also when the query has none), or the
--                           ranking reached k results and at least one relevant product is among them;
--   NO_MORE_RESULTS         fewer than k results, and relevant products missing;
--   PAGE_WITHOUT_RELEVANTS  k results, relevant products exist, none of them among the k.
-- NULL for results not scored (UNJUDGED, ERROR) and for results made elsewhere without those lists.
-- A result holds at most k hits (searches ask for k and keep k, uploaded rankings are cut at k), so its
-- commons and missings are those of its top k. A column of its own, generated as migration 010's are, so a
-- run's results are filtered by it without reading each result's JSON. A result without a k in its
-- configuration ran with the default, 10.
ALTER TABLE experiment_run_results ADD COLUMN completion text GENERATED ALWAYS AS (
  CASE WHEN result->>'status' IN ('PASS', 'FAIL')
        AND jsonb_typeof(result->'results'->'search_results') = 'array'
        AND jsonb_typeof(result->'results'->'commons') = 'array'
        AND jsonb_typeof(result->'results'->'missings') = 'array' THEN
    CASE
      WHEN jsonb_array_length(result->'results'->'missings') = 0 THEN 'COMPLETE'
      WHEN jsonb_array_length(result->'results'->'search_results') <
        CASE WHEN jsonb_typeof(experiment_configuration->'k') = 'number' THEN (experiment_configuration->>'k')::numeric ELSE 10 END
        THEN 'NO_MORE_RESULTS'
      WHEN jsonb_array_length(result->'results'->'commons') > 0 THEN 'COMPLETE'
      ELSE 'PAGE_WITHOUT_RELEVANTS'
    END
  END) STORED;
-- A page of one completion status, newest first, read from the index in its order.
CREATE INDEX experiment_run_results_completion_idx ON experiment_run_results (run_id, completion, created_at DESC, id DESC);
