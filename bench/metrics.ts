/**
 * npm run bench:metrics: times the command-line evaluator on 100,000 queries × 100 results.
 * Generates a seeded qrels file (20 judgements per query, 12 of them on returned documents) and run
 * file in a temporary folder, then runs `server/cli/metrics.ts` as a child process on one thread and
 * on its default two, in turns (BENCH_ROUNDS, 3), and prints each one's best and median wall time and
 * peak RSS: on a shared machine single runs vary by a third. With trec_eval on the PATH (or its path in
 * TREC_EVAL), it is timed in the same turns and the ratio printed. Targets: ≤ 0.05 of trec_eval 9.0.8's
 * time and < 0.5 of its memory; trec_eval took 70 s and 829 MB where the single-threaded evaluator
 * took 6.5 s and 314 MB. BENCH_BASELINE=/path/to/another/checkout times that checkout's evaluator in
 * the same turns, for a before and after.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measure } from './support/measure-child';
import { FileWriter, mulberry32 } from './support/generated-files';

const QUERIES = Number(process.env.BENCH_QUERIES ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const RESULTS = 100;
const JUDGED_RETURNED = 12;
const JUDGED_MISSING = 8;

interface Contender {
  name: string;
  command?: string;
  args: string[];
  runs?: { seconds: number; peakMiB: number }[];
}

/** trec_eval's path, if it can be run here. */
function trecEvalCommand(): string | undefined {
  const candidate = process.env.TREC_EVAL ?? 'trec_eval';
  return spawnSync(candidate, ['-v'], { stdio: 'ignore' }).error === undefined ? candidate : undefined;
}

function generate(folder: string) {
  const random = mulberry32(20240607);
  const qrels = new FileWriter(join(folder, 'bench.qrels'));
  const run = new FileWriter(join(folder, 'bench.run'));
  for (let q = 1; q <= QUERIES; q++) {
    const qid = `q${q}`;
    let score = 30;
    for (let r = 1; r <= RESULTS; r++) {
      score -= random() * 0.3; // descending, occasionally tied after rounding
      run.write(`${qid} Q0 p${q}-${r} ${r} ${score.toFixed(4)} bench\n`);
    }
    const judged = new Set<number>();
    while (judged.size < JUDGED_RETURNED) judged.add(1 + Math.floor(random() * RESULTS));
    for (const r of judged) qrels.write(`${qid} 0 p${q}-${r} ${Math.floor(random() * 4)}\n`);
    for (let j = 0; j < JUDGED_MISSING; j++) qrels.write(`${qid} 0 p${q}-x${j} ${Math.floor(random() * 4)}\n`);
  }
  qrels.close();
  run.close();
}

const folder = mkdtempSync(join(tmpdir(), 'bench-metrics-'));
try {
  const generating = performance.now();
  generate(folder);
  const runBytes = statSync(join(folder, 'bench.run')).size;
  console.log(
    `generated ${QUERIES.toLocaleString('en')} queries × ${RESULTS} results (run file ${(runBytes / 2 ** 20).toFixed(0)} MiB) in ${((performance.now() - generating) / 1000).toFixed(1)} s`,
  );
  const files = [join(folder, 'bench.qrels'), join(folder, 'bench.run')];
  const trecEval = trecEvalCommand();
  const contenders: Contender[] = [
    { name: 'metrics, 1 thread', args: ['--import', 'tsx', 'server/cli/metrics.ts', ...files, '-k', '10', '--threads', '1'] },
    { name: 'metrics, default threads', args: ['--import', 'tsx', 'server/cli/metrics.ts', ...files, '-k', '10'] },
  ];
  // The same measures as ours, which trec_eval's default set lacks.
  const measures = ['map', 'recip_rank', 'P.10', 'recall.10', 'ndcg_cut.10'].flatMap((m) => ['-m', m]);
  if (trecEval) contenders.push({ name: 'trec_eval', command: trecEval, args: [...measures, ...files] });
  const baseline = process.env.BENCH_BASELINE;
  if (baseline)
    contenders.push({
      name: 'baseline checkout',
      args: ['--import', 'tsx', join(baseline, 'server/cli/metrics.ts'), ...files, '-k', '10'],
    });
  for (let round = 1; round <= ROUNDS; round++) {
    for (const contender of contenders) {
      const { seconds, peakKiB, stdout, code } = await measure(contender.args, contender.command);
      if (code !== 0) throw new Error(`${contender.name} exited with ${code}`);
      if (round === 1 && contender === contenders[1]) process.stdout.write(stdout);
      (contender.runs ??= []).push({ seconds, peakMiB: peakKiB / 1024 });
    }
  }
  for (const { name, runs = [] } of contenders) {
    const seconds = runs.map((run) => run.seconds).sort((a, b) => a - b);
    const peak = Math.max(...runs.map((run) => run.peakMiB));
    console.log(
      `${name.padEnd(26)} best ${seconds[0].toFixed(2)} s, median ${seconds[Math.floor(seconds.length / 2)].toFixed(2)} s, peak RSS ${peak.toFixed(0)} MiB`,
    );
  }
  const best = (contender: Contender) => Math.min(...(contender.runs ?? []).map((run) => run.seconds));
  const [single, threaded] = contenders;
  console.log(`default threads / 1 thread: ${(best(threaded) / best(single)).toFixed(2)} of the time`);
  const reference = contenders.find((contender) => contender.name === 'trec_eval');
  const before = contenders.find((contender) => contender.name === 'baseline checkout');
  if (before) console.log(`default threads / baseline checkout: ${(best(threaded) / best(before)).toFixed(2)} of the time`);
  if (reference) {
    const ratio = best(threaded) / best(reference);
    console.log(`metrics / trec_eval: ${ratio.toFixed(3)} of its time (target ≤ 0.05): ${ratio <= 0.05 ? 'OK' : 'MISSED'}`);
  } else {
    console.log('trec_eval is not installed here (set TREC_EVAL to its path): compare with its 70 s above.');
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
