-- Whose ratings a run was scored with, and by which rule: { raters, aggregate, prefer_adjudication } (server/schemas/run-judges.ts).
-- raters is 'all', { "kinds": [...] } or { "rater_ids": [...] }. A run started here records every rater and
-- its set's rule at that moment, so it still says what it was scored with after the rule changes; a rescore
-- may choose others. Null for runs made before this was kept, or elsewhere.
ALTER TABLE experiment_runs ADD COLUMN judges jsonb;
