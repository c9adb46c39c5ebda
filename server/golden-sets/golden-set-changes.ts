/**
 * A golden set edited, deleted or uploaded, each with its audit row in the transaction of the
 * change: the fields an edit changed, the scale before and after, what a deletion or an upload took away
 * or brought.
 */
import type { Database, Queryable } from '../db/database';
import { isUniqueViolation } from '../db/database-errors';
import { recordAudit } from '../audit/audit-trail';
import { changedFields, counted, joined, quoted, type AuditActor } from '../audit/audit-summaries';
import { HttpError, notFound } from '../errors';
import { listed, NAMED_EXPERIMENTS, usedByExperiments } from '../used-by-experiments';
import type { Aggregate, GoldenSet, GoldenSetChanges } from '../schemas/golden-sets';
import { regradeSet } from './aggregate-recount';
import { duplicateName, loadGoldenSet } from './golden-set-records';
import { importGoldenSet, type JudgementSource, type NewGoldenSet } from './import-judgements';
import { changeScale } from './golden-set-scale';

type Described = { name: string; description: string; market: string; ratings_per_pair: number };
type Scale = { max_grade: number; grade_labels: string[] };
type Rule = { aggregate: Aggregate; prefer_adjudication: boolean };

/** "mean → median", " · adjudications preferred" or "… no longer preferred" when that changed too. */
function ruleSummary(before: Rule, after: Rule): string {
  const adjudications =
    before.prefer_adjudication === after.prefer_adjudication
      ? ''
      : after.prefer_adjudication
        ? 'adjudications preferred'
        : 'adjudications no longer preferred';
  const rule = before.aggregate === after.aggregate && adjudications !== '' ? '' : `${before.aggregate} → ${after.aggregate}`;
  return joined(rule, adjudications);
}

const TEXT_FIELDS = ['name', 'description', 'market', 'ratings_per_pair'] as const;

/** "0–3 → 0–4", " · labels" when they changed too. */
function scaleSummary(before: Scale, after: Scale): string {
  const labels = JSON.stringify(before.grade_labels) === JSON.stringify(after.grade_labels) ? '' : 'labels';
  return joined(`0–${before.max_grade} → 0–${after.max_grade}`, labels);
}

/**
 * Renames the set or changes its description, market, ratings per pair, scale or rule of aggregation;
 * `name` is the checked new name. Records golden_set.update for the plain fields (when the request names
 * one), golden_set.scale for a scale and golden_set.aggregate for a rule (every pair regraded by it).
 * The set as it is now; 409 when the name is another set's.
 */
export async function changeGoldenSet(
  db: Database,
  actor: AuditActor,
  id: number,
  changes: Omit<GoldenSetChanges, 'name'> & { name: string | null },
): Promise<GoldenSet> {
  try {
    await applyChanges(db, actor, id, changes);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(changes.name!);
    throw error;
  }
  return loadGoldenSet(db, id);
}

async function applyChanges(
  db: Database,
  actor: AuditActor,
  id: number,
  changes: Omit<GoldenSetChanges, 'name'> & { name: string | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await tx.query<Described & Scale & Rule>(
      'SELECT name, description, market, ratings_per_pair, max_grade, grade_labels, aggregate, prefer_adjudication FROM golden_sets WHERE id = $1 FOR UPDATE',
      [id],
    );
    if (before.rows.length === 0) throw notFound('Golden set', id);
    // demo = false: a person's change makes a row the demo made theirs, kept when the demo data is removed.
    const after = await tx.query<Described>(
      `UPDATE golden_sets SET name = coalesce($2, name), description = coalesce($3, description),
         market = coalesce($4, market), ratings_per_pair = coalesce($5, ratings_per_pair), updated_at = now(), demo = false
       WHERE id = $1 RETURNING name, description, market, ratings_per_pair`,
      [id, changes.name, changes.description?.trim() ?? null, changes.market?.trim() ?? null, changes.ratings_per_pair ?? null],
    );
    const event = { target_type: 'golden_set', target_id: id };
    const textGiven =
      changes.name !== null || changes.description !== undefined || changes.market !== undefined || changes.ratings_per_pair !== undefined;
    if (textGiven) {
      const summary = changedFields(before.rows[0], after.rows[0], TEXT_FIELDS);
      await recordAudit(tx, actor, { ...event, action: 'golden_set.update', summary });
    }
    if (changes.scale) {
      await changeScale(tx, id, changes.scale);
      const scaled = await tx.query<Scale>('SELECT max_grade, grade_labels FROM golden_sets WHERE id = $1', [id]);
      await recordAudit(tx, actor, { ...event, action: 'golden_set.scale', summary: scaleSummary(before.rows[0], scaled.rows[0]) });
    }
    if (changes.aggregate !== undefined || changes.prefer_adjudication !== undefined) {
      const rule = {
        aggregate: changes.aggregate ?? before.rows[0].aggregate,
        prefer_adjudication: changes.prefer_adjudication ?? before.rows[0].prefer_adjudication,
      };
      await tx.query('UPDATE golden_sets SET aggregate = $2, prefer_adjudication = $3 WHERE id = $1', [
        id,
        rule.aggregate,
        rule.prefer_adjudication,
      ]);
      const changed = await regradeSet(tx, id, actor.name);
      const summary = joined(ruleSummary(before.rows[0], rule), counted(changed, 'grade changed', 'grades changed'));
      await recordAudit(tx, actor, { ...event, action: 'golden_set.aggregate', summary });
    }
  });
}

/**
 * Refuses (409) while experiments score against the set, naming them, or while runs still going do (a run
 * keeps the golden set it started with when its experiment moves to another).
 */
async function refuseWhileUsed(tx: Queryable, id: number, name: string): Promise<void> {
  const usesSet = "config->'golden_set_id' = to_jsonb($1::bigint)";
  const experiments = await tx.query<{ id: number; name: string; total: number }>(
    `SELECT id, name, count(*) OVER ()::int AS total FROM experiments WHERE ${usesSet} ORDER BY name, id LIMIT $2`,
    [id, NAMED_EXPERIMENTS],
  );
  if (experiments.rows.length > 0) {
    const named = experiments.rows.map((row) => ({ id: row.id, name: row.name }));
    throw usedByExperiments(`Golden set "${name}"`, named, experiments.rows[0].total);
  }
  const runs = await tx.query<{ id: number }>(
    `SELECT id FROM experiment_runs WHERE status IN ('pending', 'running') AND config IS NOT NULL AND ${usesSet} ORDER BY id`,
    [id],
  );
  if (runs.rows.length > 0) {
    const ids = runs.rows.map((row) => row.id);
    const [going, them] = ids.length === 1 ? [`run ${ids[0]} is`, 'it'] : [`runs ${listed(ids.map(String))} are`, 'them'];
    const message = `Golden set "${name}" cannot be deleted: ${going} scoring against it (cancel ${them} or let ${them} end first).`;
    throw new HttpError(409, message, { runs: ids });
  }
}

/** Deletes the set and its judgements, unless something uses it; 404 when there is none. `why`, when the user did not ask for it. */
export async function deleteGoldenSet(db: Database, actor: AuditActor, id: number, why = ''): Promise<void> {
  await db.transaction(async (tx) => {
    // Locked before the check: an experiment saved or a rescore queued meanwhile waits, then finds the set gone.
    const { rows } = await tx.query<{ name: string }>('SELECT name FROM golden_sets WHERE id = $1 FOR UPDATE', [id]);
    if (rows.length === 0) throw notFound('Golden set', id);
    await refuseWhileUsed(tx, id, rows[0].name);
    await tx.query('DELETE FROM golden_sets WHERE id = $1', [id]);
    const summary = joined(quoted(rows[0].name), why);
    await recordAudit(tx, actor, { action: 'golden_set.delete', target_type: 'golden_set', target_id: id, summary });
  });
}

/**
 * A set from an uploaded file: one transaction holds the set, every judgement and the audit row, all or
 * none of them. Its id; 409 when the name is another set's.
 */
export async function createUploadedGoldenSet(
  db: Database,
  actor: AuditActor,
  set: NewGoldenSet,
  source: JudgementSource,
): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      const id = await importGoldenSet(tx, set, source);
      await recordGoldenSetUpload(tx, actor, id);
      return id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(set.name);
    throw error;
  }
}

/**
 * The audit row of an uploaded set, written on the upload's transaction once its judgements are in (the
 * whole file is COPYed in that one transaction, so this is the one that makes it visible).
 */
async function recordGoldenSetUpload(tx: Queryable, actor: AuditActor, id: number): Promise<void> {
  const set = await loadGoldenSet(tx, id);
  await recordAudit(tx, actor, {
    action: 'golden_set.upload',
    target_type: 'golden_set',
    target_id: id,
    summary: joined(
      quoted(set.name),
      counted(set.judgement_count, 'judgement', 'judgements'),
      counted(set.query_count, 'query', 'queries'),
    ),
  });
}
