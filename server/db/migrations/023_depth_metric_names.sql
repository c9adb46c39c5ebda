-- Reciprocal rank and average precision are measured on the k results a run asks its target for, and are
-- named so now, as the other measures are: reciprocal_rank@k and average_precision@k (k as in the same
-- metrics' precision@k). Values do not change. Only runs this server made (they have a config) and the
-- demo's: a run made elsewhere may have ranked deeper than its k.

UPDATE experiment_run_results x
SET result = jsonb_set(x.result, '{results,metrics}', (
  SELECT jsonb_object_agg(CASE WHEN m.key IN ('reciprocal_rank', 'average_precision') THEN m.key || '@' || cut.k ELSE m.key END, m.value)
  FROM jsonb_each(x.result->'results'->'metrics') AS m,
    (SELECT substring(p FROM '^precision@([0-9]+)$') AS k
     FROM jsonb_object_keys(x.result->'results'->'metrics') AS p WHERE p ~ '^precision@[0-9]+$' LIMIT 1) AS cut))
WHERE x.run_id IN (SELECT id FROM experiment_runs WHERE config IS NOT NULL OR demo)
  AND jsonb_typeof(x.result->'results'->'metrics') = 'object'
  AND x.result->'results'->'metrics' ?| ARRAY['reciprocal_rank', 'average_precision']
  AND EXISTS (SELECT 1 FROM jsonb_object_keys(x.result->'results'->'metrics') AS p WHERE p ~ '^precision@[0-9]+$');

-- The runs' tallies (the means' sums) likewise.
UPDATE experiment_runs r
SET metric_sums = (
  SELECT jsonb_object_agg(CASE WHEN m.key IN ('reciprocal_rank', 'average_precision') THEN m.key || '@' || cut.k ELSE m.key END, m.value)
  FROM jsonb_each(r.metric_sums) AS m,
    (SELECT substring(p FROM '^precision@([0-9]+)$') AS k
     FROM jsonb_object_keys(r.metric_sums) AS p WHERE p ~ '^precision@[0-9]+$' LIMIT 1) AS cut)
WHERE (r.config IS NOT NULL OR r.demo)
  AND r.metric_sums ?| ARRAY['reciprocal_rank', 'average_precision']
  AND EXISTS (SELECT 1 FROM jsonb_object_keys(r.metric_sums) AS p WHERE p ~ '^precision@[0-9]+$');

-- What the built-in script says it writes.
UPDATE evaluation_scripts SET
  description = 'Searches each entry''s input with the experiment''s search target and scores the ranking against the golden set''s graded judgements: nDCG, precision, recall, F1, reciprocal rank and average precision at k (trec_eval semantics).',
  output_schema = '{"type":"object","description":"Metrics of one entry; k and the gain are the experiment''s.","patternProperties":{"^(ndcg@[0-9]+(_exp)?|precision@[0-9]+|recall@[0-9]+|f1@[0-9]+|reciprocal_rank@[0-9]+|average_precision@[0-9]+)$":{"type":"number","minimum":0,"maximum":1},"^(dcg@[0-9]+(_exp)?|idcg@[0-9]+(_exp)?|unjudged@[0-9]+)$":{"type":"number","minimum":0}},"additionalProperties":false}'::jsonb
WHERE engine = 'golden-set-relevance';

-- And what the demo's other scripts say they write.
UPDATE evaluation_scripts s
SET output_schema = jsonb_set(s.output_schema, '{properties}', (
  SELECT jsonb_object_agg(CASE WHEN m.key IN ('reciprocal_rank', 'average_precision') THEN m.key || '@' || cut.k ELSE m.key END, m.value)
  FROM jsonb_each(s.output_schema->'properties') AS m,
    (SELECT substring(p FROM '^precision@([0-9]+)$') AS k
     FROM jsonb_object_keys(s.output_schema->'properties') AS p WHERE p ~ '^precision@[0-9]+$' LIMIT 1) AS cut))
WHERE s.demo
  AND jsonb_typeof(s.output_schema->'properties') = 'object'
  AND s.output_schema->'properties' ?| ARRAY['reciprocal_rank', 'average_precision']
  AND EXISTS (SELECT 1 FROM jsonb_object_keys(s.output_schema->'properties') AS p WHERE p ~ '^precision@[0-9]+$');
