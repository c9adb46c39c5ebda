/**
 * Experiment-run benchmark: `npm run bench:run -- [--queries N] [--products N] [--only pglite|postgres]`.
 *
 * Everything through the real server (server/main.ts as a child process, its own worker): imports a
 * generated catalogue, uploads a generated golden set (5 judgements per query) and a dataset of N
 * queries, creates an experiment on the built-in search (k = 10), starts a run and polls it until it
 * ends. The figure is the time from POST …/runs to the run's success.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { openAsBlob } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startTestIssuer, type TestIssuer } from '../test/server/helpers/test-issuer';
import { copyField } from '../server/import/copy-text';
import { seededRandom } from '../server/demo/random';
import { benchBackends, startBenchServer, stopBenchServer, withScratchDatabase, type BenchServer } from './bench-server';
import { COLOURS, MATERIALS, STYLES, writeCatalogue } from './generated-catalogue';

const K = 10;
const JUDGEMENTS_PER_QUERY = 5;

interface Files {
  catalogue: string;
  goldenSet: string;
  entries: string;
  bytes: number;
}

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
    const files = await writeFiles(work, productCount, queryCount);
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

/** The catalogue, `queryCount` distinct queries (a WANDS query with a colour, material or style), and their judgements. */
async function writeFiles(work: string, productCount: number, queryCount: number): Promise<Files> {
  const catalogue = join(work, 'catalogue.csv');
  const { bytes, queries: wandsQueries } = await writeCatalogue(catalogue, productCount, 2000);
  const random = seededRandom(1979);
  const words = [...COLOURS, ...MATERIALS, ...STYLES];
  const queries = new Set<string>();
  while (queries.size < queryCount) queries.add(`${random.pick(words)} ${random.pick(wandsQueries)}`);
  const productId = () => `B${String(random.int(0, productCount - 1)).padStart(6, '0')}`;
  const judgements = ['query,product_id,relevance'];
  const entries = ['input,datasets'];
  for (const query of queries) {
    const judged = new Set(Array.from({ length: JUDGEMENTS_PER_QUERY }, productId));
    for (const id of judged) judgements.push([query, id, String(random.int(0, 3))].map(copyField).join(','));
    entries.push([query, 'Bench run'].map(copyField).join(','));
  }
  const goldenSet = join(work, 'golden-set.csv');
  const entriesFile = join(work, 'entries.csv');
  await writeFile(goldenSet, `${judgements.join('\n')}\n`);
  await writeFile(entriesFile, `${entries.join('\n')}\n`);
  return { catalogue, goldenSet, entries: entriesFile, bytes };
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
  const authorization = `Bearer ${await issuer.token({}, { expiresIn: '2h' })}`;
  const call = async <T>(method: string, path: string, body?: object | FormData): Promise<T> => {
    const isForm = body instanceof FormData;
    const response = await fetch(`${server.origin}${path}`, {
      method,
      headers: { authorization, ...(body && !isForm ? { 'content-type': 'application/json' } : {}) },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    const answer = await response.json();
    if (!response.ok) throw new Error(`${backend}: ${method} ${path} answered ${response.status} ${JSON.stringify(answer).slice(0, 500)}`);
    return answer as T;
  };
  const form = async (fields: Record<string, string>, file: string) => {
    const data = new FormData();
    for (const [key, value] of Object.entries(fields)) data.append(key, value);
    data.append('file', await openAsBlob(file, { type: 'text/csv' }), 'file.csv');
    return data;
  };

  console.log(`\n${backend}: importing the catalogue, the golden set and the queries…`);
  await call('POST', '/api/backend/catalogue/import', await form({}, files.catalogue));
  const goldenSet = await call<{ id: number }>(
    'POST',
    '/api/backend/golden-sets/',
    await form({ name: 'Bench judgements (generated)' }, files.goldenSet),
  );
  await call('POST', '/api/service/dataset-entries/bulk-upload', await form({}, files.entries));
  const datasets = await call<Array<{ id: number; name: string }>>('GET', '/api/service/datasets/?page=1&page_size=100');
  const scripts = await call<{ results: Array<{ id: number; name: string }> }>(
    'GET',
    '/api/backend/evaluation-scripts/?page=1&page_size=100',
  );
  const experiment = await call<{ id: number }>('POST', '/api/backend/experiments/', {
    name: 'Bench run',
    evaluation_script_id: scripts.results.find((s) => s.name === 'Golden set relevance')!.id,
    dataset_id: datasets.find((d) => d.name === 'Bench run')!.id,
    config: { search_target: { kind: 'builtin' }, golden_set_id: goldenSet.id, k: K },
  });

  console.log(`${backend}: running…`);
  const started = performance.now();
  const run = await call<{ id: number }>('POST', `/api/backend/experiments/${experiment.id}/runs`, { tags: ['bench'] });
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

function positive(value: string, flag: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new Error(`${flag} must be a positive integer, got ${value}`);
  return number;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
