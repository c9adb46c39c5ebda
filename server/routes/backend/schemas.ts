import { idSchema, timestamp } from '../schemas';

/** JSON Schemas of the evaluation backend's answers (spec §3). */

export const scriptSchema = {
  type: 'object',
  properties: {
    id: idSchema,
    name: { type: 'string' },
    description: { type: 'string' },
    cost_per_evaluation: { type: 'number' },
    script_class: { type: 'string' },
    script_module: { type: 'string' },
    output_schema: { type: 'object', additionalProperties: true },
  },
  required: ['id', 'name', 'description', 'cost_per_evaluation', 'script_class', 'script_module', 'output_schema'],
} as const;

export const experimentSchema = {
  type: 'object',
  properties: {
    id: idSchema,
    name: { type: 'string' },
    evaluation_script_id: idSchema,
    dataset_id: idSchema,
    description: { type: 'string' },
    created_at: timestamp,
    updated_at: timestamp,
  },
  required: ['id', 'name', 'evaluation_script_id', 'dataset_id', 'description', 'created_at', 'updated_at'],
} as const;

export const runSchema = {
  type: 'object',
  properties: {
    id: idSchema,
    evaluation_script_name: { type: 'string' },
    tags: { type: 'array', items: { type: 'string' } },
    status: { type: 'string' },
    total_cost: { type: 'number' },
    created_at: timestamp,
    updated_at: timestamp,
    experiment_id: idSchema,
    progress: {
      type: 'object',
      description: 'Results stored of the entries the run evaluates (0 of 0 for runs made elsewhere)',
      properties: { done: { type: 'integer' }, total: { type: 'integer' } },
      required: ['done', 'total'],
    },
    error: { type: ['string', 'null'], description: 'Why a run failed, or how many of its searches failed' },
  },
  required: ['id', 'evaluation_script_name', 'tags', 'status', 'total_cost', 'created_at', 'updated_at'],
} as const;

export const runSummarySchema = {
  type: 'object',
  description: "Counts of the run's results by status, and each metric's mean over the PASS and FAIL ones",
  properties: {
    results: { type: 'integer' },
    passed: { type: 'integer' },
    failed: { type: 'integer' },
    unjudged: { type: 'integer' },
    errors: { type: 'integer' },
    mean_metrics: { type: 'object', additionalProperties: { type: 'number' } },
  },
  required: ['results', 'passed', 'failed', 'unjudged', 'errors', 'mean_metrics'],
} as const;

const product = {
  type: 'object',
  properties: { product_id: { type: 'string' }, name: { type: 'string' }, image_url: { type: 'string' } },
  required: ['product_id'],
} as const;

const judged = {
  type: 'object',
  properties: { product_id: { type: 'string' }, relevance: { type: 'number' } },
  required: ['product_id', 'relevance'],
} as const;

const ids = { type: 'array', items: { type: 'string' } } as const;

export const runResultSchema = {
  type: 'object',
  properties: {
    id: idSchema,
    experiment_configuration: { type: 'object', additionalProperties: true },
    created_at: timestamp,
    result: {
      type: 'object',
      properties: {
        input: { type: 'string' },
        status: { type: 'string' },
        version: { type: 'string' },
        test_result: { type: 'string' },
        results: {
          type: 'object',
          properties: {
            metrics: { type: 'object', additionalProperties: { type: 'number' } },
            search_results: { type: 'array', items: product },
            golden_set: { type: 'array', items: judged },
            commons: ids,
            missings: ids,
            leftovers: ids,
          },
        },
      },
      required: ['input', 'status'],
    },
  },
  required: ['id', 'experiment_configuration', 'created_at', 'result'],
} as const;

/** DRF-style page envelope of the scripts calls: `results` as spec §7 has it, plus the total. */
export const pageOf = (items: object) =>
  ({
    type: 'object',
    properties: { count: { type: 'integer' }, results: { type: 'array', items } },
    required: ['count', 'results'],
  }) as const;
