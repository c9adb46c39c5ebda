/**
 * The work of one run: search each entry of its snapshot, score it against the golden set, store one
 * result per entry. Done in slices so a queue can hand a long run between workers; every batch is
 * one transaction that stores its results and advances the progress together, and the database's
 * (run, entry) key drops a result a resumed or duplicated slice would write twice.
 */
import { settleImport } from '../db/after-import';
import type { Database } from '../db/database';
import { queryKey } from '../evaluation/query-key';
import type { SearchHit, SearchTarget } from '../search/search-target';
import type { RunConfig } from './experiment-config';
import { failedResult, scoredResult, type RunResult } from './run-result';
import { createSearchTarget, targetLabel, type SearchTargetFactory } from '../search/search-targets';
import { addTally, markCounted, tallyOf } from './run-tally';
import { logRun, type RunLog } from './run-log';
import { keepScoreLines } from '../comparisons/run-scores';
import { storableHits } from '../search/storable-hits';
import { copyRunEntries } from './copy-run-entries';
import { storedOutcomes } from './stored-rankings';
import { uploadedOutcomes } from './uploaded-rankings';
import { gradesOf } from './run-judges';
import type { RunJudges } from '../schemas/run-judges';

export interface SliceOptions {
  /** Take no new batch after this time (ms since the epoch); the run then stays running for the next slice. */
  deadline?: number;
  /** Aborted when the worker stops: the slice ends after storing what it has. */
  signal?: AbortSignal;
  createTarget?: SearchTargetFactory;
  /** Entries copied into the run per statement before it begins (copy-run-entries.ts). */
  copyChunk?: number;
  /** Entries per batch (per transaction); the default suits the target. */
  batchSize?: number;
  /** Waits between attempts of a failing search; one attempt more than there are waits. */
  retryDelaysMs?: readonly number[];
  /** Where the run's start and end are told (the server's log, the worker's console). */
  log?: RunLog;
  /** Told once when this worker ended a run (succeeded or failed): a scheduled run's alerts are sent from here. */
  onEnded?: (db: Database, runId: number) => void;
}

/** What a run's end is told to. */
export type RunEndListeners = Pick<SliceOptions, 'log' | 'onEnded'>;

/** 'more' when the run still has entries to evaluate; 'finished' when it ended (or was cancelled). */
export type SliceOutcome = 'finished' | 'more';

/**
 * Entries per batch of an evaluation's run: nothing is searched, so a batch is only the scoring and one write.
 * At 20,000 queries on PGlite 1,000 scored fastest (7.96 s to the end against 8.61 s at 500, 8.44 s at 2,500:
 * a larger write costs more per row).
 */
const UPLOADED_BATCH = 1000;
/** This many failed searches in a row stop the run: the target is down, not flaky. */
const FAILURES_IN_A_ROW = 20;
const DEFAULT_RETRY_DELAYS_MS = [250, 1000];

interface RunRow {
  config: RunConfig;
  /** This slice is the run's first: it set started_at. */
  first: boolean;
  /** A rescore: the run whose stored rankings it scores again. */
  rescore_of: number | null;
  /** Whose ratings, by which rule, grade the pairs (run-judges.ts). */
  judges: RunJudges | null;
  /** An evaluation's run: its rankings were uploaded (evaluation_rankings), and its config names no search target. */
  uploaded: boolean;
}

interface PendingEntry {
  entry_id: number;
  input: string;
}

interface StoredResult {
  entry_id: number;
  result: RunResult;
  query_key: string;
}

class RunStopped extends Error {}

export async function processRunSlice(db: Database, runId: number, options: SliceOptions = {}): Promise<SliceOutcome> {
  const copy = await copyRunEntries(db, runId, { ...options, chunkSize: options.copyChunk });
  if (copy === 'more') return 'more';
  if (copy === 'empty') {
    await failRunWith(db, runId, 'Its dataset had no entries left when the run began', options);
    return 'finished';
  }
  if (copy === 'ended') return 'finished';
  const { rows } = await db.query<RunRow>(
    `UPDATE experiment_runs SET status = 'running', started_at = coalesce(started_at, now()), updated_at = now()
     WHERE id = $1 AND status IN ('pending', 'running') AND config IS NOT NULL AND copying_from_dataset_id IS NULL
     RETURNING config, started_at = now() AS first, rescore_of, judges, EXISTS (SELECT 1 FROM evaluations WHERE run_id = $1) AS uploaded`,
    [runId],
  );
  if (rows.length === 0) return 'finished';
  const { config, first, rescore_of, judges, uploaded } = rows[0];
  if (first) await logRun(db, options.log, runId, 'started');
  const failRun = (error: string) => failRunWith(db, runId, error, options);
  const golden = await db.query('SELECT 1 FROM golden_sets WHERE id = $1', [config.golden_set_id]);
  if (golden.rows.length === 0) {
    await failRun(`Golden set ${config.golden_set_id} was deleted while the run was going`);
    return 'finished';
  }
  let target: SearchTarget | undefined;
  try {
    // A rescore searches nothing: it scores the first run's stored rankings again; an evaluation, its uploaded ones.
    target = rescore_of === null && !uploaded ? (options.createTarget ?? createSearchTarget)(config.search_target, db) : undefined;
  } catch (error) {
    await failRun(`The search target cannot be used: ${(error as Error).message}`);
    return 'finished';
  }
  const batchSize = options.batchSize ?? (uploaded ? UPLOADED_BATCH : defaultBatchSize(config));
  const version = uploaded ? 'uploaded ranking' : targetLabel(config.search_target);
  // The built-in search is a statement on PGlite's one connection: searching a batch at once would queue
  // every request behind the whole batch, and gains nothing there.
  const oneSearchAtATime = db.kind === 'pglite' && !uploaded && config.search_target.kind === 'builtin';
  // Batches go in entry order, so a slice goes on after the last result stored. Only another worker
  // on the same run leaves entries without a result below that: the end checks, and looks once more.
  let after = await lastStoredEntry(db, runId);
  let lookedFromStart = after === 0;
  let failuresInARow = 0;

  while (true) {
    if (options.signal?.aborted || (options.deadline !== undefined && Date.now() >= options.deadline)) return 'more';
    const batch = await pendingBatch(db, runId, after, batchSize);
    if (batch.rows.length === 0) {
      if (batch.scannedTo === undefined) {
        if (!lookedFromStart && !(await allStored(db, runId))) {
          [after, lookedFromStart] = [0, true];
          continue;
        }
        // Kept before the run shows as ended: whatever compares it from then on (an alert, a person) reads them.
        await keepLinesOf(db, runId, options.log);
        await settleResults(db, runId, options.log);
        if (await finishRun(db, runId)) await runEnded(db, runId, options);
        return 'finished';
      }
      after = batch.scannedTo;
      continue;
    }
    after = Number(batch.rows[batch.rows.length - 1].entry_id);
    const keys = [...new Set(batch.rows.map((e) => queryKey(e.input)))];
    const judgements = await gradesOf(db, config.golden_set_id, judges, keys);
    const stored =
      rescore_of !== null
        ? await storedOutcomes(db, rescore_of, batch.rows)
        : uploaded
          ? await uploadedOutcomes(db, runId, batch.rows)
          : undefined;
    const evaluate = async ({ entry_id, input }: PendingEntry): Promise<StoredResult> => {
      const key = queryKey(input);
      const judged = judgements.get(key) ?? new Map<string, number>();
      const outcome = stored ? stored.get(Number(entry_id))! : await searchWithRetries(target!, input, config.k, options);
      const result =
        'hits' in outcome
          ? scoredResult(input, outcome.hits, judged, config, version)
          : failedResult(input, outcome.error, judged, config, version);
      return { entry_id: Number(entry_id), result, query_key: key };
    };
    let results: StoredResult[];
    try {
      results = oneSearchAtATime ? await inTurn(batch.rows, evaluate) : await Promise.all(batch.rows.map(evaluate));
    } catch (error) {
      if (error instanceof RunStopped) return 'more';
      throw error;
    }
    for (const { result } of results) failuresInARow = result.status === 'ERROR' ? failuresInARow + 1 : 0;
    const stillRunning = await storeResults(db, runId, config, results);
    if (!stillRunning) return 'finished';
    if (failuresInARow >= FAILURES_IN_A_ROW) {
      const last = results[results.length - 1].result.test_result;
      await failRun(`${failuresInARow} searches in a row failed, so the run stopped. The last: ${last}`);
      return 'finished';
    }
  }
}

/**
 * Run entries one query looks through for ones without a result (a batch's worth when batches are larger): a few
 * tens of ms on PGlite, however far the run is.
 */
const SCAN_WINDOW = 500;

async function lastStoredEntry(db: Database, runId: number): Promise<number> {
  const { rows } = await db.query<{ last: string | number | null }>(
    'SELECT max(entry_id) AS last FROM experiment_run_results WHERE run_id = $1',
    [runId],
  );
  return Number(rows[0].last ?? 0);
}

/** Every entry has its result: the progress counts results as they are stored. */
async function allStored(db: Database, runId: number): Promise<boolean> {
  const { rows } = await db.query<{ done: boolean }>('SELECT progress_done >= progress_total AS done FROM experiment_runs WHERE id = $1', [
    runId,
  ]);
  return rows[0]?.done ?? true;
}

/**
 * The next entries after `after` that have no result yet, up to `batchSize`, looking through at most
 * SCAN_WINDOW entries; `scannedTo` says where to look next when that window had none. The inputs of
 * entries already done are not read.
 */
async function pendingBatch(db: Database, runId: number, after: number, batchSize: number) {
  const { rows } = await db.query<{ entry_id: number; input: string | null }>(
    `WITH w AS (SELECT entry_id, input FROM experiment_run_entries WHERE run_id = $1 AND entry_id > $2 ORDER BY entry_id LIMIT $3)
     SELECT w.entry_id,
       CASE WHEN EXISTS (SELECT 1 FROM experiment_run_results r WHERE r.run_id = $1 AND r.entry_id = w.entry_id) THEN NULL ELSE w.input END AS input
     FROM w ORDER BY w.entry_id`,
    [runId, after, Math.max(SCAN_WINDOW, batchSize)],
  );
  const pending = rows.filter((row): row is PendingEntry => row.input !== null).slice(0, batchSize);
  const scannedTo = rows.length === 0 ? undefined : Number(rows[rows.length - 1].entry_id);
  return { rows: pending, scannedTo };
}

/** Processes a run to its end in this process (tests, the demo seed, benchmarks). */
export async function runToCompletion(db: Database, runId: number, options: Omit<SliceOptions, 'deadline'> = {}): Promise<void> {
  while ((await processRunSlice(db, runId, options)) === 'more') {
    if (options.signal?.aborted) return;
  }
}

function defaultBatchSize(config: RunConfig): number {
  // HTTP targets: a couple of rounds of their concurrency, so a cancel or a stop waits little.
  return config.search_target.kind === 'http' ? Math.max(2, (config.search_target.concurrency ?? 4) * 2) : 100;
}

async function inTurn<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const done: R[] = [];
  for (const item of items) done.push(await work(item));
  return done;
}

async function searchWithRetries(
  target: SearchTarget,
  input: string,
  k: number,
  options: SliceOptions,
): Promise<{ hits: SearchHit[] } | { error: string }> {
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  let message = '';
  for (let attempt = 0; attempt <= delays.length; attempt++) {
    if (options.signal?.aborted) throw new RunStopped();
    try {
      // A value the database cannot store is this entry's error: asking again would not change it.
      return storableHits(await target.search(input, k, { signal: options.signal }));
    } catch (error) {
      if (options.signal?.aborted) throw new RunStopped();
      message = (error as Error).message;
      if (attempt < delays.length) await new Promise((resolve) => setTimeout(resolve, delays[attempt]));
    }
  }
  return { error: message };
}

/** Stores a batch and advances the progress in one transaction; false when the run is no longer running. */
async function storeResults(db: Database, runId: number, config: RunConfig, results: StoredResult[]): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Locks the run row: a cancel waits for this batch, and this batch sees a cancel that came first.
    const run = await tx.query<{ status: string }>('SELECT status FROM experiment_runs WHERE id = $1 FOR UPDATE', [runId]);
    if (run.rows[0]?.status !== 'running') return false;
    const counting = await markCounted(tx, runId, results);
    const inserted = await tx.query<{ entry_id: number }>(
      `INSERT INTO experiment_run_results (run_id, entry_id, experiment_configuration, result, query_key, counted)
       SELECT $1, x.entry_id, $2::jsonb, x.result, x.query_key, x.counted
       FROM jsonb_to_recordset($3::jsonb) AS x (entry_id bigint, result jsonb, query_key text, counted boolean)
       ON CONFLICT (run_id, entry_id) DO NOTHING
       RETURNING entry_id`,
      [runId, JSON.stringify(config), JSON.stringify(counting)],
    );
    // Only what this batch stored counts: another worker may have stored some of its entries first.
    const storedIds = new Set(inserted.rows.map((r) => Number(r.entry_id)));
    const tally = tallyOf(counting.filter((r) => storedIds.has(r.entry_id)));
    await addTally(tx, runId, tally);
    const evaluated = storedIds.size - tally.errors;
    await tx.query(
      `UPDATE experiment_runs SET progress_done = progress_done + $2, evaluations = evaluations + $3,
         total_cost = cost_per_evaluation * (evaluations + $3), updated_at = now()
       WHERE id = $1`,
      [runId, inserted.rows.length, evaluated],
    );
    return true;
  });
}

/** success unless most searches failed; the error says how many failed either way. True when this call ended the run. */
async function finishRun(db: Database, runId: number): Promise<boolean> {
  // Looked for only when the tally counted errors: the search reads every result of the run.
  const first = await db.query<{ test_result: string }>(
    `SELECT result->>'test_result' AS test_result FROM experiment_run_results
     WHERE run_id = $1 AND result->>'status' = 'ERROR' AND (SELECT errors > 0 FROM experiment_runs WHERE id = $1)
     ORDER BY entry_id LIMIT 1`,
    [runId],
  );
  const ended = await db.query(
    `UPDATE experiment_runs SET
       status = CASE WHEN errors * 2 > progress_done THEN 'failed' ELSE 'success' END,
       error = CASE WHEN errors > 0 THEN errors || ' of ' || progress_done || ' searches failed. The first: ' || $2 END,
       finished_at = now(), updated_at = now()
     WHERE id = $1 AND status = 'running' RETURNING id`,
    [runId, first.rows[0]?.test_result ?? ''],
  );
  return ended.rows.length > 0;
}

/** Keeps the ended run's scores for its comparisons (run-scores.ts); they would read them from its results otherwise. */
async function keepLinesOf(db: Database, runId: number, log: RunLog | undefined): Promise<void> {
  try {
    await keepScoreLines(db, runId);
  } catch (error) {
    log?.warn({ run: runId, err: error }, `run ${runId}: its scores could not be kept for comparisons, which will read its results`);
  }
}

/** What autovacuum would do for the run's results, before they are read page by page (db/after-import.ts). */
async function settleResults(db: Database, runId: number, log: RunLog | undefined): Promise<void> {
  const { rows } = await db.query<{ done: number }>('SELECT progress_done AS done FROM experiment_runs WHERE id = $1', [runId]);
  await settleImport(db, 'results', Number(rows[0]?.done ?? 0), log ?? console);
}

/** Fails a pending or running run with an error the console shows, and logs its end if this call ended it. */
export async function failRunWith(db: Database, runId: number, error: string, listeners: RunEndListeners = {}): Promise<void> {
  const ended = await db.query(
    `UPDATE experiment_runs SET status = 'failed', error = $2, finished_at = now(), updated_at = now()
     WHERE id = $1 AND status IN ('pending', 'running') RETURNING id`,
    [runId, error],
  );
  if (ended.rows.length > 0) await runEnded(db, runId, listeners);
}

async function runEnded(db: Database, runId: number, { log, onEnded }: RunEndListeners): Promise<void> {
  // Told first: whoever sees the run ended finds its listeners (its alerts) already at work.
  onEnded?.(db, runId);
  await logRun(db, log, runId, 'ended');
}
