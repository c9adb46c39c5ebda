/**
 * Scores a TREC run against TREC qrels with trec_eval's semantics and output format:
 *   npm run metrics -- QRELS RUN [-k 10] [--gain linear|exponential] [--relevant-from 1] [-q] [-c]
 * Prints `measure<TAB>query<TAB>value` lines: per query with -q (in query id order), then `all`; F1_k
 * comes last, as trec_eval has no such measure; nDCG with --gain exponential is `ndcg_cut_exp_K`. As in
 * trec_eval, only queries with both judgements and results are scored (num_q counts them); with -c, judged
 * queries missing from the run score 0 and count in the means too, without lines of their own. Run queries
 * without judgements are ignored. A run's results.qrels and results.trec, with -c and the run's k, gain and
 * relevant-from, give the means the run shows.
 */
import { parseArgs } from 'node:util';
import type { Gain } from '../evaluation/metrics';
import { forEachRunQuery, readQrels } from '../evaluation/trec-files';
import { TrecFormatError } from '../evaluation/trec-lines';
import {
  EMPTY_RANKING,
  formatQueryLines,
  TrecSummary,
  trecQueryMeasures,
  type TrecEvalOptions,
  type TrecQueryMeasures,
} from '../evaluation/trec-eval';

const usage = 'usage: npm run metrics -- QRELS RUN [-k 10] [--gain linear|exponential] [--relevant-from 1] [-q] [-c]';

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
  const options: TrecEvalOptions = { k, gain: values.gain as Gain, relevantFrom };
  return { qrelsFile: positionals[0], runFile: positionals[1], options, perQuery: values.q, complete: values.c };
}

function main(): void {
  const { qrelsFile, runFile, options, perQuery, complete } = parseOptions(process.argv.slice(2));
  const qrels = readQrels(qrelsFile);
  const byQuery = new Map<string, TrecQueryMeasures>();
  const { runId } = forEachRunQuery(
    runFile,
    (qid, ranking) => byQuery.set(qid, trecQueryMeasures(ranking, qrels.get(qid)!, options)),
    (qid) => qrels.has(qid),
  );

  // trec_eval walks the judged queries in strcmp order (ids are latin1 strings, so < is strcmp).
  const qids = [...qrels.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const summary = new TrecSummary();
  // Queries judged only 0 score 0 everywhere; judged only below relevant-from, everywhere but nDCG.
  let nothingAboveZero = 0;
  let nothingRelevant = 0;
  let out = '';
  for (const qid of qids) {
    const ran = byQuery.get(qid);
    if (ran === undefined && !complete) continue;
    const measures = ran ?? trecQueryMeasures(EMPTY_RANKING, qrels.get(qid)!, options);
    if (measures.numRel === 0) {
      if ([...qrels.get(qid)!.values()].some((grade) => grade > 0)) nothingRelevant++;
      else nothingAboveZero++;
    }
    summary.add(measures);
    // As trec_eval: -c counts a query the run lacks in the means, but prints no line for it.
    if (perQuery && ran !== undefined) {
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

try {
  main();
} catch (error) {
  if (error instanceof TrecFormatError) fail(error.message, 2);
  if (error instanceof Error && 'code' in error && error.code === 'ENOENT') fail(`cannot read ${(error as NodeJS.ErrnoException).path}`, 2);
  throw error;
}
