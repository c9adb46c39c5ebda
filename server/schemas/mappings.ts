import { Type, type Static } from 'typebox';
import { MAX_MAPPINGS_PER_REQUEST } from './limits';
import { IdSchema } from './shared';

const MappingSchema = Type.Object({ dataset_id: IdSchema, dataset_entry_id: IdSchema }, { additionalProperties: false });
export type Mapping = Static<typeof MappingSchema>;

export const MappingsSchema = Type.Array(MappingSchema, { maxItems: MAX_MAPPINGS_PER_REQUEST });

export const MappingPairParamsSchema = Type.Object({ datasetId: IdSchema, entryId: IdSchema });

export const MappingsCreatedSchema = Type.Object({ created: Type.Integer() });
export const MappingsDeletedSchema = Type.Object({ deleted: Type.Integer() });
