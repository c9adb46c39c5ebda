/**
 * Bulk-upload benchmark: `npm run bench:upload -- [--rows N] [--only pglite|postgres]`.
 *
 * Generates a deterministic CSV, starts the real server (server/main.ts) as a child process trusting a
 * tiny OpenID issuer run here, uploads the file over HTTP as a streamed multipart form and prints
 * rows/s, total time and the server's RSS (sampled from /proc) for PGlite and, when DATABASE_URL is
 * set, PostgreSQL (in a scratch database created and dropped here).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { openAsBlob } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startTestIssuer, type TestIssuer } from '../test/server/helpers/test-issuer';
import { writeBenchmarkCsv, type GeneratedCsv } from './generate-csv';
import { benchBackends, startBenchServer, stopBenchServer, withScratchDatabase, type BenchServer } from './bench-server';

const MiB = 1024 * 1024;

interface Result {
  backend: string;
  seconds: number;
  rowsPerSecond: number;
  baselineMb: number;
  peakMb: number;
  growthMb: number;
  hwmMb: number;
  /** Other requests (GET datasets/) made while the upload ran, and how long they took. */
  probes: number;
  probeMaxMs: number;
  probeMedianMs: number;
}

async function main() {
  const { values } = parseArgs({
    options: {
      rows: { type: 'string', default: '200000' },
      only: { type: 'string' },
    },
  });
  const rows = Number(values.rows);
  if (!Number.isInteger(rows) || rows < 1) throw new Error(`--rows must be a positive integer, got ${values.rows}`);
  const backends = benchBackends(values.only);

  const work = await mkdtemp(join(tmpdir(), 'bench-upload-'));
  const issuer = await startTestIssuer();
  try {
    const csvPath = join(work, 'upload.csv');
    const started = performance.now();
    const csv = await writeBenchmarkCsv(csvPath, rows);
    console.log(
      `CSV: ${csv.rows.toLocaleString('en')} rows, ${csv.mappings.toLocaleString('en')} mappings, ` +
        `${(csv.bytes / MiB).toFixed(1)} MiB from ${csv.source} (generated in ${seconds(started)} s)`,
    );
    const results: Result[] = [];
    for (const backend of backends) {
      results.push(backend === 'pglite' ? await benchPGlite(work, csvPath, csv, issuer) : await benchPostgres(csvPath, csv, issuer));
    }
    console.log();
    console.table(
      results.map((r) => ({
        backend: r.backend,
        'rows/s': Math.round(r.rowsPerSecond).toLocaleString('en'),
        'total s': r.seconds.toFixed(2),
        'RSS before MB': r.baselineMb,
        'peak RSS MB': r.peakMb,
        'RSS growth MB': r.growthMb,
        'VmHWM MB': r.hwmMb,
        'other requests': r.probes,
        'their median ms': r.probeMedianMs,
        'their max ms': r.probeMaxMs,
      })),
    );
    console.log('Targets (issue 2, 1,000,000 rows, 2 cores): PGlite ≥ 40,000 rows/s, PostgreSQL ≥ 100,000 rows/s, RSS growth < 300 MB.');
  } finally {
    await issuer.close();
    await rm(work, { recursive: true, force: true });
  }
}

async function benchPGlite(work: string, csvPath: string, csv: GeneratedCsv, issuer: TestIssuer): Promise<Result> {
  const dataDir = join(work, 'pglite-data');
  const env = { DATA_DIR: dataDir };
  // The first start runs initdb and the migrations, whose memory PGlite keeps; measure a restarted server.
  await stopBenchServer((await startBenchServer(env, issuer, csv.bytes)).child);
  const server = await startBenchServer(env, issuer, csv.bytes);
  try {
    return await measureUpload('pglite', server, csvPath, csv, issuer);
  } finally {
    await stopBenchServer(server.child);
  }
}

async function benchPostgres(csvPath: string, csv: GeneratedCsv, issuer: TestIssuer): Promise<Result> {
  return withScratchDatabase('upload', async (url) => {
    const server = await startBenchServer({ DATABASE_URL: url }, issuer, csv.bytes);
    try {
      return await measureUpload('postgres', server, csvPath, csv, issuer);
    } finally {
      await stopBenchServer(server.child);
    }
  });
}

async function measureUpload(
  backend: string,
  server: BenchServer,
  csvPath: string,
  csv: GeneratedCsv,
  issuer: TestIssuer,
): Promise<Result> {
  const pid = server.child.pid!;
  const baseline = await memory(pid);
  let peak = baseline.rss;
  const sampler = setInterval(() => {
    memory(pid).then(
      (m) => (peak = Math.max(peak, m.rss)),
      () => undefined,
    );
  }, 50);

  const form = new FormData();
  form.append('file', await openAsBlob(csvPath, { type: 'text/csv' }), 'upload.csv');
  const token = await issuer.token({}, { expiresIn: '2h' });
  console.log(`\n${backend}: uploading…`);
  const probe = probeOtherRequests(server.origin, token);
  const started = performance.now();
  const response = await fetch(`${server.origin}/api/service/dataset-entries/bulk-upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = await response.json();
  const elapsed = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const latencies = (await probe.stop()).sort((a, b) => a - b);
  const end = await memory(pid);
  peak = Math.max(peak, end.rss);

  if (response.status !== 200 || body.created_entries !== csv.rows || body.created_mappings !== csv.mappings) {
    throw new Error(`${backend}: unexpected answer ${response.status} ${JSON.stringify(body).slice(0, 500)}`);
  }
  const result: Result = {
    backend,
    seconds: elapsed,
    rowsPerSecond: csv.rows / elapsed,
    baselineMb: mb(baseline.rss),
    peakMb: mb(peak),
    growthMb: mb(peak - baseline.rss),
    hwmMb: mb(end.hwm),
    probes: latencies.length,
    probeMedianMs: Math.round(latencies[Math.floor(latencies.length / 2)] ?? NaN),
    probeMaxMs: Math.round(latencies.at(-1) ?? NaN),
  };
  console.log(
    `${backend}: ${JSON.stringify(body)} in ${elapsed.toFixed(2)} s = ${Math.round(result.rowsPerSecond).toLocaleString('en')} rows/s; ` +
      `server RSS ${result.baselineMb} → peak ${result.peakMb} MB (+${result.growthMb} MB)`,
  );
  return result;
}

/**
 * Lists datasets every 250 ms while the upload runs, as the console would: shows whether the server
 * keeps answering (PostgreSQL) or holds requests until the upload's transaction ends (PGlite).
 */
function probeOtherRequests(origin: string, token: string) {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    while (running) {
      const started = performance.now();
      const response = await fetch(`${origin}/api/service/datasets/?page_size=5`, { headers: { authorization: `Bearer ${token}` } });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`GET datasets/ answered ${response.status}`);
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return latencies;
    },
  };
}

/** VmRSS and VmHWM of a process, in bytes (Linux /proc). */
async function memory(pid: number): Promise<{ rss: number; hwm: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kib('VmRSS'), hwm: kib('VmHWM') };
}

const mb = (bytes: number) => Math.round(bytes / 1e6);
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
