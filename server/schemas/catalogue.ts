import { Type, type Static } from 'typebox';
import { MAX_PRODUCT_ID_LENGTH, MAX_SEARCH_LENGTH } from './limits';
import { PageOf, pageProperties } from './paging';
import { DemoFlagSchema, JsonObject, Nullable, TimestampSchema } from './shared';

export const ProductSchema = Type.Object({
  product_id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  image_url: Nullable(Type.String()),
  attributes: JsonObject(),
  demo: DemoFlagSchema,
  score: Type.Optional(Type.Number({ description: 'With `search`: the ts_rank_cd score the results are ordered by' })),
  grade: Type.Optional(
    Nullable(
      Type.Integer({
        description:
          'With `search` and `golden_set_id`: the golden set’s grade of the product for the search’s query key; null when not judged',
      }),
    ),
  ),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});
export type Product = Static<typeof ProductSchema>;

export const ProductDeletedSchema = Type.Null({ description: 'Deleted' });

export const ProductParamsSchema = Type.Object({ productId: Type.String({ minLength: 1, maxLength: MAX_PRODUCT_ID_LENGTH }) });

export const ProductListQuerySchema = Type.Object(
  {
    ...pageProperties,
    search: Type.Optional(
      Type.String({
        maxLength: MAX_SEARCH_LENGTH,
        description: 'Built-in search (websearch syntax: words, "a phrase", -excluded, or): ranked matches only',
      }),
    ),
    golden_set_id: Type.Optional(
      Type.Integer({
        minimum: 1,
        description: 'With `search`: each product carries the grade this golden set gives it for the search text (as a run looks it up)',
      }),
    ),
  },
  { additionalProperties: false },
);

export const ProductPageSchema = PageOf(ProductSchema);

/** The import form, for OpenAPI: its parts are read as a stream, not validated as a body. */
export const CatalogueFormSchema = Type.Object({
  format: Type.Optional(Type.Enum(['csv', 'jsonl'], { type: 'string' })),
  file: Type.String({ format: 'binary', description: 'The CSV or JSON Lines file (UTF-8)' }),
});

export const CatalogueImportCountsSchema = Type.Object(
  { imported: Type.Integer(), created: Type.Integer(), updated: Type.Integer() },
  { description: 'What the import did' },
);
export type CatalogueImportCounts = Static<typeof CatalogueImportCountsSchema>;

export const CatalogueProblemSchema = Type.Object({
  row: Type.Integer({ description: 'CSV: the spreadsheet row (the header is 1); JSON Lines: the line (the first is 1)' }),
  column: Nullable(Type.String({ description: 'The column or field at fault, or null for the whole row or line' })),
  problem: Type.String(),
});
