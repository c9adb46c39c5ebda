/** Segments of a run: its queries grouped by a metadata key of the entries they came from. */
import { Type, type Static } from 'typebox';
import { Nullable, RecordOf } from './shared';

/** Queries with fewer counted queries than this are marked `few`: one query moves their mean by more than 1/10. */
export const FEW_QUERIES = 10;
/** Keys with more values than this do not group queries (an id, a free text): the means answer 400 for them. */
export const MAX_SEGMENT_VALUES = 200;

const KEY_DESCRIPTION = 'A metadata key of the entries (input_metadata), e.g. query_class';

export const SegmentKeySchema = Type.String({ minLength: 1, maxLength: 200, pattern: '^[^:]+$', description: KEY_DESCRIPTION });

/** `key:value`, split at the first colon: the value may hold colons, the key may not. */
export const SegmentFilterSchema = (description = 'Only results whose entry has this metadata value: key:value, e.g. query_class:Sofas') =>
  Type.String({ minLength: 2, maxLength: 1000, pattern: '^[^:]+:', description });

export const SegmentKeysSchema = Type.Object({
  keys: Type.Array(
    Type.Object({
      key: Type.String(),
      values: Type.Integer({ description: 'How many distinct values the key takes' }),
      results: Type.Integer({ description: "The run's results whose entry has the key" }),
      groupable: Type.Boolean({ description: `At most ${MAX_SEGMENT_VALUES} values: the means by segment answer for it` }),
    }),
  ),
});
export type SegmentKey = Static<typeof SegmentKeysSchema>['keys'][number];

export const SegmentMeansQuerySchema = Type.Object(
  {
    key: SegmentKeySchema,
    metric: Type.Optional(
      Type.String({
        pattern: '^[a-z0-9_]+(@[0-9]+(_exp)?)?$',
        maxLength: 100,
        description: 'The metric the segments are sorted by (worst first) and whose 95% interval is given; nDCG when left out',
      }),
    ),
  },
  { additionalProperties: false },
);
export type SegmentMeansQuery = Static<typeof SegmentMeansQuerySchema>;

const Interval = Type.Unsafe<[number, number] | null>(
  Nullable(
    Type.Array(Type.Number(), {
      minItems: 2,
      maxItems: 2,
      description: "95% interval of the metric's mean (Student's t); null under 2 queries",
    }),
  ),
);

const SegmentSummarySchema = Type.Object({
  value: Type.String(),
  results: Type.Integer(),
  passed: Type.Integer(),
  failed: Type.Integer(),
  unjudged: Type.Integer(),
  errors: Type.Integer(),
  counted: Type.Integer({ description: 'The queries the means are over (scored, each query once), as in the run summary' }),
  repeated: Type.Integer(),
  mean_metrics: RecordOf(Type.Number()),
  ci95: Interval,
  few: Type.Boolean({ description: `Fewer than ${FEW_QUERIES} counted queries: read the mean with its interval` }),
});
export type SegmentSummary = Static<typeof SegmentSummarySchema>;

export const SegmentMeansSchema = Type.Object({
  key: Type.String(),
  metric: Nullable(Type.String({ description: 'The metric segments are sorted by; null when the run has none' })),
  few_queries: Type.Integer({ description: 'Segments with fewer counted queries than this are `few`' }),
  segments: Type.Array(SegmentSummarySchema, { description: 'Worst mean first; segments without a counted query last' }),
  without_value: Type.Integer({ description: "The run's results whose entry lacks the key (or was deleted)" }),
});
export type SegmentMeans = Static<typeof SegmentMeansSchema>;

const SegmentDeltaSchema = Type.Object({
  value: Type.String(),
  paired: Type.Integer({ description: "Queries both runs scored whose baseline result's entry has the value" }),
  only_baseline: Type.Integer(),
  only_candidate: Type.Integer(),
  baseline_mean: Type.Number(),
  candidate_mean: Type.Number(),
  delta: Type.Number({ description: 'The mean paired difference of `metric` in the segment' }),
  ci95: Interval,
  p_value_t: Nullable(Type.Number({ description: 'The comparison’s paired t-test over the segment’s pairs' })),
  p_value_randomization: Nullable(Type.Number({ description: 'The comparison’s randomization test over the segment’s pairs' })),
  holm_p_value_t: Nullable(Type.Number({ description: 'p_value_t Holm-adjusted across the segments answered' })),
  holm_p_value_randomization: Nullable(Type.Number({ description: 'p_value_randomization Holm-adjusted across the segments answered' })),
  significant: Type.Boolean({ description: 'holm_p_value_randomization < 0.05' }),
  few: Type.Boolean({ description: `Fewer than ${FEW_QUERIES} paired queries` }),
});
export type SegmentDelta = Static<typeof SegmentDeltaSchema>;

export const SegmentDeltasSchema = Type.Object({
  baseline: Type.Integer(),
  candidate: Type.Integer(),
  metric: Type.String(),
  key: Type.String(),
  few_queries: Type.Integer(),
  segments: Type.Array(SegmentDeltaSchema, { description: 'Most negative delta first' }),
});
export type SegmentDeltas = Static<typeof SegmentDeltasSchema>;
