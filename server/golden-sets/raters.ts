/**
 * Raters and their ratings: who gave which grade of a golden set's (query, product). The set's grade of a
 * pair (golden_set_judgements) is the aggregate of these (aggregate-grade.ts).
 */
import type { Queryable } from '../db/database';
import { requireRow } from '../db/require-row';
import type { AuditActor } from '../audit/audit-summaries';
import type { Rater, Rating } from '../schemas/judging';
import type { RatedGrade } from './aggregate-grade';

/** The signed-in person's rater, made on their first rating; it takes the account's name as it is now. */
export async function personRater(tx: Queryable, actor: AuditActor): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO raters (kind, name, subject) VALUES ('person', $2, $1)
     ON CONFLICT (subject) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
    [actor.sub, actor.name],
  );
  return rows[0].id;
}

/**
 * Every judgement of a set just written in bulk (an upload, the demo data; once per set) becomes a rating
 * of the set's import rater: one INSERT … SELECT, so an upload of a million judgements pays one more statement.
 */
export async function rateAsImport(tx: Queryable, goldenSetId: number, setName: string): Promise<void> {
  const rater = await tx.query<{ id: number }>(`INSERT INTO raters (kind, name, golden_set_id) VALUES ('import', $2, $1) RETURNING id`, [
    goldenSetId,
    `Upload of ${setName}`,
  ]);
  await tx.query(
    `INSERT INTO golden_set_ratings (golden_set_id, query, query_key, product_id, rater_id, grade, judged_at)
     SELECT golden_set_id, query, query_key, product_id, $2, grade, judged_at FROM golden_set_judgements WHERE golden_set_id = $1`,
    [goldenSetId, rater.rows[0].id],
  );
}

/** The ratings a pair has, one per rater, newest first (the order pairGrade reads adjudications in). */
export async function pairRatings(tx: Queryable, goldenSetId: number, key: string, productId: string): Promise<RatedGrade[]> {
  const { rows } = await tx.query<RatedGrade>(
    `SELECT t.kind, r.grade, r.adjudication FROM golden_set_ratings r JOIN raters t ON t.id = r.rater_id
     WHERE r.golden_set_id = $1 AND r.query_key = $2 AND r.product_id = $3
     ORDER BY r.judged_at DESC, r.rater_id DESC`,
    [goldenSetId, key, productId],
  );
  return rows;
}

/** The ratings of one query (or of one of its products), per product, newest first. */
export async function ratingsOf(db: Queryable, goldenSetId: number, key: string, productId?: string): Promise<Map<string, Rating[]>> {
  const { rows } = await db.query<Rating & { product_id: string }>(
    `SELECT r.product_id, r.rater_id, t.name AS rater, t.kind, r.grade, r.adjudication, r.judged_at
     FROM golden_set_ratings r JOIN raters t ON t.id = r.rater_id
     WHERE r.golden_set_id = $1 AND r.query_key = $2 AND ($3::text IS NULL OR r.product_id = $3)
     ORDER BY r.judged_at DESC, r.rater_id`,
    [goldenSetId, key, productId ?? null],
  );
  const byProduct = new Map<string, Rating[]>();
  for (const { product_id, ...rating } of rows) {
    const ratings = byProduct.get(product_id);
    if (ratings === undefined) byProduct.set(product_id, [rating]);
    else ratings.push(rating);
  }
  return byProduct;
}

/** The raters of a set, with how many of its pairs each rated, most first; 404 when there is no such set. */
export async function ratersOf(db: Queryable, goldenSetId: number): Promise<Rater[]> {
  await requireRow(db, 'golden_sets', goldenSetId);
  const { rows } = await db.query<Rater>(
    `SELECT t.id, t.kind, t.name, n.judgements
     FROM (SELECT rater_id, count(*)::int AS judgements FROM golden_set_ratings WHERE golden_set_id = $1 GROUP BY rater_id) AS n
     JOIN raters t ON t.id = n.rater_id
     ORDER BY n.judgements DESC, t.name, t.id`,
    [goldenSetId],
  );
  return rows;
}
