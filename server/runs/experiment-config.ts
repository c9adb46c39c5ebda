/**
 * What an experiment stores to be runnable (experiments.config): where to search, which golden set
 * to score against, and how (its shape: schemas/run-config.ts). Validated by JSON Schema at the API edge; `configProblems` adds the
 * checks a schema cannot make (the golden set exists, env secrets are set).
 */
import type { Queryable } from '../db/database';
import type { StoredRunConfig } from '../schemas/run-config';
import { checkHttpTargetConfig } from '../search/http-target-config';

/** A run config with the defaults filled in. */
export type RunConfig = Required<StoredRunConfig>;

export const RUN_CONFIG_DEFAULTS = { k: 10, gain: 'linear', pass_threshold: 0.5, relevant_from: 1 } as const;

export function withDefaults(config: StoredRunConfig): RunConfig {
  return { ...RUN_CONFIG_DEFAULTS, ...config };
}

/** Whether a stored config has the shape of a run config (configs written elsewhere may not). */
export function isRunConfig(config: unknown): config is StoredRunConfig {
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
