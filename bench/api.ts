/**
 * API load benchmark: `npm run bench:api -- [--entries N] [--seconds S] [--rate-seconds R] [--only pglite|postgres]
 * [--connections C] [--timeout T]`.
 *
 * Per backend (PGlite, and PostgreSQL when DATABASE_URL is set, in a scratch database created and
 * dropped here): starts the real server (DEMO_DATA=false) trusting a test issuer, loads N generated
 * entries (seeded, so runs compare) through the bulk upload, drives the light requests (bench/api-mix.ts)
 * with autocannon for S seconds — 50 concurrent clients on PostgreSQL, 10 on PGlite — then sends the
 * console's whole mix at steady rates, R seconds each, from the lowest up (bench/api-open-loop.ts), then
 * times single requests one at a time, samples the server's RSS from /proc, and loads the same rows
 * again with a raw COPY into a second database (bench/api-copy.ts). Prints each figure beside its
 * target (bench/api-report.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startTestIssuer, type TestIssuer } from '../test/server/helpers/test-issuer';
import { writeBenchmarkCsv, type GeneratedCsv } from './generate-csv';
import { benchBackends, sampleRss, startBenchServer, stopBenchServer, withScratchDatabase, type BenchBackend } from './bench-server';
import { measureUpload, mb } from './upload-measure';
import { apiCaller, positive } from './run-setup';
import { getChecked, lightKinds, requestKinds, runMix, sweep, timeKinds, waitUntilIdle } from './api-mix';
import { openLoop, openLoopSweep } from './api-open-loop';
import { rawCopyPGlite, rawCopyPostgres, type RawCopyResult } from './api-copy';
import { printReport, type BackendReport } from './api-report';

const DEFAULT_CONNECTIONS: Record<BenchBackend, number> = { postgres: 50, pglite: 10 };
/** The arrival rates tried for the whole mix (requests/s), lowest first; the targets are 60 and 20. */
const RATES: Record<BenchBackend, number[]> = { postgres: [30, 60, 90, 120, 180], pglite: [10, 20, 30, 45] };
/** A rate whose p99 passes this ends the sweep: the server is queueing, not answering. */
const GIVE_UP_MS = 2000;
const MIX_SEED = 13;

interface Options {
  seconds: number;
  rateSeconds: number;
  connections?: number;
  timeoutSeconds: number;
}

async function main() {
  const { values } = parseArgs({
    options: {
      entries: { type: 'string', default: '1000000' },
      seconds: { type: 'string', default: '30' },
      'rate-seconds': { type: 'string', default: '20' },
      only: { type: 'string' },
      connections: { type: 'string' },
      timeout: { type: 'string', default: '60' },
    },
  });
  const rows = positive(values.entries, '--entries');
  const options: Options = {
    seconds: positive(values.seconds, '--seconds'),
    rateSeconds: positive(values['rate-seconds'], '--rate-seconds'),
    connections: values.connections === undefined ? undefined : positive(values.connections, '--connections'),
    timeoutSeconds: positive(values.timeout, '--timeout'),
  };
  const backends = benchBackends(values.only);

  const work = await mkdtemp(join(tmpdir(), 'bench-api-'));
  const issuer = await startTestIssuer();
  const missed: string[] = [];
  try {
    const csvPath = join(work, 'upload.csv');
    const started = performance.now();
    const csv = await writeBenchmarkCsv(csvPath, rows);
    console.log(
      `CSV: ${csv.rows.toLocaleString('en')} rows, ${csv.mappings.toLocaleString('en')} mappings, ` +
        `${(csv.bytes / 1e6).toFixed(1)} MB from ${csv.source} (generated in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
    for (const backend of backends) {
      const report =
        backend === 'pglite'
          ? await benchBackend('pglite', { DATA_DIR: join(work, 'pglite-data') }, csvPath, csv, issuer, options, () =>
              rawCopyPGlite(join(work, 'pglite-data'), work),
            )
          : await withScratchDatabase('api', (url) =>
              benchBackend('postgres', { DATABASE_URL: url }, csvPath, csv, issuer, options, () => rawCopyPostgres(url, work)),
            );
      missed.push(...printReport(report).map((target) => `${backend}: ${target}`));
    }
  } finally {
    await issuer.close();
    await rm(work, { recursive: true, force: true });
  }
  console.log(missed.length ? `\nTargets missed (${missed.length}):\n  ${missed.join('\n  ')}` : '\nEvery target met.');
}

async function benchBackend(
  backend: BenchBackend,
  env: Record<string, string>,
  csvPath: string,
  csv: GeneratedCsv,
  issuer: TestIssuer,
  options: Options,
  rawCopy: () => Promise<RawCopyResult>,
): Promise<BackendReport> {
  const serverEnv = { ...env, DEMO_DATA: 'false' };
  // As bench:upload: the first start runs initdb and the migrations (whose memory PGlite keeps); measure a restarted server.
  if (backend === 'pglite') await stopBenchServer((await startBenchServer(serverEnv, issuer, csv.bytes)).child);
  const server = await startBenchServer(serverEnv, issuer, csv.bytes);
  const connections = options.connections ?? DEFAULT_CONNECTIONS[backend];
  let report: Omit<BackendReport, 'rawCopy'>;
  try {
    const upload = await measureUpload(backend, server, csvPath, csv, issuer);
    const call = await apiCaller(backend, server, issuer);
    const datasets = await call<Array<{ id: number }>>('GET', '/api/service/datasets/?page=1&page_size=1000');
    const token = await issuer.token({}, { expiresIn: '2h' });
    const total = Number((await getChecked(server, token, '/api/service/dataset-entries/?page=1&page_size=1')).total);
    if (total !== csv.rows) throw new Error(`${backend}: X-Total-Count says ${total} entries, ${csv.rows} were uploaded`);
    const kinds = requestKinds(
      total,
      datasets.map((d) => d.id),
    );

    const rss = sampleRss(server.child.pid!);
    const light = lightKinds(total);
    console.log(`${backend}: the light requests, ${connections} concurrent clients for ${options.seconds} s…`);
    const mix = await runMix(server, token, light, {
      connections,
      seconds: options.seconds,
      timeoutSeconds: options.timeoutSeconds,
      seed: MIX_SEED,
    });
    // autocannon stops with up to `connections` requests still running on the server (PGlite runs them one
    // after the other): each next step starts once the server answers a cheap request quickly again.
    console.log(`${backend}: the whole mix at steady rates, ${options.rateSeconds} s each…`);
    const rates = await openLoopSweep(
      RATES[backend],
      (rate) => openLoop(server, token, kinds, { rate, seconds: options.rateSeconds, seed: MIX_SEED + rate }),
      () => waitUntilIdle(server, token),
      GIVE_UP_MS,
    );
    const drained = await waitUntilIdle(server, token);
    console.log(`${backend}: single requests, one at a time (after ${(drained / 1000).toFixed(1)} s for the last requests to end)…`);
    const steps = await sweep(server, token, total);
    const kindCosts = await timeKinds(server, token, kinds, MIX_SEED + 2);
    const loadRssPeakMb = mb(await rss.stop());
    report = {
      backend,
      connections,
      rows: csv.rows,
      mappings: csv.mappings,
      upload,
      kinds,
      lightKinds: light,
      mix,
      rates,
      sweep: steps,
      kindCosts,
      loadRssPeakMb,
    };
  } finally {
    await stopBenchServer(server.child);
  }
  console.log(`${backend}: raw COPY of the same rows…`);
  return { ...report, rawCopy: await rawCopy() };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
