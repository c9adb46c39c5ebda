/** An experiment run result: one entry's search, scored. Results made elsewhere may lack any optional part. */
import { Type, type Static } from 'typebox';
import { MAX_SEARCH_LENGTH } from './limits';
import { METRIC_NAME } from './metric-names';
import { pageProperties } from './paging';
import { IdSchema, JsonObject, RecordOf, TimestampSchema } from './shared';
import { SegmentFilterSchema } from './segments';

/** One product a search returned (an item of a result's search_results). */
const SearchResultProductSchema = Type.Object({
  product_id: Type.String(),
  name: Type.Optional(Type.String()),
  image_url: Type.Optional(Type.String()),
});
export type SearchResultProduct = Static<typeof SearchResultProductSchema>;

/** One judged product of the golden set (an item of a result's golden_set). */
const GoldenSetProductSchema = Type.Object({ product_id: Type.String(), relevance: Type.Number() });
export type GoldenSetProduct = Static<typeof GoldenSetProductSchema>;

const ProductIdsSchema = Type.Array(Type.String());

/** A result's `results`: its metrics, the products returned and judged, and which of them match, are missed or are left over. */
const RunResultDetailsSchema = Type.Object({
  metrics: Type.Optional(RecordOf(Type.Number())),
  search_results: Type.Optional(Type.Array(SearchResultProductSchema)),
  golden_set: Type.Optional(Type.Array(GoldenSetProductSchema)),
  commons: Type.Optional(ProductIdsSchema),
  missings: Type.Optional(ProductIdsSchema),
  leftovers: Type.Optional(ProductIdsSchema),
});
export type RunResultDetails = Static<typeof RunResultDetailsSchema>;

/** A result's `result`: the input searched, its status and test result text, and the details above. */
const RunResultOutcomeSchema = Type.Object({
  input: Type.String(),
  status: Type.String(),
  version: Type.Optional(Type.String()),
  test_result: Type.Optional(Type.String()),
  results: Type.Optional(RunResultDetailsSchema),
});

/** How far a scored result's ranking got towards its query's relevant products (docs/evaluations.md). */
const COMPLETION_STATUSES = ['COMPLETE', 'PAGE_WITHOUT_RELEVANTS', 'NO_MORE_RESULTS'] as const;
type CompletionStatus = (typeof COMPLETION_STATUSES)[number];

export const RunResultSchema = Type.Object({
  id: IdSchema,
  /** The dataset entry searched, as results.csv names it; this server always answers it, results made elsewhere may lack it. */
  entry_id: Type.Optional(IdSchema),
  /** The run the result belongs to (answered when one result is read by id). */
  run_id: Type.Optional(IdSchema),
  experiment_configuration: JsonObject(),
  created_at: TimestampSchema,
  result: RunResultOutcomeSchema,
  // Always sent by this server; optional in the type so that answers of servers from before it still fit.
  completion: Type.Optional(
    Type.Unsafe<CompletionStatus | null>({
      type: ['string', 'null'],
      enum: [...COMPLETION_STATUSES, null],
      description:
        'COMPLETE: every relevant product is in the top k (or there is none), or k results with at least one relevant among them; NO_MORE_RESULTS: fewer than k results and relevant products missing; PAGE_WITHOUT_RELEVANTS: k results, none of them relevant though relevant products exist. null for UNJUDGED and ERROR results',
    }),
  ),
});
export type ExperimentRunResult = Static<typeof RunResultSchema>;

/** What the catalogue holds of a product a result returned or judged, beside what the result stored. */
const CatalogueFactsSchema = Type.Object({
  description: Type.String(),
  attributes: JsonObject({ description: "The catalogue's attributes of the product (colour, material, price...); {} when it knows none" }),
});
export type CatalogueFacts = Static<typeof CatalogueFactsSchema>;

/** One result read by id: with what the catalogue holds of its products, by product id (only those it knows). */
export const RunResultWithNamesSchema = Type.Object({
  ...RunResultSchema.properties,
  product_names: RecordOf(Type.String(), { description: "The catalogue's names of the judged products" }),
  // Always sent by this server; optional in the type so that answers of servers from before it still fit.
  catalogue: Type.Optional(
    RecordOf(CatalogueFactsSchema, {
      description:
        'Description and attributes of the returned and judged products the catalogue holds; a product it does not hold is left out',
    }),
  ),
});
export type RunResultWithNames = Static<typeof RunResultWithNamesSchema>;

const RESULT_STATUSES = ['PASS', 'FAIL', 'UNJUDGED', 'ERROR'] as const;
const STATUS = `(${RESULT_STATUSES.join('|')})`;
const COMPLETION = `(${COMPLETION_STATUSES.join('|')})`;

/** A comma-separated list of completion statuses, as a filter of a results list. */
const CompletionFilterSchema = Type.String({
  pattern: `^${COMPLETION}(,${COMPLETION})*$`,
  maxLength: 100,
  description: 'Only results with one of these completion statuses, comma-separated: COMPLETE, PAGE_WITHOUT_RELEVANTS, NO_MORE_RESULTS',
});

/** Filters and orders a results list shares however its rows are picked. */
const searchAndSort = {
  search: Type.Optional(
    Type.String({ maxLength: MAX_SEARCH_LENGTH, description: 'Only results whose input contains this text, ignoring case' }),
  ),
  sort: Type.Optional(
    Type.String({
      pattern: `^(input|${METRIC_NAME})$`,
      maxLength: 64,
      description:
        'input, or a metric name of the run (ndcg@10, precision@10, …); results without that metric (errors) come last. Newest first when absent',
    }),
  ),
  order: Type.Optional(Type.Enum(['asc', 'desc'], { type: 'string', description: 'With sort: asc (the default) or desc' })),
};

/** A run's results to triage: filtered by status, completion status and input, sorted by a metric or the input, paged. */
export const ResultListQuerySchema = Type.Object(
  {
    ...pageProperties,
    status: Type.Optional(
      Type.String({
        pattern: `^${STATUS}(,${STATUS})*$`,
        maxLength: 100,
        description: 'Only results with one of these statuses, comma-separated: PASS, FAIL, UNJUDGED, ERROR',
      }),
    ),
    completion: Type.Optional(CompletionFilterSchema),
    ...searchAndSort,
    segment: Type.Optional(SegmentFilterSchema()),
  },
  { additionalProperties: false },
);
export type ResultListQuery = Static<typeof ResultListQuerySchema>;

/** An evaluation's results: its run's, `status` being the completion status (an uploaded ranking is never a failed search). */
export const EvaluationResultListQuerySchema = Type.Object(
  {
    ...pageProperties,
    status: Type.Optional(CompletionFilterSchema),
    ...searchAndSort,
  },
  { additionalProperties: false },
);
export type EvaluationResultListQuery = Static<typeof EvaluationResultListQuerySchema>;
