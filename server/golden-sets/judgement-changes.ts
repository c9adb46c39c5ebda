/**
 * One judgement set, changed or removed by a person: in one transaction with the golden set's
 * row locked, so its version counts every change once and its kept counts (queries, judgements per grade)
 * stay exact without recounting a million judgements per keystroke. Each change is kept in the history
 * (by the person's name) and in the audit trail (by subject and name), in the same transaction.
 */
import type { Database, Queryable } from '../db/database';
import { requireRow } from '../db/require-row';
import { recordAudit } from '../audit/audit-trail';
import { quoted, type AuditActor } from '../audit/audit-summaries';
import { HttpError, notFound } from '../errors';
import { queryKey } from '../evaluation/query-key';
import { productIdProblem, queryProblem } from './judgement-rows';

export interface JudgementRecord {
  product_id: string;
  grade: number;
  judged_by: string | null;
  judged_at: string;
  name: string | null;
  image_url: string | null;
}

/** The record's columns, from golden_set_judgements j left-joined to products p. */
const JUDGEMENT_COLUMNS = 'j.product_id, j.grade, j.judged_by, j.judged_at, p.name, p.image_url';

interface LockedSet {
  max_grade: number;
  grade_counts: Record<string, number>;
  version: number;
}

async function lockSet(tx: Queryable, goldenSetId: number): Promise<LockedSet> {
  const { rows } = await tx.query<LockedSet>('SELECT max_grade, grade_counts, version FROM golden_sets WHERE id = $1 FOR UPDATE', [
    goldenSetId,
  ]);
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

/** Creates the judgement or changes its grade; an unchanged grade changes nothing. */
export async function setJudgement(
  db: Database,
  goldenSetId: number,
  input: { query: string; product_id: string; grade: number },
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
    const existing = await tx.query<{ grade: number }>(
      'SELECT grade FROM golden_set_judgements WHERE golden_set_id = $1 AND query_key = $2 AND product_id = $3',
      [goldenSetId, key, input.product_id],
    );
    const before = existing.rows[0]?.grade;
    if (before === input.grade) return;
    const stored = await tx.query<{ query: string }>(
      // A product added to a known query takes the query's text as the set has it.
      `INSERT INTO golden_set_judgements (golden_set_id, query, query_key, product_id, grade, judged_by, judged_at)
       VALUES ($1, coalesce((SELECT query FROM golden_set_judgements WHERE golden_set_id = $1 AND query_key = $3 LIMIT 1), $2), $3, $4, $5, $6, now())
       ON CONFLICT (golden_set_id, query_key, product_id) DO UPDATE SET grade = EXCLUDED.grade, judged_by = EXCLUDED.judged_by, judged_at = now()
       RETURNING query`,
      [goldenSetId, input.query.trim(), key, input.product_id, input.grade, actor.name],
    );
    // The history and the trail name the query as the set has it, not as this request spelt it.
    const { query } = stored.rows[0];
    await recordChange(tx, goldenSetId, set, { query, key, productId: input.product_id, before, after: input.grade, who: actor.name });
    await recordAudit(tx, actor, {
      action: 'judgement.set',
      target_type: 'golden_set',
      target_id: goldenSetId,
      summary: `${quoted(query)} · ${input.product_id}: ${before ?? 'none'} → ${input.grade}`,
    });
  });
  return (await judgementsOf(db, goldenSetId, key, input.product_id))[0];
}

/** Removes the judgement; 404 when there is none. */
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
      'DELETE FROM golden_set_judgements WHERE golden_set_id = $1 AND query_key = $2 AND product_id = $3 RETURNING grade, query',
      [goldenSetId, key, productId],
    );
    if (rows.length === 0) {
      throw new HttpError(404, `Golden set ${goldenSetId} has no judgement of product ${productId} for the query "${query}"`);
    }
    await recordChange(tx, goldenSetId, set, { query: rows[0].query, key, productId, before: rows[0].grade, who: actor.name });
    await recordAudit(tx, actor, {
      action: 'judgement.remove',
      target_type: 'golden_set',
      target_id: goldenSetId,
      summary: `${quoted(rows[0].query)} · ${productId} (was ${rows[0].grade})`,
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
  const { rows } = await db.query<JudgementRecord>(
    `SELECT ${JUDGEMENT_COLUMNS} FROM golden_set_judgements j LEFT JOIN products p ON p.product_id = j.product_id
     WHERE j.golden_set_id = $1 AND j.query_key = $2 AND ($3::text IS NULL OR j.product_id = $3)
     ORDER BY j.grade DESC, j.product_id`,
    [goldenSetId, key, productId ?? null],
  );
  return rows;
}
