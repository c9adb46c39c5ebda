import { Type, type Static } from 'typebox';
import { MAX_DESCRIPTION_LENGTH, MAX_MARKET_LENGTH, MAX_NAME_LENGTH } from './limits';
import { IdSchema, Nullable, TimestampSchema } from './shared';

export const GoldenSetSchema = Type.Object({
  id: IdSchema,
  name: Type.String(),
  description: Type.String(),
  market: Type.String({ description: 'Country or market code or name; empty when not given' }),
  query_count: Type.Integer({ description: 'Distinct queries (after normalisation)' }),
  judgement_count: Type.Integer(),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});
export type GoldenSet = Static<typeof GoldenSetSchema>;

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
