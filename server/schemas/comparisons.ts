/** Two finished runs compared query by query, with whether each metric's difference is more than noise. */
import { Type, type Static } from 'typebox';
import { MAX_SEARCH_LENGTH } from './limits';
import { QualityMetricNameSchema } from './metric-names';
import { pageProperties, TotalCountHeader } from './paging';
import { RunNumberSchema } from './runs';
import { IdSchema, Nullable, TimestampSchema } from './shared';
import { SegmentFilterSchema, SegmentKeySchema } from './segments';

const COMPARISON_FILTERS = [
  'paired',
  'regressions',
  'improvements',
  'unchanged',
  'only_baseline',
  'only_candidate',
  'ranked',
  'unjudged',
] as const;
export type ComparisonFilter = (typeof COMPARISON_FILTERS)[number];

const OVERLAP_MEASURE_NAMES = ['overlap', 'jaccard', 'rbo_min', 'rbo_ext'] as const;
export type OverlapMeasure = (typeof OVERLAP_MEASURE_NAMES)[number];
const COMPARISON_SORTS = ['delta', ...OVERLAP_MEASURE_NAMES] as const;
export type ComparisonSort = (typeof COMPARISON_SORTS)[number];

/** RBO's persistence when `rbo_p` is left out. */
export const DEFAULT_RBO_P = 0.9;

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
          'paired: every query both runs scored; regressions, improvements, unchanged: by the delta of `metric`; only_baseline, only_candidate: queries one run scored and the other did not; ranked: every query both runs ranked, judged or not (what the overlap measures are over); unjudged: those of them that not both runs scored (no delta)',
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
        description:
          'By `sort`: asc puts regressions (or the rankings that changed most) first, desc improvements (or the most alike); equal values (and the only_* lists) by query',
      }),
    ),
  ),
  sort: Type.Optional(
    Type.Unsafe<ComparisonSort>(
      Type.String({
        enum: [...COMPARISON_SORTS],
        default: 'delta',
        description:
          "What the rows are ordered by: the delta of `metric`, or an overlap measure of the two rankings (sort=rbo_ext&order=asc: the rankings that changed most first). Rows without the value (an unjudged pair's delta) come last",
      }),
    ),
  ),
  rbo_p: Type.Optional(
    Type.Number({
      exclusiveMinimum: 0,
      exclusiveMaximum: 1,
      default: DEFAULT_RBO_P,
      description: "Rank-biased overlap's persistence: how likely a reader goes on from one place to the next (0 < p < 1)",
    }),
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

const RankingOverlapSchema = Type.Object(
  {
    overlap: Type.Number({ description: 'overlap@k: the ids both top k share, over k' }),
    jaccard: Type.Number({ description: 'Jaccard@k: the ids both top k share, over the ids either has' }),
    rbo_min: Type.Number({ description: "Rank-biased overlap's lower bound at p, on the top k" }),
    rbo_ext: Type.Number({ description: 'Rank-biased overlap extrapolated, at p, on the top k' }),
  },
  { description: "How alike the two runs' rankings of the query are (docs/ranking-overlap.md); null on the only_* rows" },
);

export const ComparisonRowSchema = Type.Object({
  query: Type.String(),
  baseline_result_id: Nullable(IdSchema),
  candidate_result_id: Nullable(IdSchema),
  baseline: Nullable(Type.Number({ description: "The baseline's `metric`; null when it did not score the query" })),
  candidate: Nullable(Type.Number()),
  delta: Nullable(Type.Number({ description: 'null unless both runs scored the query' })),
  overlap: Nullable(RankingOverlapSchema),
});
export type ComparisonRow = Static<typeof ComparisonRowSchema>;

const OverlapSummarySchema = Type.Object(
  {
    k: Type.Integer({ description: "The depth both rankings are cut at: the smaller of the two runs' k" }),
    p: Type.Number({ description: "RBO's persistence (rbo_p)" }),
    pairs: Type.Integer({ description: 'Queries both runs ranked, judged or not: the means are over these' }),
    unjudged: Type.Integer({ description: 'Of those, the queries not both runs scored (no delta; the unjudged filter lists them)' }),
    means: Type.Object(
      {
        overlap: Nullable(Type.Number()),
        jaccard: Nullable(Type.Number()),
        rbo_min: Nullable(Type.Number()),
        rbo_ext: Nullable(Type.Number()),
      },
      { description: "Each measure's mean over the pairs; null without pairs" },
    ),
    rbo_ext_bins: Type.Array(DeltaBinSchema, { description: 'The pairs by RBO_ext in 10 bins of 0.1 over [0, 1] (the last holds 1)' }),
  },
  { description: "How alike the two runs' rankings are, over every query both ranked (judged or not)" },
);
export type OverlapSummary = Static<typeof OverlapSummarySchema>;

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
    overlap: OverlapSummarySchema,
    results: Type.Array(ComparisonRowSchema),
  },
  { headers: TotalCountHeader },
);
export type RunComparison = Static<typeof RunComparisonSchema>;

export const ComparableRunsSchema = Type.Object({ runs: Type.Array(ComparableRunSchema) }, { headers: TotalCountHeader });
