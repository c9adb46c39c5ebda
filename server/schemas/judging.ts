/** A golden set's judgements read and changed one at a time, its queries, its history. */
import { Type, type Static } from 'typebox';
import { MAX_INPUT_LENGTH, MAX_JUDGED_PRODUCT_ID_LENGTH, MAX_SEARCH_LENGTH } from './limits';
import { pageProperties, PageOf, TotalCountHeader } from './paging';
import { ID_RANGE, IdSchema, JsonObject, Nullable, RecordOf, TimestampSchema } from './shared';

const RaterKindSchema = Type.Enum(['person', 'model', 'clicks', 'import'], { type: 'string' });

/** One rater's grade of a pair; the pair's grade is their aggregate by the set's rule. */
const RatingSchema = Type.Object({
  rater_id: IdSchema,
  rater: Type.String({ description: "The rater's name" }),
  kind: RaterKindSchema,
  grade: Type.Integer(),
  adjudication: Type.Boolean({
    description: "A person's rating given to settle a disagreement: it decides the pair's grade while the set prefers adjudications",
  }),
  judged_at: TimestampSchema,
});
export type Rating = Static<typeof RatingSchema>;

export const JudgementSchema = Type.Object({
  product_id: Type.String(),
  grade: Type.Integer({ description: "The aggregate of the ratings by the golden set's rule: what runs are scored against" }),
  judged_by: Nullable(Type.String({ description: 'Who last changed the grade' })),
  judged_at: TimestampSchema,
  name: Nullable(Type.String({ description: "The catalogue's name of the product, when it knows it" })),
  image_url: Nullable(Type.String()),
  // Optional in the type only (the server always answers it): the console reads it later.
  ratings: Type.Optional(Type.Array(RatingSchema, { description: 'Every rater’s grade of the pair, newest first' })),
});
export type Judgement = Static<typeof JudgementSchema>;

export const RaterSchema = Type.Object({
  id: IdSchema,
  kind: RaterKindSchema,
  name: Type.String(),
  judgements: Type.Integer({ description: 'How many of the golden set’s pairs the rater graded' }),
});
export type Rater = Static<typeof RaterSchema>;

export const JudgementInputSchema = Type.Object(
  {
    query: Type.String({ maxLength: MAX_INPUT_LENGTH, description: 'Matched by its key: trimmed, white space collapsed, lower-cased' }),
    product_id: Type.String({ maxLength: MAX_JUDGED_PRODUCT_ID_LENGTH }),
    grade: Type.Integer({ minimum: 0, description: "0 to the golden set's max_grade" }),
    adjudicate: Type.Optional(
      Type.Boolean({
        default: false,
        description: "Give the rating as an adjudication: while the set prefers adjudications, the pair's grade is this rating's",
      }),
    ),
  },
  { additionalProperties: false },
);
export type JudgementInput = Static<typeof JudgementInputSchema>;

export const QueryJudgementsQuerySchema = Type.Object(
  { query: Type.String({ minLength: 1, maxLength: MAX_INPUT_LENGTH }) },
  { additionalProperties: false },
);

export const JudgementKeyQuerySchema = Type.Object(
  {
    query: Type.String({ minLength: 1, maxLength: MAX_INPUT_LENGTH }),
    product_id: Type.String({ minLength: 1, maxLength: MAX_JUDGED_PRODUCT_ID_LENGTH }),
  },
  { additionalProperties: false },
);
export type JudgementKeyQuery = Static<typeof JudgementKeyQuerySchema>;

export const GoldenSetQueriesQuerySchema = Type.Object(
  {
    ...pageProperties,
    search: Type.Optional(Type.String({ maxLength: MAX_SEARCH_LENGTH, description: 'Only queries containing this text, ignoring case' })),
  },
  { additionalProperties: false },
);

const GoldenSetQuerySchema = Type.Object({
  query: Type.String(),
  judgements: Type.Integer(),
  by_grade: RecordOf(Type.Integer(), { description: 'Judgements of the query per grade: {"0": 1, "2": 3}' }),
});
export type GoldenSetQuery = Static<typeof GoldenSetQuerySchema>;
export const GoldenSetQueriesSchema = PageOf(GoldenSetQuerySchema);

const HistoryEntrySchema = Type.Object({
  id: IdSchema,
  version: Type.Integer({ description: "The golden set's version this change made" }),
  query: Type.String(),
  product_id: Type.String(),
  old_grade: Nullable(Type.Integer({ description: 'null: the judgement was added' })),
  new_grade: Nullable(Type.Integer({ description: 'null: the judgement was removed' })),
  changed_by: Nullable(Type.String()),
  changed_at: TimestampSchema,
});
export type HistoryEntry = Static<typeof HistoryEntrySchema>;
export const HistorySchema = PageOf(HistoryEntrySchema);

/**
 * One (query, product) waiting for a rating from the signed-in person: of a run's top k (GET
 * experiment-runs/{id}/unjudged/) or of a golden set (GET golden-sets/{id}/queue/). Blind: it never carries a grade.
 */
const UnjudgedItemSchema = Type.Object({
  query: Type.String(),
  product_id: Type.String(),
  rank: Nullable(Type.Integer({ description: 'Its rank in the run’s result, from 1; null in a golden set’s queue' })),
  result_id: Nullable(Type.Integer({ ...ID_RANGE, description: 'The run’s result it was ranked in; null in a golden set’s queue' })),
  name: Nullable(Type.String()),
  image_url: Nullable(Type.String()),
  description: Nullable(Type.String()),
  attributes: JsonObject({ description: "The catalogue's attributes of the product (colour, material, price...); {} when it knows none" }),
  new_query: Type.Boolean({ description: 'The golden set judges nothing for this query yet: a rating adds the query to the set' }),
});
export type UnjudgedItem = Static<typeof UnjudgedItemSchema>;

const QUEUE_SCOPES = ['judged', 'query', 'failures', 'regressions', 'all'] as const;
export type QueueScope = (typeof QUEUE_SCOPES)[number];

export const RunQueueQuerySchema = Type.Object(
  {
    ...pageProperties,
    scope: Type.Optional(
      Type.Enum([...QUEUE_SCOPES], {
        type: 'string',
        default: 'judged',
        description:
          'judged: the queries the golden set already judges (the default); query: one query (with `query`); failures: the queries the run failed; regressions: the queries whose score dropped against the run `comparison`; all: every query',
      }),
    ),
    query: Type.Optional(
      Type.String({ minLength: 1, maxLength: MAX_INPUT_LENGTH, description: 'With scope=query: the query, matched by its key' }),
    ),
    comparison: Type.Optional(IdSchema),
  },
  { additionalProperties: false },
);

const QueueHeaders = {
  ...TotalCountHeader,
  'X-Missing-Ratings': {
    type: 'integer',
    description: "Ratings still missing in scope: over its pairs, the set's ratings_per_pair less the ratings each has (none below 0)",
  },
  'X-Missing-Ratings-Capped': {
    type: 'string',
    enum: ['true'],
    description: 'Sent when more than 10,000 pairs miss ratings: counting stopped there, X-Missing-Ratings is what those miss',
  },
} as const;

/** A page of a queue as a JSON array, the pairs waiting in X-Total-Count and the ratings missing in X-Missing-Ratings. */
export const QueueSchema = Type.Array(UnjudgedItemSchema, { headers: QueueHeaders });
