/**
 * Bulk-upload benchmark: `npm run bench:upload -- [--rows N] [--only pglite|postgres]`.
 *
 * Generates a deterministic CSV, starts the real server (server/main.ts) as a child process trusting a
 * tiny OpenID issuer run here, uploads the file over HTTP as a streamed multipart form and prints
 * rows/s, total time and the server's RSS (sampled from /proc) for PGlite and, when DATABASE_URL is
 * set, PostgreSQL (in a scratch database created and dropped here).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startTestIssuer, type TestIssuer } from '../test/server/helpers/test-issuer';
import { writeBenchmarkCsv, type GeneratedCsv } from './generate-csv';
import { benchBackends, startBenchServer, stopBenchServer, withScratchDatabase } from './bench-server';
import { measureUpload, type UploadResult as Result } from './upload-measure';

const MiB = 1024 * 1024;

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
    console.log('Targets (1,000,000 rows, 2 cores): PGlite ≥ 40,000 rows/s, PostgreSQL ≥ 100,000 rows/s, RSS growth < 300 MB.');
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

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
