/**
 * npm run bench:evaluation [-- --only pglite|postgres]: an evaluation end to end through a server, on PGlite and on
 * PostgreSQL when DATABASE_URL is set (a scratch database). A golden set of N queries (20 judgements each) is
 * uploaded first, untimed; then a TREC run of N queries × 100 results is uploaded as an evaluation (k = 10) and
 * timed from the request to its scoring's end, with the server's peak RSS. Beside it, `npm run metrics` on the same
 * qrels and run. N is 100,000 unless BENCH_QUERIES says. Targets: within 2× the metrics CLI's time, the server
 * under 500 MiB.
 */
import { mkdtempSync, openAsBlob, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startTestIssuer, type TestIssuer } from '../test/server/helpers/test-issuer';
import {
  benchBackends,
  memory,
  sampleRss,
  startBenchServer,
  stopBenchServer,
  withScratchDatabase,
  type BenchBackend,
} from './bench-server';
import { measure } from './support/measure-child';
import { apiCaller } from './run-setup';
import { FileWriter, mulberry32 } from './support/generated-files';
const QUERIES = Number(process.env.BENCH_QUERIES ?? 100_000);
const RESULTS = 100;
const K = 10;

/** The run, the golden set as CSV and as TREC qrels: the query ids are the query texts. */
function generate(folder: string) {
  const random = mulberry32(20261128);
  const run = new FileWriter(join(folder, 'bench.run'));
  const csv = new FileWriter(join(folder, 'judgements.csv'));
  const qrels = new FileWriter(join(folder, 'bench.qrels'));
  csv.write('query,product_id,relevance\n');
  for (let q = 1; q <= QUERIES; q++) {
    let score = 30;
    for (let r = 1; r <= RESULTS; r++) {
      score -= random() * 0.3;
      run.write(`q${q} Q0 p${q}-${r} ${r} ${score.toFixed(4)} bench\n`);
    }
    const judged = new Set<string>();
    while (judged.size < 12) judged.add(`p${q}-${1 + Math.floor(random() * RESULTS)}`);
    for (let j = 0; j < 8; j++) judged.add(`p${q}-x${j}`);
    for (const id of judged) {
      const grade = Math.floor(random() * 4);
      csv.write(`q${q},${id},${grade}\n`);
      qrels.write(`q${q} 0 ${id} ${grade}\n`);
    }
  }
  for (const file of [run, csv, qrels]) file.close();
}

const { values } = parseArgs({ options: { only: { type: 'string' } } });
const backends = benchBackends(values.only);
const folder = mkdtempSync(join(tmpdir(), 'bench-evaluation-'));
const issuer = await startTestIssuer();
try {
  generate(folder);
  const runFile = join(folder, 'bench.run');
  const runBytes = statSync(runFile).size;
  console.log(`${QUERIES.toLocaleString('en')} queries × ${RESULTS} results: a run of ${(runBytes / 2 ** 20).toFixed(0)} MiB`);
  const cli = await measure(['--import', 'tsx', 'server/cli/metrics.ts', join(folder, 'bench.qrels'), runFile, '-k', String(K)]);
  if (cli.code !== 0) throw new Error(`metrics exited with ${cli.code}`);
  const cliNdcg = /^ndcg_cut_10\s+all\s+(\S+)/m.exec(cli.stdout)?.[1];
  console.log(`npm run metrics: ${cli.seconds.toFixed(2)} s, peak RSS ${(cli.peakKiB / 1024).toFixed(0)} MiB; ndcg_cut_10 ${cliNdcg}`);
  for (const backend of backends) {
    if (backend === 'pglite')
      await evaluate(backend, { DATA_DIR: join(folder, 'data'), DEMO_DATA: 'false' }, cli.seconds, runBytes, issuer);
    else {
      await withScratchDatabase('evaluation', (url) =>
        evaluate(backend, { DATABASE_URL: url, DATA_DIR: join(folder, 'pg-data'), DEMO_DATA: 'false' }, cli.seconds, runBytes, issuer),
      );
    }
  }
} finally {
  await issuer.close();
  rmSync(folder, { recursive: true, force: true });
}

async function evaluate(backend: BenchBackend, env: Record<string, string>, cliSeconds: number, runBytes: number, issuer: TestIssuer) {
  const runFile = join(folder, 'bench.run');
  const server = await startBenchServer(env, issuer, runBytes);
  try {
    const call = await apiCaller('bench:evaluation', server, issuer);
    const form = async (fields: Record<string, string>, file: string, name: string) => {
      const data = new FormData();
      for (const [key, value] of Object.entries(fields)) data.append(key, value);
      data.append('file', await openAsBlob(file), name);
      return data;
    };
    const set = await call<{ id: number }>(
      'POST',
      '/api/backend/golden-sets/',
      await form({ name: 'Bench' }, join(folder, 'judgements.csv'), 'j.csv'),
    );
    // The golden set's upload leaves the server (PGlite's memory above all) at this size before the evaluation's.
    const before = (await memory(server.child.pid!)).rss / 2 ** 20;
    const uploadRss = sampleRss(server.child.pid!);
    const started = performance.now();
    const evaluation = await call<{ id: number }>(
      'POST',
      '/api/backend/evaluations/',
      await form({ name: 'Bench', golden_set_id: String(set.id), k: String(K) }, runFile, 'bench.run'),
    );
    const accepted = performance.now();
    const uploadPeak = (await uploadRss.stop()) / 2 ** 20;
    const scoringRss = sampleRss(server.child.pid!);
    type Details = { status: string; summary?: { counted: number; mean_metrics: Record<string, number> } };
    let details: Details;
    for (;;) {
      details = await call<Details>('GET', `/api/backend/evaluations/${evaluation.id}`);
      if (!['pending', 'running'].includes(details.status)) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const seconds = (performance.now() - started) / 1000;
    const scoringPeak = (await scoringRss.stop()) / 2 ** 20;
    const peak = Math.max(uploadPeak, scoringPeak);
    const ratio = seconds / cliSeconds;
    console.log(
      `${backend}: evaluation ${details.status}, upload answered in ${((accepted - started) / 1000).toFixed(2)} s, scored by ${seconds.toFixed(2)} s ` +
        `(${ratio.toFixed(2)}× metrics; target ≤ 2×), server peak RSS ${peak.toFixed(0)} MiB (target < 500; ${before.toFixed(0)} before the upload, ` +
        `${uploadPeak.toFixed(0)} while it was read and stored, ${scoringPeak.toFixed(0)} while scored); ` +
        `${details.summary?.counted} queries counted, mean ndcg@10 ${details.summary?.mean_metrics['ndcg@10']?.toFixed(4)}`,
    );
  } finally {
    await stopBenchServer(server.child);
  }
}
