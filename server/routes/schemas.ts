/** JSON Schemas shared by the routes: validation, serialisation and OpenAPI from one source. */

export const idSchema = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;

export const idParams = {
  type: 'object',
  properties: { id: idSchema },
  required: ['id'],
} as const;

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 1000;

export const pageQuery = {
  type: 'object',
  properties: {
    page: { type: 'integer', minimum: 1, maximum: 1_000_000_000, default: 1 },
    page_size: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE },
  },
  additionalProperties: false,
} as const;

export interface PageQuery {
  page: number;
  page_size: number;
}

export const totalCountHeader = {
  'X-Total-Count': { type: 'integer', description: 'How many items all pages hold together' },
} as const;

/** LIMIT and OFFSET parameters for a page. */
export const pageWindow = ({ page, page_size }: PageQuery) => [page_size, (page - 1) * page_size];

export const timestamp = { type: 'string', format: 'date-time' } as const;

export const datasetSchema = {
  type: 'object',
  properties: {
    id: idSchema,
    name: { type: 'string' },
    description: { type: 'string' },
    created_at: timestamp,
    updated_at: timestamp,
  },
  required: ['id', 'name', 'description', 'created_at', 'updated_at'],
} as const;

export const datasetRefSchema = {
  type: 'object',
  properties: { id: idSchema, name: { type: 'string' } },
  required: ['id', 'name'],
} as const;

export const metadataSchema = {
  type: ['object', 'null'],
  description: 'Any JSON object, or null for none',
  additionalProperties: true,
} as const;

export const entrySchema = {
  type: 'object',
  properties: {
    id: idSchema,
    input: { type: 'string' },
    input_metadata: metadataSchema,
    description: { type: 'string' },
    datasets: { type: 'array', items: datasetRefSchema },
    created_at: timestamp,
    updated_at: timestamp,
  },
  required: ['id', 'input', 'input_metadata', 'description', 'datasets', 'created_at', 'updated_at'],
} as const;
