// A rejected or interrupted import leaves no lasting cost on disk: its rows are vacuumed away (at once, or
// at the next start after a server was killed mid-import), and PGlite's write-ahead log is checkpointed
// while the server runs instead of growing until it stops.
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reclaimUnfinishedImports } from '../../server/db/after-import';
import { CHECKPOINT_AFTER_BYTES, walSinceCheckpoint } from '../../server/db/pglite-wal';
import { backends, startTestApp, type TestApp } from './helpers/test-app';

const MiB = 1024 * 1024;
const ROWS = 20_000;

/** A CSV whose last row is bad: every earlier row is copied into the table before the upload is refused. */
const rejectedCsv = (round: number) =>
  [
    'input,datasets,description',
    ...Array.from({ length: ROWS }, (_, i) => `query ${round} ${i} with some words,Space ${round},described ${i}`),
    ' ,x,',
  ].join('\n');

/** Bytes in a folder, all the way down. */
async function folderBytes(folder: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    total += entry.isDirectory() ? await folderBytes(path) : (await stat(path)).size;
  }
  return total;
}

describe.each(backends)('space after failed imports (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, {}, { onDisk: true });
  });
  afterAll(() => t?.close());

  /** The entries tables with their indexes, as the database counts them; without them, `tablesOnly`. */
  async function entryTablesBytes({ tablesOnly = false } = {}): Promise<number> {
    const size = tablesOnly ? 'pg_table_size' : 'pg_total_relation_size';
    const { rows } = await t.db.query<{ bytes: string }>(
      `SELECT (${size}('dataset_entries') + ${size}('dataset_entry_mappings') + ${size}('entry_search_texts'))::text AS bytes`,
    );
    return Number(rows[0].bytes);
  }

  async function uploadRejected(round: number) {
    const response = await t.upload('/api/service/dataset-entries/bulk-upload', [['file', { file: rejectedCsv(round) }]]);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().details[0]).toMatchObject({ row: ROWS + 2 });
  }

  it('repeated rejected uploads do not grow the tables or the data folder', async () => {
    // The first two leave index pages the next ones reuse (a B-tree gives a page back one vacuum after emptying it).
    await uploadRejected(0);
    await uploadRejected(1);
    const [tablesBefore, heapBefore] = [await entryTablesBytes(), await entryTablesBytes({ tablesOnly: true })];
    const tableFilesBefore = backend === 'pglite' ? await folderBytes(join(t.dataDir, 'base')) : 0;
    for (let round = 2; round <= 6; round++) await uploadRejected(round);
    // Each rejected upload copies about 4 MB of rows and index entries before it is refused (20 MB for the five
    // if nothing were given back); the new words of each stay in the trigram index (about 50 kB an upload).
    expect(await entryTablesBytes({ tablesOnly: true })).toBeLessThanOrEqual(heapBefore + 0.5 * MiB);
    // On PostgreSQL an emptied index page is reused only once no transaction in any database of the server could
    // still see it, and other test files at work on the same server may hold one open for as long as they like.
    if (backend === 'pglite') {
      expect(await entryTablesBytes()).toBeLessThanOrEqual(tablesBefore + 0.5 * MiB);
      expect(await folderBytes(join(t.dataDir, 'base'))).toBeLessThanOrEqual(tableFilesBefore + 1 * MiB);
    }
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM imports_under_way');
    expect(rows[0].n).toBe(0);
  });

  it('the next start vacuums what an import killed mid-way left, and forgets it', async () => {
    const [before, tablesBefore] = [await entryTablesBytes(), await entryTablesBytes({ tablesOnly: true })];
    // What a killed server leaves: its import's mark, and the rows its transaction wrote.
    await t.db.query("INSERT INTO imports_under_way (import) VALUES ('entries')");
    await t.db
      .transaction(async (tx) => {
        await tx.query(
          "INSERT INTO dataset_entries (input, query_key) SELECT 'killed ' || g, 'killed ' || g FROM generate_series(1, $1::int) g",
          [ROWS],
        );
        throw new Error('killed');
      })
      .catch(() => undefined);
    expect(await entryTablesBytes()).toBeGreaterThan(before + 1 * MiB);
    expect(await entryTablesBytes({ tablesOnly: true })).toBeGreaterThan(tablesBefore + 0.75 * MiB);

    const warnings: string[] = [];
    expect(await reclaimUnfinishedImports(t.db, { warn: (_details, message) => warnings.push(message) })).toBe(1);
    expect(warnings).toEqual([]);
    // The killed rows themselves are gone on both. On PostgreSQL the emptied index pages wait, as above, for every
    // transaction of the server's other databases that could still see them.
    expect(await entryTablesBytes({ tablesOnly: true })).toBeLessThanOrEqual(tablesBefore + 0.25 * MiB);
    if (backend === 'pglite') expect(await entryTablesBytes()).toBeLessThanOrEqual(before + 1 * MiB);
    expect(await reclaimUnfinishedImports(t.db, { warn: () => undefined })).toBe(0);
  });

  it.skipIf(backend !== 'pglite')('the write-ahead log is checkpointed while the server runs, so it stays bounded', async () => {
    const walBytes = () => folderBytes(join(t.dataDir, 'pg_wal'));
    await t.db.exec('CREATE TABLE wal_filler (line text)');
    // Three times what makes a checkpoint due, each followed by the check the server makes after imports.
    for (let round = 0; round < 3; round++) {
      await t.db.query("INSERT INTO wal_filler SELECT repeat('x', 900) FROM generate_series(1, $1::int)", [
        Math.ceil(CHECKPOINT_AFTER_BYTES / 1000),
      ]);
      await t.db.query('DELETE FROM wal_filler');
      await t.db.boundWal!();
      expect(await walSinceCheckpoint(t.db)).toBeLessThan(CHECKPOINT_AFTER_BYTES);
    }
    // PGlite keeps max_wal_size (128 MB) at most, and the segment being written.
    expect(await walBytes()).toBeLessThanOrEqual(144 * MiB);
    await t.db.exec('DROP TABLE wal_filler');
  });
});
