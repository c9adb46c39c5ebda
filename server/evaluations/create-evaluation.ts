/**
 * An evaluation is made in one transaction: its run (without an experiment), its queries and their rankings
 * cut at k, and the evaluation naming them; then the runs' worker scores it as it scores a rescore, from the
 * rankings instead of a search. With a dataset, its queries are the dataset's (copied by the worker, as a
 * run's are) and a query the file does not rank scores as one with no results; the file's other queries are
 * left out. Without one, its queries are the file's.
 */
import type { Database, Queryable } from '../db/database';
import { recordAudit } from '../audit/audit-trail';
import { quoted, type AuditActor } from '../audit/audit-summaries';
import { rowCount } from '../db/row-counts';
import { queryKey } from '../evaluation/query-key';
import { HttpError, notFound } from '../errors';
import type { RunQueue } from '../runs/run-queue';

type EvaluationFormat = 'trec' | 'csv' | 'jsonl';

export interface EvaluationSettings {
  name: string;
  golden_set_id: number;
  dataset_id?: number;
  k: number;
  gain: 'linear' | 'exponential';
  relevant_from: number;
  format: EvaluationFormat;
  file_name: string;
}

/** Each query's ranking, best first, as the file gave it. */
export type Rankings = ReadonlyMap<string, readonly string[]>;

export interface CreatedEvaluation {
  id: number;
  run_id: number;
}

/** Rankings per statement: a few MB of JSON each. */
const RANKINGS_PER_STATEMENT = 5000;
/** An evaluation's run passes a query as a run's does: nDCG@k of at least a half. */
const PASS_THRESHOLD = 0.5;

/** The rankings by query key, cut at k; two queries of the file that are one query once normalised are refused. */
function keyedRankings(rankings: Rankings, k: number): Map<string, string[]> {
  const keyed = new Map<string, string[]>();
  const textOf = new Map<string, string>();
  for (const [query, ranking] of rankings) {
    const key = queryKey(query);
    const other = textOf.get(key);
    if (other !== undefined) {
      throw new HttpError(
        400,
        `file: the queries ${quoted(other)} and ${quoted(query)} are one query once normalised: give its ranking once`,
      );
    }
    textOf.set(key, query);
    keyed.set(key, ranking.slice(0, k));
  }
  return keyed;
}

export async function createEvaluation(
  db: Database,
  queue: RunQueue,
  actor: AuditActor,
  settings: EvaluationSettings,
  rankings: Rankings,
): Promise<CreatedEvaluation> {
  const keyed = keyedRankings(rankings, settings.k);
  const created = await db.transaction(async (tx) => {
    // Locked until the evaluation is queued: a golden set or dataset deleted meanwhile waits, then finds it used.
    const golden = await tx.query('SELECT 1 FROM golden_sets WHERE id = $1 FOR KEY SHARE', [settings.golden_set_id]);
    if (golden.rows.length === 0) throw notFound('Golden set', settings.golden_set_id);
    let total = keyed.size;
    if (settings.dataset_id !== undefined) {
      const dataset = await tx.query('SELECT 1 FROM datasets WHERE id = $1 FOR KEY SHARE', [settings.dataset_id]);
      if (dataset.rows.length === 0) throw notFound('Dataset', settings.dataset_id);
      total = await rowCount(tx, 'dataset', settings.dataset_id);
      if (total === 0) throw new HttpError(409, `Dataset ${settings.dataset_id} has no queries to evaluate`);
    } else if (total === 0) {
      throw new HttpError(400, 'file: it ranks no query');
    }
    const config = {
      golden_set_id: settings.golden_set_id,
      k: settings.k,
      gain: settings.gain,
      relevant_from: settings.relevant_from,
      pass_threshold: PASS_THRESHOLD,
    };
    const run = await tx.query<{ id: number }>(
      `INSERT INTO experiment_runs (experiment_id, evaluation_script_name, status, config, progress_total, copying_from_dataset_id,
         golden_set_version, judges)
       SELECT NULL, 'Uploaded ranking', 'pending', $1::jsonb, $2, $3, g.version,
         jsonb_build_object('raters', 'all', 'aggregate', g.aggregate, 'prefer_adjudication', g.prefer_adjudication)
       FROM golden_sets g WHERE g.id = $4
       RETURNING id`,
      [JSON.stringify(config), total, settings.dataset_id ?? null, settings.golden_set_id],
    );
    const runId = Number(run.rows[0].id);
    await storeRankings(tx, runId, keyed);
    if (settings.dataset_id === undefined) {
      // The file's queries are the run's entries, numbered in the file's order.
      const queries = [...rankings.keys()];
      await tx.query(
        `INSERT INTO experiment_run_entries (run_id, entry_id, input)
         SELECT $1, n, q FROM unnest($2::text[]) WITH ORDINALITY AS x (q, n)`,
        [runId, queries],
      );
    }
    const evaluation = await tx.query<{ id: number }>(
      `INSERT INTO evaluations (name, run_id, golden_set_id, dataset_id, format, file_name, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [settings.name, runId, settings.golden_set_id, settings.dataset_id ?? null, settings.format, settings.file_name, actor.name],
    );
    const id = Number(evaluation.rows[0].id);
    await recordAudit(tx, actor, {
      action: 'evaluation.create',
      target_type: 'evaluation',
      target_id: id,
      summary: `${quoted(settings.name)}: ${keyed.size} ranked queries from ${quoted(settings.file_name)}`,
    });
    await queue.enqueue(tx, runId);
    return { id, run_id: runId };
  });
  queue.committed(created.run_id);
  return created;
}

async function storeRankings(tx: Queryable, runId: number, keyed: Map<string, string[]>): Promise<void> {
  const all = [...keyed];
  for (let start = 0; start < all.length; start += RANKINGS_PER_STATEMENT) {
    const chunk = all.slice(start, start + RANKINGS_PER_STATEMENT).map(([key, ids]) => ({ key, ids }));
    await tx.query(
      `INSERT INTO evaluation_rankings (run_id, query_key, product_ids)
       SELECT $1, x.key, ARRAY(SELECT jsonb_array_elements_text(x.ids)) FROM jsonb_to_recordset($2::jsonb) AS x (key text, ids jsonb)`,
      [runId, JSON.stringify(chunk)],
    );
  }
}
