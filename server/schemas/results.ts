/** Spec §3 "Experiment run result": one entry's search, scored. Results made elsewhere may lack any optional part. */
import { Type, type Static } from 'typebox';
import { IdSchema, JsonObject, RecordOf, TimestampSchema } from './shared';

/** One product a search returned (spec §3 "search_results"). */
export const SearchResultProductSchema = Type.Object({
  product_id: Type.String(),
  name: Type.Optional(Type.String()),
  image_url: Type.Optional(Type.String()),
});
export type SearchResultProduct = Static<typeof SearchResultProductSchema>;

/** One judged product of the golden set (spec §3 "golden_set"). */
export const GoldenSetProductSchema = Type.Object({ product_id: Type.String(), relevance: Type.Number() });
export type GoldenSetProduct = Static<typeof GoldenSetProductSchema>;

const ProductIdsSchema = Type.Array(Type.String());

/** Spec §3 "Run result 'results'". */
export const RunResultDetailsSchema = Type.Object({
  metrics: Type.Optional(RecordOf(Type.Number())),
  search_results: Type.Optional(Type.Array(SearchResultProductSchema)),
  golden_set: Type.Optional(Type.Array(GoldenSetProductSchema)),
  commons: Type.Optional(ProductIdsSchema),
  missings: Type.Optional(ProductIdsSchema),
  leftovers: Type.Optional(ProductIdsSchema),
});
export type RunResultDetails = Static<typeof RunResultDetailsSchema>;

/** Spec §3 "Run result 'result'". */
export const RunResultOutcomeSchema = Type.Object({
  input: Type.String(),
  status: Type.String(),
  version: Type.Optional(Type.String()),
  test_result: Type.Optional(Type.String()),
  results: Type.Optional(RunResultDetailsSchema),
});
export type RunResultOutcome = Static<typeof RunResultOutcomeSchema>;

export const RunResultSchema = Type.Object({
  id: IdSchema,
  /** The dataset entry searched, as results.csv names it; this server always answers it, results made elsewhere may lack it. */
  entry_id: Type.Optional(IdSchema),
  experiment_configuration: JsonObject(),
  created_at: TimestampSchema,
  result: RunResultOutcomeSchema,
});
export type ExperimentRunResult = Static<typeof RunResultSchema>;
