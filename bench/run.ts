/**
 * Experiment-run benchmark: `npm run bench:run -- [--queries N] [--products N] [--only pglite|postgres]`.
 *
 * Everything through the real server (server/main.ts as a child process, its own worker): imports a
 * generated catalogue, uploads a generated golden set (5 judgements per query) and a dataset of N
 * queries, creates an experiment on the built-in search (k = 10), starts a run and polls it until it
 * ends. The figure is the time from POST …/runs to the run's success.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startTestIssuer, type TestIssuer } from '../test/server/helpers/test-issuer';
import { benchBackends, startBenchServer, stopBenchServer, withScratchDatabase, type BenchServer } from './bench-server';
import { apiCaller, createBenchExperiment, JUDGEMENTS_PER_QUERY, K, positive, writeRunFiles, type RunFiles as Files } from './run-setup';

interface Figures {
  backend: string;
  runSeconds: number;
  perSecond: number;
  meanNdcg: number;
  passed: number;
  unjudged: number;
}

async function main() {
  const { values } = parseArgs({
    options: { queries: { type: 'string', default: '10000' }, products: { type: 'string', default: '50000' }, only: { type: 'string' } },
  });
  const queryCount = positive(values.queries!, '--queries');
  const productCount = positive(values.products!, '--products');
  const backends = benchBackends(values.only);
  const work = await mkdtemp(join(tmpdir(), 'bench-run-'));
  const issuer = await startTestIssuer();
  try {
    const files = await writeRunFiles(work, productCount, queryCount);
    console.log(
      `${productCount.toLocaleString('en')} generated products, ${queryCount.toLocaleString('en')} queries × ${JUDGEMENTS_PER_QUERY} generated judgements, k = ${K}`,
    );
    console.log('The judgements are random products with random grades: the scores measure nothing but the work.');
    const results: Figures[] = [];
    for (const backend of backends) results.push(await bench(backend, work, files, issuer));
    console.log();
    console.table(
      results.map((r) => ({
        backend: r.backend,
        'run s': r.runSeconds.toFixed(2),
        'entries/s': Math.round(r.perSecond),
        'mean nDCG@10': r.meanNdcg.toFixed(4),
        passed: r.passed,
        unjudged: r.unjudged,
      })),
    );
  } finally {
    await issuer.close();
    await rm(work, { recursive: true, force: true });
  }
}

async function bench(backend: string, work: string, files: Files, issuer: TestIssuer): Promise<Figures> {
  if (backend === 'pglite') {
    const server = await startBenchServer({ DATA_DIR: join(work, `pglite-data`), DEMO_DATA: 'false' }, issuer, files.bytes);
    try {
      return await runThrough(backend, server, files, issuer);
    } finally {
      await stopBenchServer(server.child);
    }
  }
  return withScratchDatabase('run', async (url) => {
    const server = await startBenchServer({ DATABASE_URL: url, DEMO_DATA: 'false' }, issuer, files.bytes);
    try {
      return await runThrough(backend, server, files, issuer);
    } finally {
      await stopBenchServer(server.child);
    }
  });
}

async function runThrough(backend: string, server: BenchServer, files: Files, issuer: TestIssuer): Promise<Figures> {
  const call = await apiCaller(backend, server, issuer);
  console.log(`\n${backend}: importing the catalogue, the golden set and the queries…`);
  const experimentId = await createBenchExperiment(call, files);

  console.log(`${backend}: running…`);
  const started = performance.now();
  const run = await call<{ id: number }>('POST', `/api/backend/experiments/${experimentId}/runs`, { tags: ['bench'] });
  type RunAnswer = {
    status: string;
    progress: { done: number; total: number };
    summary: { passed: number; unjudged: number; mean_metrics: Record<string, number> };
  };
  let answer: RunAnswer;
  let lastReport = 0;
  for (;;) {
    answer = await call<RunAnswer>('GET', `/api/backend/experiment-runs/${run.id}`);
    if (!['pending', 'running'].includes(answer.status)) break;
    if (performance.now() - lastReport > 10_000) {
      lastReport = performance.now();
      console.log(`${backend}: ${answer.progress.done.toLocaleString('en')} / ${answer.progress.total.toLocaleString('en')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const runSeconds = (performance.now() - started) / 1000;
  if (answer.status !== 'success') throw new Error(`${backend}: the run ended ${answer.status}`);
  console.log(`${backend}: ${answer.progress.done.toLocaleString('en')} entries in ${runSeconds.toFixed(2)} s`);
  return {
    backend,
    runSeconds,
    perSecond: answer.progress.done / runSeconds,
    meanNdcg: answer.summary.mean_metrics[`ndcg@${K}`] ?? 0,
    passed: answer.summary.passed,
    unjudged: answer.summary.unjudged,
  };
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
