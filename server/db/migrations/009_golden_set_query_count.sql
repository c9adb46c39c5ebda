-- A golden set's distinct queries, stored: counting them per listed set read every judgement,
-- 0.3 s and more per request for a set of a million. Judgements are written only when their golden set is
-- created (an upload, the demo data), and those writes store the count (golden-set-records.ts,
-- storeQueryCount); whatever changes judgements later must store it again.
ALTER TABLE golden_sets ADD COLUMN query_count integer NOT NULL DEFAULT 0;
UPDATE golden_sets g SET query_count = (SELECT count(DISTINCT query_key) FROM golden_set_judgements j WHERE j.golden_set_id = g.id);
