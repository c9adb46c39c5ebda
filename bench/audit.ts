/**
 * The audit trail at scale: `npm run bench:audit -- [--events N] [--only pglite|postgres]`.
 *
 * Stores N audit rows (1,000,000 by default) from 50 people over a year, across the actions and targets the
 * server records, straight into the database before the real server (server/main.ts) starts on it. Then
 * times, one request at a time (best of 3): the first page, each filter (person, action, target, a month),
 * a deep page, and the first 10,000 rows of the CSV export. Target: each page in time independent of N
 * (compare runs with --events 100000 and 1000000).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../server/storage/open-database';
import { migrate } from '../server/storage/migrate';
import { startTestIssuer, type TestIssuer } from '../test/server/helpers/test-issuer';
import { getChecked } from './api-mix';
import { benchBackends, startBenchServer, stopBenchServer, withScratchDatabase, type BenchBackend } from './bench-server';
import { positive } from './run-setup';

const ACTIONS = [
  'judgement.set',
  'judgement.remove',
  'entry.update',
  'dataset.update',
  'run.start',
  'experiment.update',
  'golden_set.upload',
];

async function store(connection: { databaseUrl?: string; dataDir: string }, events: number) {
  const db = await openDatabase(connection);
  try {
    await migrate(db);
    for (let from = 1; from <= events; from += 100_000) {
      await db.query(
        `INSERT INTO audit_events (at, actor_sub, actor_name, action, target_type, target_id, summary)
         SELECT timestamptz '2026-01-01' + (n * interval '1 year' / $3::int),
           'user-' || (n % 50), 'User ' || (n % 50), ($4::text[])[1 + n % 7],
           split_part(($4::text[])[1 + n % 7], '.', 1), (n % 1000)::text, 'change ' || n
         FROM generate_series($1::int, $2::int) AS n`,
        [from, Math.min(events, from + 99_999), events, ACTIONS],
      );
    }
    await db.query('ANALYZE audit_events');
  } finally {
    await db.close();
  }
}

async function time(backend: BenchBackend, env: Record<string, string>, issuer: TestIssuer, events: number) {
  const server = await startBenchServer(env, issuer, 0);
  try {
    const token = await issuer.token();
    const deep = Math.floor(Math.min(events, 10_000) / 20);
    const reads: Array<[string, string]> = [
      ['page 1', '/api/backend/audit/?page=1'],
      ['person', '/api/backend/audit/?actor=user-7'],
      ['action', '/api/backend/audit/?action=run.start'],
      ['target', '/api/backend/audit/?target_type=judgement&target_id=42'],
      ['a month', '/api/backend/audit/?from=2026-06-01&to=2026-07-01'],
      ['person and action', '/api/backend/audit/?actor=user-7&action=run.start'],
      [`page ${deep}`, `/api/backend/audit/?page=${deep}`],
    ];
    console.log(`${backend}: ${events.toLocaleString('en')} audit rows; best of 3, one request at a time`);
    for (const [name, path] of reads) {
      const times: number[] = [];
      for (let i = 0; i < 3; i++) times.push((await getChecked(server, token, path)).ms);
      console.log(
        `  ${name.padEnd(22)} ${Math.min(...times)
          .toFixed(1)
          .padStart(8)} ms`,
      );
    }
    const started = performance.now();
    const csv = await fetch(`${server.origin}/api/backend/audit.csv?actor=user-7`, { headers: { authorization: `Bearer ${token}` } });
    const lines = (await csv.text()).split('\r\n').length - 2;
    console.log(
      `  ${'CSV, one person'.padEnd(22)} ${(performance.now() - started).toFixed(1).padStart(8)} ms (${lines.toLocaleString('en')} rows)`,
    );
  } finally {
    await stopBenchServer(server.child);
  }
}

async function main() {
  const { values } = parseArgs({ options: { events: { type: 'string', default: '1000000' }, only: { type: 'string' } } });
  const events = positive(values.events!, '--events');
  const issuer = await startTestIssuer();
  const work = await mkdtemp(join(tmpdir(), 'bench-audit-'));
  try {
    for (const backend of benchBackends(values.only)) {
      if (backend === 'pglite') {
        const dataDir = join(work, 'pglite-data');
        await store({ dataDir }, events);
        await time(backend, { DATA_DIR: dataDir, DEMO_DATA: 'false' }, issuer, events);
      } else {
        await withScratchDatabase('audit', async (url) => {
          await store({ databaseUrl: url, dataDir: join(work, 'unused') }, events);
          await time(backend, { DATABASE_URL: url, DATA_DIR: join(work, 'pg-data'), DEMO_DATA: 'false' }, issuer, events);
        });
      }
    }
  } finally {
    await issuer.close();
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
