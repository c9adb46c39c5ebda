import { Type, type Static } from 'typebox';
import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from './limits';
import { IdSchema, TimestampSchema } from './shared';

export const DatasetSchema = Type.Object({
  id: IdSchema,
  name: Type.String(),
  description: Type.String(),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});
export type Dataset = Static<typeof DatasetSchema>;

/** A dataset as an entry names it. */
export const DatasetRefSchema = Type.Object({ id: IdSchema, name: Type.String() });
export type DatasetRef = Static<typeof DatasetRefSchema>;

export const NewDatasetSchema = Type.Object(
  {
    name: Type.String({ maxLength: MAX_NAME_LENGTH, description: 'Trimmed; unique; no "|"' }),
    description: Type.String({ maxLength: MAX_DESCRIPTION_LENGTH }),
  },
  { additionalProperties: false },
);
export type NewDataset = Static<typeof NewDatasetSchema>;
