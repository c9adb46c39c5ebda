/** A CI gate's verdict between two runs: each check of a rule decided on the paired randomization test, Holm-corrected. */
import { Type, type Static } from 'typebox';
import { MAX_GATE_CHECKS, MAX_RUN_TAG_LENGTH } from './limits';
import { ComparedRunSchema, ComparisonRowSchema } from './comparisons';

// A verdict's rows are a comparison's without the overlap measures, which a verdict does not compute.
const { overlap: _overlap, ...verdictRowProperties } = ComparisonRowSchema.properties;

const RunRefSchema = (which: string) =>
  Type.String({
    minLength: 1,
    maxLength: MAX_RUN_TAG_LENGTH + 20,
    description: `The ${which} run: its id, or latest:TAG, the newest successful run of the other run's experiment with that tag (only one of baseline and candidate may be latest:)`,
  });

export const RunVerdictQuerySchema = Type.Object(
  {
    baseline: RunRefSchema('baseline'),
    candidate: RunRefSchema('candidate'),
    rule: Type.Array(Type.String({ maxLength: 2000 }), {
      minItems: 1,
      maxItems: MAX_GATE_CHECKS,
      description:
        'Checks metric:max_drop[:alpha], comma-separated or the parameter repeated, e.g. ndcg@10:0.01:0.05. A check fails when the candidate’s mean is lower by more than max_drop and its Holm-adjusted p (over all the checks) is below its alpha (0.05 when left out)',
    }),
  },
  { additionalProperties: false },
);

const CheckVerdictSchema = Type.Object({
  metric: Type.String(),
  max_drop: Type.Number(),
  alpha: Type.Number(),
  baseline_mean: Type.Number({ description: "The baseline's mean over the paired queries, as the compare page shows it" }),
  candidate_mean: Type.Number(),
  delta: Type.Number({ description: 'candidate_mean − baseline_mean' }),
  p_value: Type.Number({ description: "The compare page's two-sided paired randomization test (the same seed and 10,000 sign flips)" }),
  adjusted_p_value: Type.Number({ description: "Holm's step-down adjustment over the rule's checks; compared with this check's alpha" }),
  failed: Type.Boolean({ description: 'Fell by more than max_drop and adjusted_p_value < alpha' }),
  reason: Type.String({ description: 'One sentence saying why the check failed or passed' }),
});

export const RunVerdictSchema = Type.Object({
  pass: Type.Boolean({ description: 'No check failed' }),
  baseline: ComparedRunSchema,
  candidate: ComparedRunSchema,
  paired: Type.Integer({ description: 'Queries both runs scored: the checks are over these' }),
  multiple_comparisons: Type.Literal('holm'),
  checks: Type.Array(CheckVerdictSchema),
  worst_regressions: Type.Array(
    Type.Object({
      metric: Type.String({ description: "The first check's metric, which these are the largest drops of" }),
      ...verdictRowProperties,
      console_path: Type.String({ description: "The console's page showing this query's two results side by side" }),
    }),
    { description: "Up to ten queries with the largest drop of the first check's metric, largest first" },
  ),
  console_path: Type.String({ description: "The console's comparison of the two runs, on the first check's metric's regressions" }),
});
export type RunVerdict = Static<typeof RunVerdictSchema>;
