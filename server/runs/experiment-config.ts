/**
 * What an experiment stores to be runnable (experiments.config): where to search, which golden set
 * to score against, and how. Validated by JSON Schema at the API edge; `configProblems` adds the
 * checks a schema cannot make (the golden set exists, env secrets are set).
 */
import type { Queryable } from '../db/database';
import type { Gain } from '../evaluation/metrics';
import { MAX_K } from '../search/search-target';
import { checkHttpTargetConfig, httpTargetSchema, type HttpTargetConfig } from '../search/http-target-config';

export type SearchTargetConfig = { kind: 'builtin' } | HttpTargetConfig;

export interface RunConfig {
  search_target: SearchTargetConfig;
  golden_set_id: number;
  k: number;
  gain: Gain;
  /** A result passes when its nDCG@k reaches this. */
  pass_threshold: number;
  /** Grades from this up count as relevant (precision, recall, F1, RR, AP). */
  relevant_from: number;
}

export const RUN_CONFIG_DEFAULTS = { k: 10, gain: 'linear', pass_threshold: 0.5, relevant_from: 1 } as const;

const builtinTargetSchema = {
  type: 'object',
  properties: { kind: { const: 'builtin' } },
  required: ['kind'],
  additionalProperties: false,
} as const;

/** The config a run needs; missing k, gain, threshold and relevance cut take the defaults. */
export const runConfigSchema = {
  type: 'object',
  properties: {
    search_target: { oneOf: [builtinTargetSchema, httpTargetSchema] },
    golden_set_id: { type: 'integer', minimum: 1 },
    k: { type: 'integer', minimum: 1, maximum: MAX_K },
    gain: { enum: ['linear', 'exponential'] },
    pass_threshold: { type: 'number', minimum: 0, maximum: 1 },
    relevant_from: { type: 'integer', minimum: 1 },
  },
  required: ['search_target', 'golden_set_id'],
  additionalProperties: false,
} as const;

export function withDefaults(config: Partial<RunConfig> & Pick<RunConfig, 'search_target' | 'golden_set_id'>): RunConfig {
  return { ...RUN_CONFIG_DEFAULTS, ...config };
}

/** Whether a stored config has the shape of a run config (configs written elsewhere may not). */
export function isRunConfig(config: unknown): config is Partial<RunConfig> & Pick<RunConfig, 'search_target' | 'golden_set_id'> {
  if (typeof config !== 'object' || config === null) return false;
  const { search_target, golden_set_id } = config as Record<string, unknown>;
  return typeof golden_set_id === 'number' && typeof search_target === 'object' && search_target !== null;
}

/** Problems that stop a run from starting, as sentences naming the field; empty when it can run. */
export async function configProblems(db: Queryable, config: RunConfig, env: NodeJS.ProcessEnv = process.env): Promise<string[]> {
  const problems: string[] = [];
  const set = await db.query('SELECT 1 FROM golden_sets WHERE id = $1', [config.golden_set_id]);
  if (set.rows.length === 0) problems.push(`config.golden_set_id: golden set ${config.golden_set_id} does not exist`);
  if (config.search_target.kind === 'http') {
    problems.push(...checkHttpTargetConfig(config.search_target, env).map((p) => `config.search_target: ${p}`));
  }
  return problems;
}
