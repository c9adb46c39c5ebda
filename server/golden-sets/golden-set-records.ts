/** Golden sets as the API shows them: with the counts of their queries and judgements. */
import type { Queryable } from '../db/database';
import { judgementCountSql } from '../db/row-counts';
import { HttpError, notFound } from '../errors';
import type { GoldenSet } from '../schemas/golden-sets';

export const COUNTED_COLUMNS = `g.id, g.name, g.description, g.market, g.created_at, g.updated_at,
  (SELECT count(DISTINCT query_key)::int FROM golden_set_judgements j WHERE j.golden_set_id = g.id) AS query_count,
  ${judgementCountSql('g.id')} AS judgement_count`;

export async function loadGoldenSet(db: Queryable, id: number): Promise<GoldenSet> {
  const { rows } = await db.query<GoldenSet>(`SELECT ${COUNTED_COLUMNS} FROM golden_sets g WHERE g.id = $1`, [id]);
  if (rows.length === 0) throw notFound('Golden set', id);
  return rows[0];
}

/** Names are unique: the answer when a create or rename hits another set's name. */
export const duplicateName = (name: string) => new HttpError(409, `A golden set named "${name}" already exists`);
