/**
 * npm run bench:metrics: times the command-line evaluator on 100,000 queries × 100 results.
 * Generates a seeded qrels file (20 judgements per query, 12 of them on returned documents) and run
 * file in a temporary folder, runs `server/cli/metrics.ts` as a child process and prints its wall
 * time and peak RSS. Target: ≤ 10 s and < 1 GB.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measure } from './support/measure-child';
import { FileWriter, mulberry32 } from './support/generated-files';

const QUERIES = Number(process.env.BENCH_QUERIES ?? 100_000);
const RESULTS = 100;
const JUDGED_RETURNED = 12;
const JUDGED_MISSING = 8;

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
  const { seconds, peakKiB, stdout, code } = await measure([
    '--import',
    'tsx',
    'server/cli/metrics.ts',
    join(folder, 'bench.qrels'),
    join(folder, 'bench.run'),
    '-k',
    '10',
  ]);
  if (code !== 0) throw new Error(`metrics exited with ${code}`);
  process.stdout.write(stdout);
  const peakMiB = peakKiB / 1024;
  console.log(
    `metrics CLI: ${seconds.toFixed(2)} s wall, peak RSS ${peakMiB.toFixed(0)} MiB (target ≤ 10 s, < 1024 MiB): ${seconds <= 10 && peakMiB < 1024 ? 'OK' : 'MISSED'}`,
  );
} finally {
  rmSync(folder, { recursive: true, force: true });
}
