/**
 * Scores a TREC run against TREC qrels with trec_eval's semantics and output format:
 *   npm run metrics -- QRELS RUN [-k 10] [--gain linear|exponential] [--relevant-from 1] [-q] [-c] [--threads N]
 * Prints `measure<TAB>query<TAB>value` lines: per query with -q (in query id order), then `all`; F1_k
 * comes last, as trec_eval has no such measure; nDCG with --gain exponential is `ndcg_cut_exp_K`. As in
 * trec_eval, only queries with both judgements and results are scored (num_q counts them); with -c, judged
 * queries missing from the run score 0 and count in the means too, without lines of their own. Run queries
 * without judgements are ignored. A run's results.qrels and results.trec, with -c and the run's k, gain and
 * relevant-from, give the means the run shows. A large run is read by two threads (--threads N sets how many),
 * each scoring its own share of the queries.
 */
import { statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import type { Gain } from '../evaluation/metrics';
import { scoreShare, type ScoredQuery, type ShareJob } from '../evaluation/trec-eval-share';
import { lastRunTag } from '../evaluation/trec-files';
import { TrecFormatError } from '../evaluation/trec-lines';
import { formatQueryLines, TrecSummary, type TrecEvalOptions } from '../evaluation/trec-eval';

const usage = 'usage: npm run metrics -- QRELS RUN [-k 10] [--gain linear|exponential] [--relevant-from 1] [-q] [-c] [--threads N]';

function fail(message: string, code = 1): never {
  process.stderr.write(`metrics: ${message}\n`);
  process.exit(code);
}

function parseOptions(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      k: { type: 'string', short: 'k', default: '10' },
      gain: { type: 'string', default: 'linear' },
      'relevant-from': { type: 'string', short: 'l', default: '1' },
      q: { type: 'boolean', short: 'q', default: false },
      c: { type: 'boolean', short: 'c', default: false },
      threads: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  if (positionals.length !== 2) fail(usage);
  const k = Number(values.k);
  if (!Number.isInteger(k) || k < 1) fail(`-k must be a positive integer, got "${values.k}"`);
  if (values.gain !== 'linear' && values.gain !== 'exponential') fail(`--gain must be linear or exponential, got "${values.gain}"`);
  const relevantFrom = Number(values['relevant-from']);
  if (!Number.isInteger(relevantFrom) || relevantFrom < 0)
    fail(`--relevant-from must be an integer >= 0, got "${values['relevant-from']}"`);
  const threads = values.threads === undefined ? undefined : Number(values.threads);
  if (threads !== undefined && !(Number.isInteger(threads) && threads >= 1 && threads <= 64))
    fail(`--threads must be an integer from 1 to 64, got "${values.threads}"`);
  const options: TrecEvalOptions = { k, gain: values.gain as Gain, relevantFrom };
  return { qrelsFile: positionals[0], runFile: positionals[1], options, perQuery: values.q, complete: values.c, threads };
}

// Below this run size a thread's start (a quarter of a second, loading the TypeScript) costs more than it saves.
const THREADED_FROM_BYTES = 8 << 20;
// Each thread reads every line to find its own; past two, the extra passes and heaps cost more than they save.
const MAX_THREADS = 2;

function defaultThreads(runFile: string): number {
  let size = 0;
  try {
    size = statSync(runFile).size;
  } catch {
    return 1; // the read will say why
  }
  return size >= THREADED_FROM_BYTES ? Math.min(MAX_THREADS, availableParallelism()) : 1;
}

type ShareOutcome = { scored: ScoredQuery[] } | { error: Error };

function inWorker(job: ShareJob): Promise<ShareOutcome> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./metrics-share-worker.mjs', import.meta.url), { workerData: job });
    worker.once('message', (outcome: { scored: ScoredQuery[] } | { error: Record<string, unknown> }) => {
      resolve('scored' in outcome ? outcome : { error: revived(outcome.error) });
      void worker.terminate();
    });
    worker.once('error', (error) => resolve({ error }));
    // Without a message first (out of memory, say): the promise must still settle. A later resolve is ignored.
    worker.once('exit', (code) => resolve({ error: new Error(`a scoring thread stopped (exit code ${code})`) }));
  });
}

/** A worker's error as the class main() tells apart. */
function revived({ name, message, file, line, detail, code, path }: Record<string, unknown>): Error {
  if (name === 'TrecFormatError') return new TrecFormatError(file as string, line as number, detail as string);
  return Object.assign(new Error(message as string), { code, path });
}

/**
 * The error one thread reading the whole files would have met first: any in the qrels, which are read
 * before the run, then the earliest line.
 */
function firstError(errors: Error[], qrelsFile: string): Error {
  const place = (error: Error & { file?: string; path?: string; line?: number }) => [
    (error.file ?? error.path) === qrelsFile ? 0 : 1,
    error.line ?? 0,
  ];
  return errors.reduce((first, error) => {
    const [a, b] = [place(first), place(error)];
    return b[0] < a[0] || (b[0] === a[0] && b[1] < a[1]) ? error : first;
  });
}

/** Each share's queries, scored on as many threads (this one takes the first share). */
async function scoreShares(job: Omit<ShareJob, 'share'>, count: number): Promise<ScoredQuery[]> {
  const others = Array.from({ length: count - 1 }, (_, i) => inWorker({ ...job, share: { index: i + 1, count } }));
  let own: ShareOutcome;
  try {
    own = { scored: scoreShare({ ...job, share: { index: 0, count } }) };
  } catch (error) {
    own = { error: error as Error };
  }
  const outcomes = [own, ...(await Promise.all(others))];
  const errors = outcomes.flatMap((outcome) => ('error' in outcome ? [outcome.error] : []));
  if (errors.length > 0) throw firstError(errors, job.qrelsFile);
  return outcomes.flatMap((outcome) => ('scored' in outcome ? outcome.scored : []));
}

async function main(): Promise<void> {
  const { qrelsFile, runFile, options, perQuery, complete, threads } = parseOptions(process.argv.slice(2));
  const scored = await scoreShares({ qrelsFile, runFile, options, complete }, threads ?? defaultThreads(runFile));
  const runId = lastRunTag(runFile);

  // trec_eval walks the judged queries in strcmp order (ids are latin1 strings, so < is strcmp).
  scored.sort((a, b) => (a.qid < b.qid ? -1 : a.qid > b.qid ? 1 : 0));
  const summary = new TrecSummary();
  let nothingAboveZero = 0;
  let nothingRelevant = 0;
  let out = '';
  for (const { qid, measures, ran, nothing } of scored) {
    if (nothing === 'above-zero') nothingAboveZero++;
    if (nothing === 'relevant') nothingRelevant++;
    summary.add(measures);
    // As trec_eval: -c counts a query the run lacks in the means, but prints no line for it.
    if (perQuery && ran) {
      out += formatQueryLines(qid, measures, options);
      if (out.length > 1 << 16) {
        process.stdout.write(Buffer.from(out, 'latin1'));
        out = '';
      }
    }
  }
  if (summary.numQ === 0) fail('no queries with both results and relevance judgements', 7);
  out += summary.format(runId, options);
  process.stdout.write(Buffer.from(out, 'latin1'));
  const of = `of ${summary.numQ} queries`;
  if (nothingAboveZero > 0)
    process.stderr.write(`metrics: ${nothingAboveZero} ${of} have no judgement above 0 and score 0 on every measure\n`);
  if (nothingRelevant > 0) {
    process.stderr.write(
      `metrics: ${nothingRelevant} ${of} have no judgement of ${options.relevantFrom} or more: they score 0 on every measure but nDCG\n`,
    );
  }
}

main().catch((error: unknown) => {
  if (error instanceof TrecFormatError) fail(error.message, 2);
  if (error instanceof Error && 'code' in error && error.code === 'ENOENT') fail(`cannot read ${(error as NodeJS.ErrnoException).path}`, 2);
  throw error;
});
