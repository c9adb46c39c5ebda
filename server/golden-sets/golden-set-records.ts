/** Golden sets as the API shows them: with the counts of their queries and judgements. */
import type { Queryable } from '../db/database';
import { listPage } from '../db/list-page';
import { judgementCountSql } from '../db/row-counts';
import { HttpError, notFound } from '../errors';
import type { GoldenSet } from '../schemas/golden-sets';

// The scale's labels run to max_grade: stored ones first, then "Grade n" (up to grade 100 for odd old sets).
const COUNTED_COLUMNS = `g.id, g.name, g.description, g.market, g.created_at, g.updated_at, g.query_count, g.demo,
  ${judgementCountSql('g.id')} AS judgement_count, g.grade_counts, g.version, g.changed_at, g.aggregate, g.ratings_per_pair, g.prefer_adjudication,
  json_build_object('max_grade', g.max_grade, 'labels', g.grade_labels
    || ARRAY(SELECT 'Grade ' || n FROM generate_series(cardinality(g.grade_labels), least(g.max_grade, 100)) AS n)) AS scale`;

/**
 * Stores the set's distinct queries (migration 009) and its judgements per grade (011) once its
 * judgements are written in bulk: one count, not one per read. Single changes adjust them instead
 * (judgement-changes.ts).
 */
export async function storeQueryCount(tx: Queryable, goldenSetId: number): Promise<void> {
  await tx.query(
    `UPDATE golden_sets SET
       query_count = (SELECT count(DISTINCT query_key) FROM golden_set_judgements WHERE golden_set_id = $1),
       grade_counts = (SELECT coalesce(jsonb_object_agg(grade::text, n), '{}'::jsonb)
                       FROM (SELECT grade, count(*) AS n FROM golden_set_judgements WHERE golden_set_id = $1 GROUP BY grade) AS per_grade)
     WHERE id = $1`,
    [goldenSetId],
  );
}

/** A page of the sets, newest first, and how many there are. */
export async function goldenSetPage(db: Queryable, [limit, offset]: number[]): Promise<{ count: number; results: GoldenSet[] }> {
  const { rows, total } = await listPage<GoldenSet>(
    db,
    { columns: COUNTED_COLUMNS, from: 'golden_sets g', orderBy: 'g.created_at DESC, g.id DESC', params: [] },
    [limit, offset],
  );
  return { count: total, results: rows };
}

/** The set's name (for a download's file name); 404 when there is no such set. */
export async function goldenSetName(db: Queryable, id: number): Promise<string> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM golden_sets WHERE id = $1', [id]);
  if (rows.length === 0) throw notFound('Golden set', id);
  return rows[0].name;
}

export async function loadGoldenSet(db: Queryable, id: number): Promise<GoldenSet> {
  const { rows } = await db.query<GoldenSet>(`SELECT ${COUNTED_COLUMNS} FROM golden_sets g WHERE g.id = $1`, [id]);
  if (rows.length === 0) throw notFound('Golden set', id);
  return rows[0];
}

/** Names are unique: the answer when a create or rename hits another set's name. */
export const duplicateName = (name: string) => new HttpError(409, `A golden set named "${name}" already exists`);
