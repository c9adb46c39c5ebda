import { Type, type Static } from 'typebox';
import { DatasetRefSchema } from './datasets';
import { MAX_DESCRIPTION_LENGTH, MAX_INPUT_LENGTH, MAX_SEARCH_LENGTH } from './limits';
import { pageProperties } from './paging';
import { DemoFlagSchema, ID_RANGE, IdSchema, Nullable, TimestampSchema } from './shared';

const MetadataSchema = Type.Unsafe<Record<string, unknown> | null>({
  type: ['object', 'null'],
  description: 'Any JSON object, or null for none',
  additionalProperties: true,
});

export const EntrySchema = Type.Object({
  id: IdSchema,
  input: Type.String(),
  input_metadata: MetadataSchema,
  description: Type.String(),
  datasets: Type.Array(DatasetRefSchema),
  demo: DemoFlagSchema,
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});
export type DatasetEntry = Static<typeof EntrySchema>;

/** Beyond the product specification's API: filters for the dataset editor's lists, so no list is cut at a page of 1000. */
export const EntryListQuerySchema = Type.Object(
  {
    ...pageProperties,
    in_dataset: Type.Optional(Type.Integer({ ...ID_RANGE, description: 'Only entries in this dataset' })),
    not_in_dataset: Type.Optional(Type.Integer({ ...ID_RANGE, description: 'Only entries not in this dataset' })),
    search: Type.Optional(
      Type.String({ maxLength: MAX_SEARCH_LENGTH, description: 'Only entries whose input contains this text, ignoring case' }),
    ),
  },
  { additionalProperties: false },
);
export type EntryListQuery = Static<typeof EntryListQuerySchema>;

const InputSchema = Type.String({ minLength: 1, maxLength: MAX_INPUT_LENGTH });

export const NewEntrySchema = Type.Object(
  {
    input: InputSchema,
    input_metadata: Type.Optional(MetadataSchema),
    description: Type.Optional(Nullable(Type.String({ maxLength: MAX_DESCRIPTION_LENGTH }))),
  },
  { additionalProperties: false },
);
export type NewEntry = Static<typeof NewEntrySchema>;

/** What replacing an entry sends: its input and metadata (its description and datasets stay). */
export const EntryContentSchema = Type.Object(
  { input: InputSchema, input_metadata: Type.Optional(MetadataSchema) },
  { additionalProperties: false },
);
export type EntryContent = Static<typeof EntryContentSchema>;
