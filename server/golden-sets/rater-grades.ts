/**
 * Grades from a rater that is not a person typing them: a model judge's answers, a click log's grades.
 * Written many at a time in the caller's transaction, and the rated pairs' grades made again by the set's
 * rule, so a pair rated for the first time joins the set and the set's counts and history stay exact.
 */
import type { Queryable } from '../db/database';
import { HttpError, notFound } from '../errors';
import { queryKey } from '../evaluation/query-key';
import { regradePairs, type PairKey } from './aggregate-recount';
import { productIdProblem, queryProblem } from './judgement-rows';

export interface RaterGrade {
  query: string;
  product_id: string;
  grade: number;
}

const BATCH_RATINGS = 5000;
const ANALYZE_AFTER = 20_000;

/** The model judge's rater, made on its first rating; it takes the judge's name as it is now. */
export async function modelRater(tx: Queryable, judgeId: number, name: string): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO raters (kind, name, model_judge_id) VALUES ('model', $2, $1)
     ON CONFLICT (model_judge_id) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
    [judgeId, name],
  );
  return rows[0].id;
}

/** The set's clicks rater (one per set: a new click log replaces the last one's grades), made on first use. */
export async function clicksRater(tx: Queryable, goldenSetId: number): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO raters (kind, name, golden_set_id) VALUES ('clicks', 'Clicks', $1)
     ON CONFLICT (golden_set_id) WHERE kind = 'clicks' DO UPDATE SET name = EXCLUDED.name RETURNING id`,
    [goldenSetId],
  );
  return rows[0].id;
}

/** The grades keyed by pair, checked against the scale; a pair given twice keeps its last grade. */
function checkedGrades(grades: readonly RaterGrade[], maxGrade: number): Map<string, RaterGrade & PairKey> {
  const byPair = new Map<string, RaterGrade & PairKey>();
  grades.forEach((given, row) => {
    const queryWrong = queryProblem(given.query);
    if (queryWrong) throw new HttpError(400, `grades[${row}].query ${queryWrong}`);
    const idWrong = productIdProblem(given.product_id);
    if (idWrong) throw new HttpError(400, `grades[${row}].product_id ${idWrong}`);
    if (!Number.isInteger(given.grade) || given.grade < 0 || given.grade > maxGrade) {
      throw new HttpError(
        400,
        `grades[${row}].grade must be a whole number between 0 and ${maxGrade} (the golden set's scale), got ${given.grade}`,
      );
    }
    const key = queryKey(given.query);
    byPair.set(`${key}\u0000${given.product_id}`, { ...given, query: given.query.trim(), query_key: key });
  });
  return byPair;
}

/**
 * Removes the rater's ratings of the set's pairs not in `kept`; the pairs they were of. The pairs to go are
 * found here, not by an anti-join on the kept ones: the planner cannot know how many an array holds and
 * rescanned it per rating, which took minutes for 57,000 pairs; each pair to go is one index probe.
 */
async function removeOthers(tx: Queryable, goldenSetId: number, raterId: number, kept: readonly PairKey[]): Promise<PairKey[]> {
  const keep = new Set(kept.map((pair) => `${pair.query_key}\u0000${pair.product_id}`));
  const { rows } = await tx.query<PairKey>(
    'SELECT query_key, product_id FROM golden_set_ratings WHERE golden_set_id = $1 AND rater_id = $2',
    [goldenSetId, raterId],
  );
  const gone = rows.filter((pair) => !keep.has(`${pair.query_key}\u0000${pair.product_id}`));
  for (let start = 0; start < gone.length; start += BATCH_RATINGS) {
    const batch = gone.slice(start, start + BATCH_RATINGS);
    await tx.query(
      `DELETE FROM golden_set_ratings r USING unnest($3::text[], $4::text[]) AS g (k, p)
       WHERE r.golden_set_id = $1 AND r.rater_id = $2 AND r.query_key = g.k AND r.product_id = g.p`,
      [goldenSetId, raterId, batch.map((pair) => pair.query_key), batch.map((pair) => pair.product_id)],
    );
  }
  return gone;
}

/**
 * Stores `raterId`'s grades of the set's pairs (a pair it rated before takes the new grade; with `replace`,
 * its ratings of pairs not given are removed) and regrades every pair touched. Locks the set's row; 400
 * naming the row for a grade off the scale or a blank query or id.
 */
export async function rateInBulk(
  tx: Queryable,
  goldenSetId: number,
  raterId: number,
  grades: readonly RaterGrade[],
  options: { who: string; replace?: boolean },
): Promise<{ rated: number; changed: number }> {
  const { rows } = await tx.query<{ max_grade: number }>('SELECT max_grade FROM golden_sets WHERE id = $1 FOR UPDATE', [goldenSetId]);
  if (rows.length === 0) throw notFound('Golden set', goldenSetId);
  const pairs = [...checkedGrades(grades, rows[0].max_grade).values()];
  const removed = options.replace ? await removeOthers(tx, goldenSetId, raterId, pairs) : [];
  for (let start = 0; start < pairs.length; start += BATCH_RATINGS) {
    const batch = pairs.slice(start, start + BATCH_RATINGS);
    // The pair's grade takes the query's text as the set has it (aggregate-recount.ts); the rating keeps the rater's.
    await tx.query(
      `INSERT INTO golden_set_ratings (golden_set_id, query, query_key, product_id, rater_id, grade, judged_at)
       SELECT $1, m.q, m.k, m.p, $2, m.g, now()
       FROM unnest($3::text[], $4::text[], $5::text[], $6::int[]) AS m (q, k, p, g)
       ON CONFLICT (golden_set_id, query_key, product_id, rater_id)
         DO UPDATE SET grade = EXCLUDED.grade, judged_at = now() WHERE golden_set_ratings.grade <> EXCLUDED.grade`,
      [
        goldenSetId,
        raterId,
        batch.map((p) => p.query),
        batch.map((p) => p.query_key),
        batch.map((p) => p.product_id),
        batch.map((p) => p.grade),
      ],
    );
  }
  if (pairs.length + removed.length > 0) await tx.query('UPDATE golden_sets SET demo = false WHERE id = $1 AND demo', [goldenSetId]);
  // Thousands of new rows leave the planner's statistics behind, and the regrade's reads would pick plans
  // for the tables as they were (a write of 200,000 grades took 20 s instead of 3): counted again first.
  if (pairs.length >= ANALYZE_AFTER) await tx.query('ANALYZE golden_set_ratings, golden_set_judgements');
  const changed = await regradePairs(tx, goldenSetId, { rated: pairs, unrated: removed }, options.who);
  return { rated: pairs.length, changed };
}
