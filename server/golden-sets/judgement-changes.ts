/**
 * One person's rating of a pair set, changed or removed, and the pair's grade (the aggregate of its
 * ratings, golden_set_judgements) following it: in one transaction with the golden set's
 * row locked, so its version counts every change once and its kept counts (queries, judgements per grade)
 * stay exact without recounting a million judgements per keystroke. Each change is kept in the history
 * (by the person's name) and in the audit trail (by subject and name), in the same transaction.
 */
import type { Database, Queryable } from '../db/database';
import { requireRow } from '../db/require-row';
import { recordAudit } from '../audit/audit-trail';
import { joined, quoted, type AuditActor } from '../audit/audit-summaries';
import { HttpError, notFound } from '../errors';
import { queryKey } from '../evaluation/query-key';
import { productIdProblem, queryProblem } from './judgement-rows';
import { pairGrade } from './aggregate-grade';
import type { Aggregate } from '../schemas/golden-sets';
import { pairRatings, personRater, ratingsOf } from './raters';
import type { Rating } from '../schemas/judging';

export interface JudgementRecord {
  product_id: string;
  grade: number;
  judged_by: string | null;
  judged_at: string;
  name: string | null;
  image_url: string | null;
  ratings: Rating[];
}

/** The record's columns, from golden_set_judgements j left-joined to products p. */
const JUDGEMENT_COLUMNS = 'j.product_id, j.grade, j.judged_by, j.judged_at, p.name, p.image_url';

interface LockedSet {
  max_grade: number;
  grade_counts: Record<string, number>;
  version: number;
  aggregate: Aggregate;
  prefer_adjudication: boolean;
}

async function lockSet(tx: Queryable, goldenSetId: number): Promise<LockedSet> {
  const { rows } = await tx.query<LockedSet>(
    'SELECT max_grade, grade_counts, version, aggregate, prefer_adjudication FROM golden_sets WHERE id = $1 FOR UPDATE',
    [goldenSetId],
  );
  if (rows.length === 0) throw notFound('Golden set', goldenSetId);
  return rows[0];
}

function checkText(field: string, problem: string | undefined): void {
  if (problem) throw new HttpError(400, `${field} ${problem}`);
}

/** The set's counts and version after one judgement went from `before` to `after` (undefined: none). */
async function recordChange(
  tx: Queryable,
  goldenSetId: number,
  set: LockedSet,
  change: { query: string; key: string; productId: string; before?: number; after?: number; who: string | null },
): Promise<void> {
  const counts = { ...set.grade_counts };
  const add = (grade: number | undefined, by: number) => {
    if (grade === undefined) return;
    const n = (counts[String(grade)] ?? 0) + by;
    if (n > 0) counts[String(grade)] = n;
    else delete counts[String(grade)];
  };
  add(change.before, -1);
  add(change.after, 1);
  // A query gains its first judgement or loses its last: the set's query count moves with it.
  const others = await tx.query(
    'SELECT 1 FROM golden_set_judgements WHERE golden_set_id = $1 AND query_key = $2 AND product_id <> $3 LIMIT 1',
    [goldenSetId, change.key, change.productId],
  );
  const alone = others.rows.length === 0;
  const queries = !alone ? 0 : change.before === undefined ? 1 : change.after === undefined ? -1 : 0;
  const version = set.version + 1;
  // demo = false: a person's change makes a row the demo made theirs, kept when the demo data is removed.
  await tx.query(
    `UPDATE golden_sets SET grade_counts = $2::jsonb, version = $3, changed_at = now(), query_count = query_count + $4, demo = false WHERE id = $1`,
    [goldenSetId, JSON.stringify(counts), version, queries],
  );
  await tx.query(
    `INSERT INTO golden_set_history (golden_set_id, version, query, query_key, product_id, old_grade, new_grade, changed_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [goldenSetId, version, change.query, change.key, change.productId, change.before ?? null, change.after ?? null, change.who],
  );
}

/**
 * The pair's grade made again from its ratings: the judgement written, changed or removed (no rating left)
 * and the change counted and kept in the history, only when the grade moved. The grades before and after.
 */
async function settlePair(
  tx: Queryable,
  goldenSetId: number,
  set: LockedSet,
  pair: { query: string; key: string; productId: string },
  who: string,
): Promise<{ before?: number; after?: number }> {
  const existing = await tx.query<{ grade: number }>(
    'SELECT grade FROM golden_set_judgements WHERE golden_set_id = $1 AND query_key = $2 AND product_id = $3',
    [goldenSetId, pair.key, pair.productId],
  );
  const before = existing.rows[0]?.grade;
  const after = pairGrade(set.aggregate, await pairRatings(tx, goldenSetId, pair.key, pair.productId), set.prefer_adjudication);
  if (before === after) return { before, after };
  if (after === undefined) {
    await tx.query('DELETE FROM golden_set_judgements WHERE golden_set_id = $1 AND query_key = $2 AND product_id = $3', [
      goldenSetId,
      pair.key,
      pair.productId,
    ]);
  } else {
    await tx.query(
      `INSERT INTO golden_set_judgements (golden_set_id, query, query_key, product_id, grade, judged_by, judged_at)
       VALUES ($1, $2, $3, $4, $5, $6, now())
       ON CONFLICT (golden_set_id, query_key, product_id) DO UPDATE SET grade = EXCLUDED.grade, judged_by = EXCLUDED.judged_by, judged_at = now()`,
      [goldenSetId, pair.query, pair.key, pair.productId, after, who],
    );
  }
  await recordChange(tx, goldenSetId, set, { ...pair, before, after, who });
  return { before, after };
}

/** " · grade 3 → 2" when the pair's grade moved otherwise than the rating did (other raters count too). */
function gradeNote(rating: { before?: number; after?: number }, grade: { before?: number; after?: number }): string {
  if (rating.before === grade.before && rating.after === grade.after) return '';
  return grade.before === grade.after
    ? ` · grade stays ${grade.after ?? 'none'}`
    : ` · grade ${grade.before ?? 'none'} → ${grade.after ?? 'none'}`;
}

/** "3 → 2" when the pair's grade moved; else what the person's rating did, and the grade that stayed. */
function ratingSummary(rating: { before?: number; after: number }, grade: { before?: number; after?: number }): string {
  if (grade.before !== grade.after) return `${grade.before ?? 'none'} → ${grade.after ?? 'none'}`;
  return `rating ${rating.before ?? 'none'} → ${rating.after}${gradeNote(rating, grade)}`;
}

interface OwnRating {
  grade: number;
  adjudication: boolean;
}

/**
 * Records the signed-in person's rating of the pair (their rater found by the account's subject, made on
 * their first rating), as an adjudication when asked, and makes the pair's grade again; an unchanged
 * rating changes nothing.
 */
export async function setJudgement(
  db: Database,
  goldenSetId: number,
  input: { query: string; product_id: string; grade: number; adjudicate?: boolean },
  actor: AuditActor,
): Promise<JudgementRecord> {
  checkText('body.query', queryProblem(input.query));
  checkText('body.product_id', productIdProblem(input.product_id));
  const key = queryKey(input.query);
  await db.transaction(async (tx) => {
    const set = await lockSet(tx, goldenSetId);
    if (input.grade > set.max_grade) {
      throw new HttpError(400, `body.grade must be between 0 and ${set.max_grade} (the golden set's scale), got ${input.grade}`);
    }
    const rater = await personRater(tx, actor);
    const adjudication = input.adjudicate ?? false;
    const existing = await tx.query<OwnRating>(
      'SELECT grade, adjudication FROM golden_set_ratings WHERE golden_set_id = $1 AND query_key = $2 AND product_id = $3 AND rater_id = $4',
      [goldenSetId, key, input.product_id, rater],
    );
    const before = existing.rows[0]?.grade;
    if (before === input.grade && existing.rows[0].adjudication === adjudication) return;
    const stored = await tx.query<{ query: string }>(
      // A product added to a known query takes the query's text as the set has it.
      `INSERT INTO golden_set_ratings (golden_set_id, query, query_key, product_id, rater_id, grade, adjudication, judged_at)
       VALUES ($1, coalesce((SELECT query FROM golden_set_ratings WHERE golden_set_id = $1 AND query_key = $3 LIMIT 1), $2), $3, $4, $5, $6, $7, now())
       ON CONFLICT (golden_set_id, query_key, product_id, rater_id)
         DO UPDATE SET grade = EXCLUDED.grade, adjudication = EXCLUDED.adjudication, judged_at = now()
       RETURNING query`,
      [goldenSetId, input.query.trim(), key, input.product_id, rater, input.grade, adjudication],
    );
    // The history and the trail name the query as the set has it, not as this request spelt it.
    const { query } = stored.rows[0];
    // A person's rating makes a demo set theirs even when the grade stays (recordChange does so when it moves).
    await tx.query('UPDATE golden_sets SET demo = false WHERE id = $1 AND demo', [goldenSetId]);
    const grade = await settlePair(tx, goldenSetId, set, { query, key, productId: input.product_id }, actor.name);
    await recordAudit(tx, actor, {
      action: 'judgement.set',
      target_type: 'golden_set',
      target_id: goldenSetId,
      summary: joined(
        `${quoted(query)} · ${input.product_id}: ${ratingSummary({ before, after: input.grade }, grade)}`,
        adjudication ? 'adjudication' : '',
      ),
    });
  });
  return (await judgementsOf(db, goldenSetId, key, input.product_id))[0];
}

/**
 * Removes the signed-in person's rating of the pair, not the other raters': the pair's grade is made again
 * from the ratings left, and the pair goes when none is left. A pair only an import rated loses the
 * import's rating (a curator removing an uploaded judgement, as before raters). 404 when there is neither.
 */
export async function removeJudgement(
  db: Database,
  goldenSetId: number,
  query: string,
  productId: string,
  actor: AuditActor,
): Promise<void> {
  const key = queryKey(query);
  await db.transaction(async (tx) => {
    const set = await lockSet(tx, goldenSetId);
    const { rows } = await tx.query<{ grade: number; query: string }>(
      `DELETE FROM golden_set_ratings r WHERE r.golden_set_id = $1 AND r.query_key = $2 AND r.product_id = $3
         AND r.rater_id IN (
           SELECT id FROM raters WHERE subject = $4
           UNION ALL
           SELECT t.id FROM raters t WHERE t.kind = 'import' AND NOT EXISTS (
             SELECT 1 FROM golden_set_ratings o JOIN raters k ON k.id = o.rater_id
             WHERE o.golden_set_id = $1 AND o.query_key = $2 AND o.product_id = $3 AND k.kind <> 'import'))
       RETURNING grade, query`,
      [goldenSetId, key, productId, actor.sub],
    );
    if (rows.length === 0) {
      const rated = await tx.query('SELECT 1 FROM golden_set_judgements WHERE golden_set_id = $1 AND query_key = $2 AND product_id = $3', [
        goldenSetId,
        key,
        productId,
      ]);
      const whose = rated.rows.length > 0 ? ' by you (other raters judged it)' : '';
      throw new HttpError(404, `Golden set ${goldenSetId} has no judgement of product ${productId} for the query "${query}"${whose}`);
    }
    const pair = { query: rows[0].query, key, productId };
    const grade = await settlePair(tx, goldenSetId, set, pair, actor.name);
    await recordAudit(tx, actor, {
      action: 'judgement.remove',
      target_type: 'golden_set',
      target_id: goldenSetId,
      summary: `${quoted(rows[0].query)} · ${productId} (was ${rows[0].grade})${gradeNote({ before: rows[0].grade }, grade)}`,
    });
  });
}

/** The judgements of `query` as a request names it; 404 when there is no such set. */
export async function judgementsOfQuery(db: Queryable, goldenSetId: number, query: string): Promise<JudgementRecord[]> {
  await requireRow(db, 'golden_sets', goldenSetId);
  return judgementsOf(db, goldenSetId, queryKey(query));
}

/** The judgements of one query (or of one of its products), best grade first, with catalogue names. */
async function judgementsOf(db: Queryable, goldenSetId: number, key: string, productId?: string): Promise<JudgementRecord[]> {
  const { rows } = await db.query<Omit<JudgementRecord, 'ratings'>>(
    `SELECT ${JUDGEMENT_COLUMNS} FROM golden_set_judgements j LEFT JOIN products p ON p.product_id = j.product_id
     WHERE j.golden_set_id = $1 AND j.query_key = $2 AND ($3::text IS NULL OR j.product_id = $3)
     ORDER BY j.grade DESC, j.product_id`,
    [goldenSetId, key, productId ?? null],
  );
  const ratings = await ratingsOf(db, goldenSetId, key, productId);
  return rows.map((row) => ({ ...row, ratings: ratings.get(row.product_id) ?? [] }));
}
