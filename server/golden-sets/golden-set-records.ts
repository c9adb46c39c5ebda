/** Golden sets as the API shows them: with the counts of their queries and judgements. */
import type { Queryable } from '../db/database';
import { judgementCountSql } from '../db/row-counts';
import { HttpError, notFound } from '../errors';
import type { GoldenSet } from '../schemas/golden-sets';

export const COUNTED_COLUMNS = `g.id, g.name, g.description, g.market, g.created_at, g.updated_at, g.query_count,
  ${judgementCountSql('g.id')} AS judgement_count`;

/** Stores the set's distinct queries (migration 009), once its judgements are written: one count, not one per read. */
export async function storeQueryCount(tx: Queryable, goldenSetId: number): Promise<void> {
  await tx.query(
    `UPDATE golden_sets SET query_count = (SELECT count(DISTINCT query_key) FROM golden_set_judgements WHERE golden_set_id = $1)
     WHERE id = $1`,
    [goldenSetId],
  );
}

export async function loadGoldenSet(db: Queryable, id: number): Promise<GoldenSet> {
  const { rows } = await db.query<GoldenSet>(`SELECT ${COUNTED_COLUMNS} FROM golden_sets g WHERE g.id = $1`, [id]);
  if (rows.length === 0) throw notFound('Golden set', id);
  return rows[0];
}

/** Names are unique: the answer when a create or rename hits another set's name. */
export const duplicateName = (name: string) => new HttpError(409, `A golden set named "${name}" already exists`);
