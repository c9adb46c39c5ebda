/**
 * Re-keys what was stored under query keys from before they were normalised (migration 016): entries,
 * golden-set judgements and their history, run results. Only text with a character past ASCII can key
 * differently now, so only such rows are read, a batch at a time, and only those whose key changes (text
 * typed with decomposed accents or invisible characters: few) are kept and written.
 */
import type { Queryable } from '../db/database';
import { recordAudit } from '../audit/audit-trail';
import { quoted, type AuditActor } from '../audit/audit-summaries';
import { queryKey } from '../evaluation/query-key';
import { storeQueryCount } from '../golden-sets/golden-set-records';
import {
  planJudgementKeys,
  planResultKeys,
  resultSlot,
  type JudgementMerge,
  type Stale,
  type StoredJudgement,
  type StoredResult,
} from './query-key-merges';

const BATCH_ROWS = 10_000;
/** What the history and the audit trail name as having merged two spellings' judgements. */
export const NORMALISATION: AuditActor = { sub: 'server', name: 'query key normalisation' };

/** Runs in migration 016's transaction, so that its keys change all at once or not at all. */
export async function normaliseStoredQueryKeys(tx: Queryable): Promise<void> {
  await setKeys(tx, 'dataset_entries', await staleRows(tx, 'dataset_entries', 'input', ''));
  await setKeys(tx, 'golden_set_history', await staleRows(tx, 'golden_set_history', 'query', ''));
  await rekeyJudgements(tx);
  await rekeyResults(tx);
}

/** The rows of `table` whose stored key is not the key of their `textColumn` now, with `columns` besides. */
async function staleRows<R extends { id: number; query_key: string }>(
  tx: Queryable,
  table: string,
  textColumn: string,
  columns: string,
): Promise<Array<Stale<R>>> {
  const stale: Array<Stale<R>> = [];
  let after = 0;
  for (;;) {
    const { rows } = await tx.query<R & { text: string }>(
      String.raw`SELECT id, query_key, ${textColumn} AS text${columns} FROM ${table}
       WHERE id > $1 AND query_key IS NOT NULL AND ${textColumn} ~ '[^\x01-\x7f]' ORDER BY id LIMIT $2`,
      [after, BATCH_ROWS],
    );
    for (const row of rows) {
      const key = queryKey(row.text);
      if (key !== row.query_key) stale.push({ ...row, key });
    }
    if (rows.length < BATCH_ROWS) return stale;
    after = Number(rows[rows.length - 1].id);
  }
}

async function setKeys(tx: Queryable, table: string, rows: ReadonlyArray<{ id: number; key: string }>): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const batch = rows.slice(start, start + BATCH_ROWS);
    await tx.query(`UPDATE ${table} t SET query_key = f.key FROM unnest($1::bigint[], $2::text[]) AS f (id, key) WHERE t.id = f.id`, [
      batch.map((row) => row.id),
      batch.map((row) => row.key),
    ]);
  }
}

/**
 * Moves rows under unique keys to their new ones by way of a key no real one can be (keys are trimmed), so
 * that a row moving in never meets one that is moving out.
 */
async function moveKeys(tx: Queryable, table: string, rows: ReadonlyArray<{ id: number; key: string }>): Promise<void> {
  await setKeys(
    tx,
    table,
    rows.map((row) => ({ id: row.id, key: ` ${row.id}` })),
  );
  await setKeys(tx, table, rows);
}

async function rekeyJudgements(tx: Queryable): Promise<void> {
  const stale = await staleRows<StoredJudgement>(
    tx,
    'golden_set_judgements',
    'query',
    ', golden_set_id, query, product_id, grade, judged_at',
  );
  if (stale.length === 0) return;
  const staleIds = new Set(stale.map((judgement) => judgement.id));
  const staying: StoredJudgement[] = [];
  for (let start = 0; start < stale.length; start += BATCH_ROWS) {
    const batch = stale.slice(start, start + BATCH_ROWS);
    const { rows } = await tx.query<StoredJudgement>(
      `SELECT j.id, j.golden_set_id, j.query, j.query_key, j.product_id, j.grade, j.judged_at FROM golden_set_judgements j
       JOIN unnest($1::bigint[], $2::text[], $3::text[]) AS t (golden_set_id, query_key, product_id)
         ON j.golden_set_id = t.golden_set_id AND j.query_key = t.query_key AND j.product_id = t.product_id`,
      [batch.map((j) => j.golden_set_id), batch.map((j) => j.key), batch.map((j) => j.product_id)],
    );
    staying.push(...rows.filter((row) => !staleIds.has(row.id)));
  }
  const { moves, merges } = planJudgementKeys(stale, staying);
  await tx.query('DELETE FROM golden_set_judgements WHERE id = ANY($1::bigint[])', [merges.map((merge) => merge.dropped.id)]);
  await moveKeys(tx, 'golden_set_judgements', moves);
  await recordMerges(tx, merges);
  for (const goldenSetId of new Set(stale.map((judgement) => judgement.golden_set_id))) await storeQueryCount(tx, goldenSetId);
}

/** A set's merges are one change of it (one version), each kept in its history and the audit trail. */
async function recordMerges(tx: Queryable, merges: readonly JudgementMerge[]): Promise<void> {
  const bySet = new Map<number, JudgementMerge[]>();
  for (const merge of merges) bySet.set(merge.kept.golden_set_id, [...(bySet.get(merge.kept.golden_set_id) ?? []), merge]);
  for (const [goldenSetId, setMerges] of bySet) {
    const { rows } = await tx.query<{ version: number }>(
      'UPDATE golden_sets SET version = version + 1, changed_at = now() WHERE id = $1 RETURNING version',
      [goldenSetId],
    );
    for (const { key, kept, dropped } of setMerges) {
      await tx.query(
        `INSERT INTO golden_set_history (golden_set_id, version, query, query_key, product_id, old_grade, new_grade, changed_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [goldenSetId, rows[0].version, dropped.query, key, dropped.product_id, dropped.grade, kept.grade, NORMALISATION.name],
      );
      await recordAudit(tx, NORMALISATION, {
        action: 'judgement.merge',
        target_type: 'golden_set',
        target_id: goldenSetId,
        summary: `${quoted(dropped.query)} · ${dropped.product_id}: ${dropped.grade} → ${kept.grade}, the grade of ${quoted(kept.query)}, the same query now`,
      });
    }
  }
}

async function rekeyResults(tx: Queryable): Promise<void> {
  const stale = await staleRows<StoredResult>(tx, 'experiment_run_results', 'input', ', run_id, counted');
  const staleIds = new Set(stale.map((result) => result.id));
  const countedKeys = new Set<string>();
  const counted = stale.filter((result) => result.counted);
  for (let start = 0; start < counted.length; start += BATCH_ROWS) {
    const batch = counted.slice(start, start + BATCH_ROWS);
    const { rows } = await tx.query<{ id: number; run_id: number; query_key: string }>(
      `SELECT r.id, r.run_id, r.query_key FROM experiment_run_results r
       JOIN unnest($1::bigint[], $2::text[]) AS t (run_id, query_key) ON r.run_id = t.run_id AND r.query_key = t.query_key
       WHERE r.counted`,
      [batch.map((result) => result.run_id), batch.map((result) => result.key)],
    );
    for (const row of rows) if (!staleIds.has(row.id)) countedKeys.add(resultSlot(row.run_id, row.query_key));
  }
  await moveKeys(tx, 'experiment_run_results', planResultKeys(stale, countedKeys));
}
