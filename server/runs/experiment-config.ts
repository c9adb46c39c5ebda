/**
 * What an experiment stores to be runnable (experiments.config): where to search, which golden set
 * to score against, and how (its shape: schemas/run-config.ts). Validated by JSON Schema at the API edge;
 * `assertUsableConfig` adds the checks a schema cannot make, for saving a config and trying a query alike,
 * and `configProblems` those a run needs besides (env secrets are set).
 */
import type { Queryable } from '../db/database';
import { requireRow } from '../db/require-row';
import { HttpError } from '../errors';
import type { SearchTargetConfig, StoredRunConfig } from '../schemas/run-config';
import { checkHttpTargetConfig } from '../search/http-target-config';

/** A run config with the defaults filled in. */
export type RunConfig = Required<StoredRunConfig>;

const RUN_CONFIG_DEFAULTS = { k: 10, gain: 'linear', pass_threshold: 0.5, relevant_from: 1 } as const;

export function withDefaults(config: StoredRunConfig): RunConfig {
  return { ...RUN_CONFIG_DEFAULTS, ...config };
}

/**
 * Refuses with a 400 naming the field under `at` (`body.config` when saving, `body` when trying) what the
 * schema cannot: a golden set that does not exist, an http target's templates, pointers and hosts. Env
 * secrets need only be set where runs are worked, so they are not asked for here. A save locks the golden
 * set until it commits (`lockGoldenSet`, in its transaction): a delete of it meanwhile waits, then finds
 * the experiment using it.
 */
export async function assertUsableConfig(
  db: Queryable,
  config: { search_target: SearchTargetConfig; golden_set_id?: number },
  at: string,
  { lockGoldenSet = false }: { lockGoldenSet?: boolean } = {},
): Promise<void> {
  if (config.golden_set_id !== undefined) {
    const lock = lockGoldenSet ? 'FOR KEY SHARE' : undefined;
    await requireRow(db, 'golden_sets', config.golden_set_id, { field: `${at}.golden_set_id`, lock });
  }
  if (config.search_target.kind === 'http') {
    const problems = checkHttpTargetConfig(config.search_target, process.env, { requireEnv: false });
    if (problems.length > 0) throw new HttpError(400, `${at}.search_target: ${problems.join('; ')}`, { problems });
  }
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
