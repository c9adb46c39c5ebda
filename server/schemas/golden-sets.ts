import { Type, type Static } from 'typebox';
import { MAX_DESCRIPTION_LENGTH, MAX_MARKET_LENGTH, MAX_NAME_LENGTH, MAX_SCALE_GRADE } from './limits';
import { DemoFlagSchema, IdSchema, Nullable, RecordOf, TimestampSchema } from './shared';

/** How a pair's ratings make its grade (server/golden-sets/aggregate-grade.ts). */
const AggregateSchema = Type.Enum(['single', 'mean', 'median', 'majority', 'pessimistic'], {
  type: 'string',
  description:
    "How a pair's ratings make its grade: single (the only rating; several give their mean), mean (rounded half up), median (the lower middle of an even count), majority (a tie to the lower grade), pessimistic (of 3 or more, the three highest: their grade when they agree, else their lowest; fewer: the mean)",
});
export type Aggregate = Static<typeof AggregateSchema>;
const RatingsPerPairSchema = Type.Integer({ minimum: 1, maximum: 10, description: 'How many ratings a pair should get' });
const PreferAdjudicationSchema = Type.Boolean({
  description: "Whether a pair's adjudication (the newest, when several) decides its grade instead of the rule",
});

export const GoldenSetSchema = Type.Object({
  id: IdSchema,
  name: Type.String(),
  description: Type.String(),
  market: Type.String({ description: 'Country or market code or name; empty when not given' }),
  query_count: Type.Integer({ description: 'Distinct queries (after normalisation)' }),
  judgement_count: Type.Integer(),
  demo: DemoFlagSchema,
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
  scale: Type.Object(
    {
      max_grade: Type.Integer({ minimum: 1 }),
      labels: Type.Array(Type.String(), { description: 'labels[g] names grade g, 0 to max_grade' }),
    },
    { description: 'The grades judgements may have: 0 to max_grade' },
  ),
  grade_counts: RecordOf(Type.Integer(), { description: 'Judgements per grade: {"0": 12, "3": 4}' }),
  version: Type.Integer({ description: 'Changes of judgements since the upload; a run records the version it was scored against' }),
  changed_at: Nullable(TimestampSchema),
  // Optional in the type only (the server always answers them): the console reads them later.
  aggregate: Type.Optional(AggregateSchema),
  ratings_per_pair: Type.Optional(RatingsPerPairSchema),
  prefer_adjudication: Type.Optional(PreferAdjudicationSchema),
});
export type GoldenSet = Static<typeof GoldenSetSchema>;

const WarningListSchema = (what: string) =>
  Type.Object(
    {
      count: Type.Integer({ minimum: 0 }),
      sample: Type.Array(Type.String(), { description: 'The first 20, in order' }),
    },
    { description: what },
  );

/** The upload's answer: the new golden set, and what it judges that the entries and the catalogue lack. */
export const UploadedGoldenSetSchema = Type.Object({
  ...GoldenSetSchema.properties,
  warnings: Type.Object({
    queries_without_entry: WarningListSchema(
      'Judged queries no dataset entry asks (matched on the normalised query key): a run never scores them. Full list: GET golden-sets/{id}/queries-without-entry.csv',
    ),
    products_not_in_catalogue: WarningListSchema(
      'Judged product ids the catalogue does not hold. Full list: GET golden-sets/{id}/products-not-in-catalogue.csv',
    ),
  }),
});
export type UploadedGoldenSet = Static<typeof UploadedGoldenSetSchema>;

/** A scale as set at upload or later: labels default to "Grade n" where missing. */
const ScaleSchema = Type.Object(
  {
    max_grade: Type.Integer({ minimum: 1, maximum: MAX_SCALE_GRADE, description: 'The highest grade: one key per grade, 0 to 9' }),
    labels: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 40 }), { maxItems: MAX_SCALE_GRADE + 1 })),
  },
  { additionalProperties: false },
);

const textFields = {
  name: Type.String({ maxLength: MAX_NAME_LENGTH, description: 'Trimmed; unique; not blank' }),
  description: Type.String({ maxLength: MAX_DESCRIPTION_LENGTH }),
  market: Type.String({ maxLength: MAX_MARKET_LENGTH, description: 'Country or market code or name, e.g. DE' }),
};

export const GoldenSetChangesSchema = Type.Object(
  {
    name: Type.Optional(textFields.name),
    description: Type.Optional(textFields.description),
    market: Type.Optional(textFields.market),
    scale: Type.Optional(ScaleSchema),
    aggregate: Type.Optional(AggregateSchema),
    ratings_per_pair: Type.Optional(RatingsPerPairSchema),
    prefer_adjudication: Type.Optional(PreferAdjudicationSchema),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type GoldenSetChanges = Static<typeof GoldenSetChangesSchema>;

/** The upload form, for OpenAPI: its parts are read as a stream, not validated as a body. */
export const GoldenSetFormSchema = Type.Object({
  name: textFields.name,
  description: Type.Optional(textFields.description),
  market: Type.Optional(textFields.market),
  format: Type.Optional(Type.Enum(['csv', 'trec'], { type: 'string', default: 'csv' })),
  max_grade: Type.Optional(
    Type.String({
      description: "The scale's highest grade, 1 to 9 (a grade above it is refused); else 0 to the file's highest, at least 3",
    }),
  ),
  grade_labels: Type.Optional(Type.String({ description: 'A label per grade from 0, comma-separated (default Poor,Fair,Good,Perfect)' })),
  file: Type.String({ format: 'binary', description: 'CSV, or TREC qrels' }),
  queries: Type.Optional(Type.String({ format: 'binary', description: 'TREC only: qid<TAB>query lines' })),
});

export const JudgementProblemSchema = Type.Object({
  file: Type.Enum(['file', 'queries'], { type: 'string', description: 'The form field of the file at fault' }),
  row: Type.Integer({ description: 'CSV row (the header is 1) or TREC file line' }),
  column: Nullable(Type.String({ description: 'Column at fault, or null for the whole row' })),
  problem: Type.String(),
});
export type JudgementProblem = Static<typeof JudgementProblemSchema>;
