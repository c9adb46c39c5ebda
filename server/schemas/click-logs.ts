import { Type, type Static } from 'typebox';
import { Nullable, RecordOf } from './shared';

/** Pairs shown fewer times than this get no grade, unless the form says otherwise. */
export const DEFAULT_MIN_IMPRESSIONS = 20;
/** The prior's strength in expected clicks, unless the form says otherwise. */
export const DEFAULT_PRIOR_CLICKS = 5;
/**
 * The pairs an answer lists at most: a log of millions of events can hold a million pairs, some 150 MB of
 * JSON that no screen shows; the counts (pair_count, grade_counts, ungraded) always cover every pair.
 */
export const MAX_PAIRS_ANSWERED = 1000;

/** The click-log form, for OpenAPI: its parts are read as a stream, not validated as a body. */
export const ClickLogFormSchema = Type.Object({
  format: Type.Enum(['ubi', 'csv'], { type: 'string', description: 'UBI JSON Lines (queries and events) or counted CSV' }),
  min_impressions: Type.Optional(
    Type.String({
      description: `Pairs shown fewer times get no grade (grade null); a whole number ≥ 1, default ${DEFAULT_MIN_IMPRESSIONS}`,
    }),
  ),
  prior_clicks: Type.Optional(
    Type.String({
      description: `The prior's strength in expected clicks: coec = (clicks + m) / (expected + m); a number ≥ 0, default ${DEFAULT_PRIOR_CLICKS}`,
    }),
  ),
  thresholds: Type.String({
    description: "Comma-separated rising COEC boundaries between grades 0|1|2|…: exactly the set's max_grade of them, e.g. 0.5,1,2",
  }),
  preview: Type.String({
    description:
      '`true`: answer the grades, store nothing; `false`: also store them as the set\'s rater "clicks", replacing what it said before',
  }),
  file: Type.String({ format: 'binary', description: 'The click log' }),
});

const PairSchema = Type.Object({
  query: Type.String({ description: 'As first seen in the log; queries are matched case and spaces aside' }),
  product_id: Type.String(),
  impressions: Type.Integer(),
  clicks: Type.Integer(),
  expected_clicks: Type.Number({ description: "Σ over the pair's impressions of the log's CTR at the position shown" }),
  coec_raw: Nullable(Type.Number({ description: 'clicks / expected_clicks; null when expected_clicks is 0' })),
  coec: Nullable(Type.Number({ description: '(clicks + prior_clicks) / (expected_clicks + prior_clicks)' })),
  grade: Nullable(Type.Integer({ description: 'null when shown fewer than min_impressions times' })),
});

const StoredSchema = Type.Object(
  {
    rater_id: Type.Integer({ description: 'The set\'s rater "clicks"' }),
    rated: Type.Integer({ description: 'Pairs it now rates: the graded ones; its ratings of other pairs were removed' }),
    changed: Type.Integer({ description: "Pairs whose grade in the set changed (the set's rule combines every rater's grade)" }),
  },
  { description: 'What storing did; null for a preview' },
);

export const ClickLogAnswerSchema = Type.Object({
  format: Type.Enum(['ubi', 'csv'], { type: 'string' }),
  min_impressions: Type.Integer(),
  prior_clicks: Type.Number(),
  thresholds: Type.Array(Type.Number()),
  records: Type.Integer({ description: 'Lines (UBI) or data rows (CSV) read' }),
  counted_events: Type.Integer({ description: 'UBI: impression and click events counted' }),
  skipped_events: Type.Integer({ description: 'UBI: events of other actions, not counted' }),
  positions: Type.Array(
    Type.Object({ position: Type.Integer(), impressions: Type.Integer(), clicks: Type.Integer(), ctr: Type.Number() }),
    { description: "The log's click-through rate per position" },
  ),
  grade_counts: RecordOf(Type.Integer(), { description: 'Pairs per grade, every grade of the scale: {"0": 12, "1": 0, …}' }),
  ungraded: Type.Integer({ description: 'Pairs shown fewer than min_impressions times' }),
  pair_count: Type.Integer({ description: 'Pairs in the log, graded or not' }),
  pairs: Type.Array(PairSchema, {
    description: `Queries in order, each query's pairs highest COEC first: the first ${MAX_PAIRS_ANSWERED} (see pair_count)`,
  }),
  stored: Nullable(StoredSchema),
});

export type ClickLogAnswer = Static<typeof ClickLogAnswerSchema>;

export const ClickLogProblemSchema = Type.Object({
  row: Type.Integer({ description: 'Line (UBI) or CSV row (the header is 1)' }),
  column: Nullable(Type.String({ description: 'Field or column at fault, or null for the whole line' })),
  problem: Type.String(),
});
