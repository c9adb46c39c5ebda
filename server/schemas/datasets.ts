import { Type, type Static } from 'typebox';
import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH, MAX_SEARCH_LENGTH } from './limits';
import { pageProperties } from './paging';
import { DemoFlagSchema, IdSchema, TimestampSchema } from './shared';

export const DatasetSchema = Type.Object({
  id: IdSchema,
  name: Type.String(),
  description: Type.String(),
  demo: DemoFlagSchema,
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});
export type Dataset = Static<typeof DatasetSchema>;

/** A row of the datasets list: the dataset and how many entries it holds. */
export const DatasetRowSchema = Type.Object({ ...DatasetSchema.properties, entry_count: Type.Integer({ minimum: 0 }) });
export type DatasetRow = Static<typeof DatasetRowSchema>;

export const DatasetListQuerySchema = Type.Object(
  {
    ...pageProperties,
    search: Type.Optional(
      Type.String({ maxLength: MAX_SEARCH_LENGTH, description: 'Only datasets whose name contains this text, ignoring case' }),
    ),
  },
  { additionalProperties: false },
);

/** A dataset as an entry names it. */
export const DatasetRefSchema = Type.Object({ id: IdSchema, name: Type.String() });
export type DatasetRef = Static<typeof DatasetRefSchema>;

export const NewDatasetSchema = Type.Object(
  {
    name: Type.String({ maxLength: MAX_NAME_LENGTH, description: 'Trimmed; unique; no "|"' }),
    description: Type.Optional(Type.String({ maxLength: MAX_DESCRIPTION_LENGTH, description: 'Trimmed; may be left out or empty' })),
  },
  { additionalProperties: false },
);
