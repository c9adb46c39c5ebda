/** Writes that the parts of the demo seeding share. */
import type { Queryable } from '../db/database';
import { queryKey } from '../evaluation/query-key';
import { storeQueryCount } from '../golden-sets/golden-set-records';
import { rateAsImport } from '../golden-sets/raters';
import { demoResult } from './demo-results';
import type { WandsQuery } from './wands-queries';

/** The run the demo starts through the run queue's own path, marked as the demo's like the rows it writes itself. */
export async function markDemoRun(db: Queryable, runId: number): Promise<void> {
  await db.query('UPDATE experiment_runs SET demo = true WHERE id = $1', [runId]);
}

export async function insertOne<T>(tx: Queryable, sql: string, params: unknown[]): Promise<T> {
  return (await tx.query<T>(sql, params)).rows[0];
}

/** The judgements a demo run with `seed` was scored against, for each query, into the golden set. */
export async function insertGeneratedJudgements(tx: Queryable, goldenSetId: number, queries: readonly WandsQuery[], seed: number) {
  const judgements = queries.flatMap((query) =>
    demoResult(query, 1, seed, '').results.golden_set.map((j) => [query.query, j.product_id, j.relevance] as const),
  );
  await tx.query(
    `INSERT INTO golden_set_judgements (golden_set_id, query, query_key, product_id, grade)
     SELECT $1, q, k, p, g FROM unnest($2::text[], $3::text[], $4::text[], $5::int[]) AS t (q, k, p, g)`,
    [
      goldenSetId,
      judgements.map((j) => j[0]),
      judgements.map((j) => queryKey(j[0])),
      judgements.map((j) => j[1]),
      judgements.map((j) => j[2]),
    ],
  );
  await rateAsImport(
    tx,
    goldenSetId,
    (await tx.query<{ name: string }>('SELECT name FROM golden_sets WHERE id = $1', [goldenSetId])).rows[0].name,
  );
  await storeQueryCount(tx, goldenSetId);
}
