-- Which rows the demo data made (server/demo/seed-demo-data.ts), so that they can be shown as demo rows and
-- removed without touching anything a person made. A constant default adds the column without rewriting the
-- table, and lists pay nothing but reading the flag. A demo row a person changes becomes theirs: editing an
-- entry, an experiment or a golden set, judging in a golden set, or importing a product with the same
-- product_id clears its mark.
ALTER TABLE datasets ADD COLUMN demo boolean NOT NULL DEFAULT false;
ALTER TABLE dataset_entries ADD COLUMN demo boolean NOT NULL DEFAULT false;
ALTER TABLE evaluation_scripts ADD COLUMN demo boolean NOT NULL DEFAULT false;
ALTER TABLE experiments ADD COLUMN demo boolean NOT NULL DEFAULT false;
ALTER TABLE experiment_runs ADD COLUMN demo boolean NOT NULL DEFAULT false;
ALTER TABLE golden_sets ADD COLUMN demo boolean NOT NULL DEFAULT false;
ALTER TABLE products ADD COLUMN demo boolean NOT NULL DEFAULT false;
-- The demo's rows of the two large tables, found without reading the others (a partial index holds only
-- them, so writing a person's rows never touches it).
CREATE INDEX dataset_entries_demo_idx ON dataset_entries (id) WHERE demo;
CREATE INDEX products_demo_idx ON products (product_id) WHERE demo;

-- Databases seeded before this version: their demo rows are recognised exactly as the seeder wrote them,
-- and only while no person has changed them since (updated_at still equal to created_at, a golden set
-- still at version 0).
-- Datasets: the seeder's names, each with the description it gives that name.
UPDATE datasets SET demo = true
WHERE (name = 'WANDS queries (all)' AND description = 'All 480 WANDS product-search queries (MIT licence)')
   OR (name IN ('Accent Chairs', 'Area Rugs', 'Beds', 'Wall Art', 'Coffee & Cocktail Tables')
       AND description = 'WANDS queries of the class ' || name)
   OR (name ~ '^WANDS sample \([0-9]+ queries\)$'
       AND description ~ '^The first [0-9]+ WANDS queries \(MIT licence\), judged in the generated US golden set$');

-- Entries: metadata of exactly source 'WANDS', query_id and query_class, written in the seeding transaction
-- (the same created_at as the demo's datasets): someone who uploaded WANDS queries themselves keeps theirs.
UPDATE dataset_entries SET demo = true
WHERE input_metadata->>'source' = 'WANDS'
  AND input_metadata ? 'query_id' AND input_metadata ? 'query_class'
  AND input_metadata - 'source' - 'query_id' - 'query_class' = '{}'::jsonb
  AND updated_at = created_at
  AND created_at IN (SELECT created_at FROM datasets WHERE demo);

-- Scripts: the two the demo added (the built-in 'Golden set relevance' only got a price from it).
UPDATE evaluation_scripts SET demo = true
WHERE engine IS NULL
  AND ((name = 'LLM relevance judge' AND script_class = 'LlmRelevanceJudge' AND script_module = 'evaluation.scripts.llm_judge')
    OR (name = 'Click model replay' AND script_class = 'ClickModelReplay' AND script_module = 'evaluation.scripts.click_model'));

-- Experiments: the seeder's names with its descriptions, never edited.
UPDATE experiments SET demo = true
WHERE updated_at = created_at
  AND (name, description) IN (
    ('BM25 baseline', 'Keyword search with default BM25 weights over name and description.'),
    ('Semantic rerank for chairs', 'Cross-encoder reranking of the top 50 keyword results.'),
    ('Rug synonyms', 'Adds a synonym list for sizes, materials and shapes of rugs.'),
    ('Bed facet boosts', 'Boosts products whose size facet matches the query.'),
    ('Wall art embeddings', 'Dense retrieval with image and title embeddings.'),
    ('Built-in search · WANDS US golden set',
     'Full-text search over the generated demo catalogue, scored against the generated US golden set. Press Run experiment to run it again.'));

-- Runs: the ones the seeder wrote, by their own shape (no config: the worker's runs always have one; the
-- seeder's script names and tags), whatever became of their experiment since, and the run the audit trail
-- says 'demo-data' started. Runs people started in demo experiments are theirs; they are removed with their
-- experiment.
UPDATE experiment_runs SET demo = true
WHERE (config IS NULL AND (evaluation_script_name, tags) IN (
        ('Golden set relevance', ARRAY['baseline', 'nightly']),
        ('Golden set relevance', ARRAY['nightly']),
        ('Golden set relevance', ARRAY['hotfix']),
        ('LLM relevance judge', ARRAY['rerank', 'candidate']),
        ('LLM relevance judge', ARRAY['rerank']),
        ('Golden set relevance', ARRAY['synonyms']),
        ('Click model replay', ARRAY['facets']),
        ('Golden set relevance', ARRAY['dense', 'candidate'])))
   OR id::text IN (SELECT target_id FROM audit_events WHERE action = 'run.start' AND target_type = 'run' AND actor_sub = 'demo-data');

-- Golden sets: the seeder's names with its generated-judgements description, no judgement changed, never edited.
UPDATE golden_sets SET demo = true
WHERE version = 0 AND updated_at = created_at
  AND name IN ('Golden set — Germany', 'Golden set — France', 'Golden set — Spain', 'Golden set — United States (generated)')
  AND description LIKE 'Generated demo judgements (not real relevance labels)%';

-- Products: the generated catalogue's attributes (generated: true, the WANDS query), description and
-- picture, never replaced by an import (which sets updated_at).
UPDATE products SET demo = true
WHERE attributes->'generated' = 'true'::jsonb AND attributes ? 'wands_query_id'
  AND description LIKE 'Generated demo product, not a real one:%'
  AND image_url = '/demo-images/' || product_id || '.svg'
  AND updated_at = created_at;
