/**
 * Whose ratings a run is scored with, and by which rule (the run's `judges`). Every rater by the golden set's
 * own rule is the set's grades as stored; any other choice makes each pair's grade again from the chosen
 * raters' ratings by the chosen rule (pairGrade), for the queries of one batch at a time, so a large set
 * costs what the run's queries read of it.
 */
import type { Queryable } from '../db/database';
import { HttpError } from '../errors';
import { pairGrade, type RatedGrade } from '../golden-sets/aggregate-grade';
import type { Aggregate } from '../schemas/golden-sets';
import type { RescoreBody, RunJudges } from '../schemas/run-judges';

/** How the golden set makes its own grades now. */
type SetRule = { aggregate: Aggregate; prefer_adjudication: boolean };

/** Per query key, each judged product's grade. */
export type QueryGrades = Map<string, Map<string, number>>;

/**
 * The judges a rescore asked for, with what it left out filled in (every rater, the set's rule now); 400
 * naming the field when a picked rater does not rate this set (another set's upload or clicks, or no rater).
 */
export async function chosenJudges(db: Queryable, goldenSetId: number, chosen: RescoreBody): Promise<RunJudges> {
  const raters = chosen.raters ?? 'all';
  if (typeof raters === 'object' && 'rater_ids' in raters) {
    const { rows } = await db.query<{ id: string | number }>(
      `SELECT x.id FROM unnest($2::bigint[]) AS x (id)
       WHERE NOT EXISTS (SELECT 1 FROM raters t WHERE t.id = x.id AND (t.golden_set_id IS NULL OR t.golden_set_id = $1))
       ORDER BY x.id`,
      [goldenSetId, raters.rater_ids],
    );
    if (rows.length > 0) {
      const ids = rows.map((row) => Number(row.id)).join(', ');
      throw new HttpError(400, `body.raters.rater_ids names no rater of golden set ${goldenSetId}: ${ids}`);
    }
  }
  const { rows } = await db.query<SetRule>('SELECT aggregate, prefer_adjudication FROM golden_sets WHERE id = $1', [goldenSetId]);
  return {
    raters,
    aggregate: chosen.aggregate ?? rows[0].aggregate,
    prefer_adjudication: chosen.prefer_adjudication ?? rows[0].prefer_adjudication,
    ...(typeof raters === 'object' && 'rater_ids' in raters ? { rater_names: await raterNames(db, raters.rater_ids) } : {}),
  };
}

/** The raters' names in the order of their ids, kept with the run: a rater renamed or deleted later still reads as it scored. */
async function raterNames(db: Queryable, ids: number[]): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT t.name FROM unnest($1::bigint[]) WITH ORDINALITY AS x (id, n) JOIN raters t ON t.id = x.id ORDER BY x.n`,
    [ids],
  );
  return rows.map((row) => row.name);
}

/**
 * The grades the run's judges give the pairs of these queries; a pair none of them rated is left out
 * (unjudged). Every rater by the rule (and the preference for adjudications) the set has now is the set's
 * grades as stored; the rule is read each batch, so a run whose set changed its rule meanwhile still grades by
 * the rule it recorded.
 */
export async function gradesOf(
  db: Queryable,
  goldenSetId: number,
  judges: RunJudges | null,
  keys: readonly string[],
): Promise<QueryGrades> {
  if (judges === null) return setGrades(db, goldenSetId, keys);
  if (judges.raters === 'all') {
    const { rows } = await db.query<SetRule>('SELECT aggregate, prefer_adjudication FROM golden_sets WHERE id = $1', [goldenSetId]);
    const set = rows[0];
    if (set?.aggregate === judges.aggregate && set.prefer_adjudication === judges.prefer_adjudication)
      return setGrades(db, goldenSetId, keys);
  }
  return chosenGrades(db, goldenSetId, judges, keys);
}

async function setGrades(db: Queryable, goldenSetId: number, keys: readonly string[]): Promise<QueryGrades> {
  // A row per query, not per judgement: on PGlite, making each row's object costs four times the reading.
  const { rows } = await db.query<{ query_key: string; product_ids: string[]; grades: number[] }>(
    `SELECT query_key, array_agg(product_id) AS product_ids, array_agg(grade) AS grades FROM golden_set_judgements
     WHERE golden_set_id = $1 AND query_key = ANY($2::text[]) GROUP BY query_key`,
    [goldenSetId, keys],
  );
  const grades: QueryGrades = new Map();
  for (const { query_key, product_ids, grades: graded } of rows) {
    grades.set(query_key, new Map(product_ids.map((id, i) => [id, graded[i]])));
  }
  return grades;
}

/**
 * The chosen raters' ratings of these queries, a pair's together and newest first (the order pairGrade
 * reads), each pair graded by the chosen rule.
 */
async function chosenGrades(db: Queryable, goldenSetId: number, judges: RunJudges, keys: readonly string[]): Promise<QueryGrades> {
  const { raters } = judges;
  const kinds = typeof raters === 'object' && 'kinds' in raters ? raters.kinds : null;
  const raterIds = typeof raters === 'object' && 'rater_ids' in raters ? raters.rater_ids : null;
  const { rows } = await db.query<{ query_key: string; product_id: string } & RatedGrade>(
    `SELECT r.query_key, r.product_id, t.kind, r.grade, r.adjudication
     FROM golden_set_ratings r JOIN raters t ON t.id = r.rater_id
     WHERE r.golden_set_id = $1 AND r.query_key = ANY($2::text[])
       AND ($3::text[] IS NULL OR t.kind = ANY($3::text[])) AND ($4::bigint[] IS NULL OR r.rater_id = ANY($4::bigint[]))
     ORDER BY r.query_key, r.product_id, r.judged_at DESC, r.rater_id`,
    [goldenSetId, keys, kinds, raterIds],
  );
  const grades: QueryGrades = new Map();
  let start = 0;
  for (let i = 1; i <= rows.length; i++) {
    const first = rows[start];
    if (i < rows.length && rows[i].query_key === first.query_key && rows[i].product_id === first.product_id) continue;
    const grade = pairGrade(judges.aggregate, rows.slice(start, i), judges.prefer_adjudication);
    if (grade !== undefined) productsOf(grades, first.query_key).set(first.product_id, grade);
    start = i;
  }
  return grades;
}

function productsOf(grades: QueryGrades, key: string): Map<string, number> {
  let products = grades.get(key);
  if (!products) grades.set(key, (products = new Map()));
  return products;
}
