/** Two finished runs compared query by query, with whether each metric's difference is more than noise. */
import { Type, type Static } from 'typebox';
import { MAX_SEARCH_LENGTH } from './limits';
import { QualityMetricNameSchema } from './metric-names';
import { pageProperties, TotalCountHeader } from './paging';
import { RunNumberSchema } from './runs';
import { IdSchema, Nullable, TimestampSchema } from './shared';
import { SegmentFilterSchema, SegmentKeySchema } from './segments';

const COMPARISON_FILTERS = ['paired', 'regressions', 'improvements', 'unchanged', 'only_baseline', 'only_candidate'] as const;
export type ComparisonFilter = (typeof COMPARISON_FILTERS)[number];

/** A run (`run:ID`, or its id alone) or an evaluation (`evaluation:ID`). */
export const RANKING_REF = '^((run|evaluation):)?[1-9][0-9]{0,14}$';
const RankingRefSchema = (side: string) =>
  Type.String({
    pattern: RANKING_REF,
    description: `The ${side}: a run (run:ID, or the id alone) or an evaluation (evaluation:ID); the two share a dataset or a golden set`,
  });

const rowsQueryProperties = {
  baseline: RankingRefSchema('baseline'),
  candidate: RankingRefSchema('candidate'),
  metric: Type.Optional(
    QualityMetricNameSchema('The metric of the per-query rows and the histogram, one both runs have; the first of `metrics` when left out'),
  ),
  filter: Type.Optional(
    Type.Unsafe<ComparisonFilter>(
      Type.String({
        enum: [...COMPARISON_FILTERS],
        default: 'paired',
        description:
          'paired: every query both runs scored; regressions, improvements, unchanged: by the delta of `metric`; only_baseline, only_candidate: queries one run scored and the other did not',
      }),
    ),
  ),
  search: Type.Optional(Type.String({ maxLength: MAX_SEARCH_LENGTH, description: 'Only queries containing this text, ignoring case' })),
  segment: Type.Optional(
    SegmentFilterSchema(
      "Compare only the queries of one segment, key:value (a pair's is its baseline result's entry's): the statistics, histogram and rows are over them",
    ),
  ),
  order: Type.Optional(
    Type.Unsafe<'asc' | 'desc'>(
      Type.String({
        enum: ['asc', 'desc'],
        default: 'asc',
        description: 'By delta: asc puts regressions first, desc improvements; equal deltas (and the only_* lists) by query',
      }),
    ),
  ),
};

export const ComparisonQuerySchema = Type.Object({ ...rowsQueryProperties, ...pageProperties }, { additionalProperties: false });

export const ComparisonSegmentsQuerySchema = Type.Object(
  {
    baseline: rowsQueryProperties.baseline,
    candidate: rowsQueryProperties.candidate,
    metric: rowsQueryProperties.metric,
    key: SegmentKeySchema,
  },
  { additionalProperties: false },
);
export type ComparisonSegmentsQuery = Static<typeof ComparisonSegmentsQuerySchema>;

export const ComparisonCsvQuerySchema = Type.Object(rowsQueryProperties, { additionalProperties: false });
export type ComparisonCsvQuery = Static<typeof ComparisonCsvQuerySchema>;

/** A finished run another can be compared with (comparable-runs). */
const ComparableRunSchema = Type.Object({
  id: IdSchema,
  /** The run's experiment; null for an evaluation's run. */
  experiment_id: Nullable(IdSchema),
  number: RunNumberSchema,
  experiment_name: Nullable(Type.String()),
  status: Type.String(),
  tags: Type.Array(Type.String()),
  created_at: TimestampSchema,
  evaluation_script_name: Type.String(),
  evaluation: Nullable(
    Type.Object(
      { id: IdSchema, name: Type.String() },
      { description: 'The evaluation this run holds the scores of (rankings made elsewhere)' },
    ),
  ),
});
export type ComparableRun = Static<typeof ComparableRunSchema>;

export const ComparedRunSchema = Type.Object({
  ...ComparableRunSchema.properties,
  /** The experiment's dataset. */
  dataset_id: Nullable(IdSchema),
  /** The golden set the run was scored with. */
  golden_set_id: Nullable(IdSchema),
  config: Type.Unsafe<Record<string, unknown> | null>({
    type: ['object', 'null'],
    additionalProperties: true,
    description: "The experiment's configuration when the run started (the comparison shows what differs)",
  }),
});
export type ComparedRun = Static<typeof ComparedRunSchema>;

const MetricComparisonSchema = Type.Object({
  name: Type.String(),
  baseline_mean: Type.Number({ description: "The baseline's mean over the paired queries" }),
  candidate_mean: Type.Number(),
  delta: Type.Number({ description: 'candidate_mean − baseline_mean: the mean paired difference' }),
  relative_delta: Nullable(Type.Number({ description: 'delta / baseline_mean; null when baseline_mean is 0' })),
  // A pair [low, high] to its readers: JSON Schema's array, TypeScript's tuple.
  ci95: Type.Unsafe<[number, number] | null>(
    Nullable(
      Type.Array(Type.Number(), {
        minItems: 2,
        maxItems: 2,
        description: "95% confidence interval of the mean paired difference (Student's t); null under 2 pairs or without spread",
      }),
    ),
  ),
  p_value_t: Nullable(Type.Number({ description: 'Two-sided paired t-test' })),
  p_value_randomization: Nullable(
    Type.Number({
      description:
        'Two-sided paired randomization test (sign flips): exact up to 16 differing queries, else 10,000 flips from a fixed seed',
    }),
  ),
  wins: Type.Integer({ description: 'Paired queries where the candidate scores higher' }),
  ties: Type.Integer(),
  losses: Type.Integer(),
});
export type MetricComparison = Static<typeof MetricComparisonSchema>;

const DeltaBinSchema = Type.Object({ from: Type.Number(), to: Type.Number(), count: Type.Integer() });

export const ComparisonRowSchema = Type.Object({
  query: Type.String(),
  baseline_result_id: Nullable(IdSchema),
  candidate_result_id: Nullable(IdSchema),
  baseline: Nullable(Type.Number()),
  candidate: Nullable(Type.Number()),
  delta: Nullable(Type.Number()),
});
export type ComparisonRow = Static<typeof ComparisonRowSchema>;

export const RunComparisonSchema = Type.Object(
  {
    baseline: ComparedRunSchema,
    candidate: ComparedRunSchema,
    paired: Type.Integer({ description: 'Queries both runs scored: the statistics are over these' }),
    only_baseline: Type.Integer(),
    only_candidate: Type.Integer(),
    metric: Type.String({ description: 'The metric of `results` and `histogram`' }),
    metrics: Type.Array(MetricComparisonSchema),
    histogram: Type.Object({
      bins: Type.Array(DeltaBinSchema, { description: 'The paired deltas of `metric` other than 0, in 40 bins of 0.05 over [-1, 1]' }),
      unchanged: Type.Integer({ description: 'Paired queries whose delta is 0' }),
    }),
    results: Type.Array(ComparisonRowSchema),
  },
  { headers: TotalCountHeader },
);
export type RunComparison = Static<typeof RunComparisonSchema>;

export const ComparableRunsSchema = Type.Object({ runs: Type.Array(ComparableRunSchema) }, { headers: TotalCountHeader });
