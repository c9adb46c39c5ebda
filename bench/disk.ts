/**
 * Disk benchmark: `npm run bench:disk -- [--rejected N] [--rows N]`.
 *
 * What the embedded database's folder holds after uploads that are refused: starts the real server
 * (server/main.ts, PGlite in a fresh DATA_DIR) trusting a test issuer run here, uploads a generated CSV of
 * `rows` rows whose last row is bad `rejected` times (each a 400 naming that row, after every earlier
 * row was copied), then the same file without the bad row, then stops the server cleanly. After each
 * step it prints the sizes of the folder's tables (base/), its write-ahead log (pg_wal/) and the whole.
 */
import { appendFile, copyFile, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { openAsBlob } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startTestIssuer } from '../test/server/helpers/test-issuer';
import { writeBenchmarkCsv } from './generate-csv';
import { startBenchServer, stopBenchServer } from './bench-server';

const MB = 1e6;

async function folderBytes(folder: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(folder, { withFileTypes: true }).catch(() => [])) {
    const path = join(folder, entry.name);
    total += entry.isDirectory() ? await folderBytes(path) : (await stat(path)).size;
  }
  return total;
}

async function main() {
  const { values } = parseArgs({ options: { rejected: { type: 'string', default: '8' }, rows: { type: 'string', default: '200000' } } });
  const rejected = Number(values.rejected);
  const rows = Number(values.rows);
  const work = await mkdtemp(join(tmpdir(), 'bench-disk-'));
  const dataDir = join(work, 'data');
  const issuer = await startTestIssuer();
  const table: Array<Record<string, string | number>> = [];
  try {
    const goodCsv = join(work, 'good.csv');
    const badCsv = join(work, 'bad.csv');
    const csv = await writeBenchmarkCsv(goodCsv, rows);
    await copyFile(goodCsv, badCsv);
    await appendFile(badCsv, ' ,Bench,,\n');
    console.log(
      `CSV: ${rows.toLocaleString('en')} rows, ${(csv.bytes / MB).toFixed(1)} MB; the rejected copy ends with a row without input`,
    );

    const server = await startBenchServer({ DATA_DIR: dataDir, DEMO_DATA: 'false' }, issuer, csv.bytes);
    const token = await issuer.token({}, { expiresIn: '2h' });
    const record = async (step: string, extra: Record<string, string | number> = {}) => {
      const [base, wal, all] = await Promise.all([
        folderBytes(join(dataDir, 'base')),
        folderBytes(join(dataDir, 'pg_wal')),
        folderBytes(dataDir),
      ]);
      const row = {
        step,
        'base/ MB': Math.round(base / MB),
        'pg_wal/ MB': Math.round(wal / MB),
        'folder MB': Math.round(all / MB),
        ...extra,
      };
      table.push(row);
      console.log(JSON.stringify(row));
    };
    const upload = async (path: string, expected: number) => {
      const form = new FormData();
      form.append('file', await openAsBlob(path, { type: 'text/csv' }), 'upload.csv');
      const started = performance.now();
      const response = await fetch(`${server.origin}/api/service/dataset-entries/bulk-upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      const body = (await response.json()) as { details?: Array<{ row: number }> };
      if (response.status !== expected)
        throw new Error(`upload answered ${response.status}, not ${expected}: ${JSON.stringify(body).slice(0, 300)}`);
      return { s: ((performance.now() - started) / 1000).toFixed(1), status: response.status };
    };

    await record('started');
    for (let i = 1; i <= rejected; i++) await record(`rejected upload ${i}`, await upload(badCsv, 400));
    await record('accepted upload', await upload(goodCsv, 200));
    await stopBenchServer(server.child);
    await record('after a clean stop');
    console.log();
    console.table(table);
  } finally {
    await issuer.close();
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
