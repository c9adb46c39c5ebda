import type { Queryable } from '../db/database';
import { DEMO_K, DEMO_PASS_THRESHOLD } from './demo-results';
import { insertGeneratedJudgements, insertOne } from './demo-rows';
import type { WandsQuery } from './wands-queries';

const RUNNABLE_DEMO_EXPERIMENT = 'Built-in search · WANDS US golden set';

/**
 * An experiment this server runs itself: the built-in search over the generated catalogue, scored
 * against a generated US golden set, over a dataset of the queries that golden set judges.
 */
export async function seedRunnableExperiment(
  tx: Queryable,
  queries: WandsQuery[],
  entryIds: Map<WandsQuery, number>,
  scriptId: number,
): Promise<number> {
  const dataset = await insertOne<{ id: number }>(tx, 'INSERT INTO datasets (name, description, demo) VALUES ($1, $2, true) RETURNING id', [
    `WANDS sample (${queries.length} queries)`,
    `The first ${queries.length} WANDS queries (MIT licence), judged in the generated US golden set`,
  ]);
  await tx.query('INSERT INTO dataset_entry_mappings (dataset_id, dataset_entry_id) SELECT $1, unnest($2::bigint[])', [
    dataset.id,
    queries.map((q) => entryIds.get(q)),
  ]);
  const goldenSet = await insertOne<{ id: number }>(
    tx,
    'INSERT INTO golden_sets (name, description, market, demo) VALUES ($1, $2, $3, true) RETURNING id',
    [
      'Golden set — United States (generated)',
      `Generated demo judgements (not real relevance labels) of products in the generated demo catalogue for ${queries.length} WANDS queries (MIT licence).`,
      'US',
    ],
  );
  await insertGeneratedJudgements(tx, goldenSet.id, queries, 600);
  const config = {
    search_target: { kind: 'builtin' },
    golden_set_id: goldenSet.id,
    k: DEMO_K,
    gain: 'linear',
    pass_threshold: DEMO_PASS_THRESHOLD,
    relevant_from: 1,
  };
  const experiment = await insertOne<{ id: number }>(
    tx,
    `INSERT INTO experiments (name, evaluation_script_id, dataset_id, description, config, demo) VALUES ($1, $2, $3, $4, $5::jsonb, true) RETURNING id`,
    [
      RUNNABLE_DEMO_EXPERIMENT,
      scriptId,
      dataset.id,
      'Full-text search over the generated demo catalogue, scored against the generated US golden set. Press Run experiment to run it again.',
      JSON.stringify(config),
    ],
  );
  return experiment.id;
}
