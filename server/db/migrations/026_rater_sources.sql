-- Raters that are not people: a model judge rates under one rater of its own (kept, with its ratings, when
-- the judge's configuration is deleted), and a golden set's click log under the set's one clicks rater.
ALTER TABLE raters ADD COLUMN model_judge_id bigint REFERENCES model_judges (id) ON DELETE SET NULL;
CREATE UNIQUE INDEX raters_model_judge_key ON raters (model_judge_id);
CREATE UNIQUE INDEX raters_clicks_key ON raters (golden_set_id) WHERE kind = 'clicks';

-- An adjudication: a person's rating given to settle a disagreement. While the set prefers adjudications,
-- a pair that has one takes the newest adjudication's grade instead of its ratings' aggregate.
ALTER TABLE golden_set_ratings ADD COLUMN adjudication boolean NOT NULL DEFAULT false;
ALTER TABLE golden_sets ADD COLUMN prefer_adjudication boolean NOT NULL DEFAULT true;
