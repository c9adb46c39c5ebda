// The API benchmark's baseline (bench/api.ts): the rows the bulk upload wrote, exported from its
// database and loaded again with a raw COPY per table into a second database migrated the same way
// (server/storage/migrate.ts), in one transaction. Only the two COPYs and the commit are timed.
import { createReadStream, createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { PGlite } from '@electric-sql/pglite';
import { settleImport } from '../server/db/after-import';
import { copyStatement, type Database } from '../server/db/database';
import { migrate } from '../server/storage/migrate';
import { openPGlite } from '../server/db/pglite';
import { openPostgres } from '../server/db/postgres';
import { withScratchDatabase } from './bench-server';

export interface RawCopyResult {
  seconds: number;
  entries: number;
  mappings: number;
  /** How the COPYs ran, printed beside the figure. */
  how: string;
  /** The upkeep the upload does after its commit (VACUUM (ANALYZE), server/db/after-import.ts), timed after the COPYs. */
  upkeepSeconds: number;
  /** PostgreSQL: the same COPYs into tables without the entry search's trigram index, and that index built after them. */
  withoutTrigram?: { seconds: number; indexSeconds: number };
}

/** Times the server's own upkeep after an import, on the copied tables. */
async function timedUpkeep(db: Database, entries: number): Promise<number> {
  const started = performance.now();
  await settleImport(db, 'entries', entries, { warn: (details, message) => console.warn(message, details) });
  return (performance.now() - started) / 1000;
}

/** The server's COPY columns (server/bulk/entry-writer.ts). */
const ENTRY_COLUMNS = ['id', 'input', 'input_metadata', 'description', 'query_key'];
const MAPPING_COLUMNS = ['dataset_id', 'dataset_entry_id'];
const EXPORT_ENTRIES = `COPY (SELECT ${ENTRY_COLUMNS.join(', ')} FROM dataset_entries ORDER BY id) TO STDOUT WITH (FORMAT csv)`;
const EXPORT_MAPPINGS = `COPY (SELECT ${MAPPING_COLUMNS.join(', ')} FROM dataset_entry_mappings ORDER BY dataset_entry_id, dataset_id) TO STDOUT WITH (FORMAT csv)`;
/** As the server decides whether to copy mappings without their foreign-key triggers. */
const MAY_SKIP_TRIGGERS = `SELECT current_setting('is_superuser') = 'on'
  OR has_parameter_privilege('session_replication_role', 'SET') AS may_skip`;
const HOW = (skip: boolean) =>
  `one transaction: COPY entries, COPY mappings${skip ? ' (foreign-key triggers off, as the server does when allowed)' : ''}, COMMIT`;

type Dataset = { id: string; name: string; description: string };
const DATASETS = 'SELECT id::text AS id, name, description FROM datasets ORDER BY id';
const INSERT_DATASETS = `INSERT INTO datasets (id, name, description)
  SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[])`;
const datasetParams = (rows: Dataset[]) => [rows.map((d) => d.id), rows.map((d) => d.name), rows.map((d) => d.description)];

/** PostgreSQL: exports from `sourceUrl` to files in `work`, then COPYs them FROM STDIN into a scratch database. */
export async function rawCopyPostgres(sourceUrl: string, work: string): Promise<RawCopyResult> {
  const entriesFile = join(work, 'raw-entries.csv');
  const mappingsFile = join(work, 'raw-mappings.csv');
  const source = new pg.Client({ connectionString: sourceUrl });
  await source.connect();
  let datasets: Dataset[];
  try {
    await pipeline(source.query(copyTo(EXPORT_ENTRIES)), createWriteStream(entriesFile));
    await pipeline(source.query(copyTo(EXPORT_MAPPINGS)), createWriteStream(mappingsFile));
    datasets = (await source.query<Dataset>(DATASETS)).rows;
  } finally {
    await source.end();
  }
  const files = { entriesFile, mappingsFile };
  const withIndex = await withScratchDatabase('api_rawcopy', (url) => copyIntoPostgres(url, files, datasets, false));
  // The same COPY into tables without the entry search's trigram index, then that index built in one pass: the
  // index's price, and what building it after a large load would cost instead.
  const without = await withScratchDatabase('api_rawcopy_plain', (url) => copyIntoPostgres(url, files, datasets, true));
  return { ...withIndex, withoutTrigram: { seconds: without.seconds, indexSeconds: without.indexSeconds! } };
}

const TRIGRAM_INDEX = 'entry_search_texts_trgm_idx';
const CREATE_TRIGRAM_INDEX = `CREATE INDEX ${TRIGRAM_INDEX} ON entry_search_texts USING gin (text gin_trgm_ops)`;

/** Loads the exported files into a freshly migrated database at `url`, optionally without the trigram index (then built after, timed). */
async function copyIntoPostgres(
  url: string,
  { entriesFile, mappingsFile }: { entriesFile: string; mappingsFile: string },
  datasets: Dataset[],
  withoutTrigram: boolean,
): Promise<RawCopyResult & { indexSeconds?: number }> {
  const db = await openPostgres(url);
  await migrate(db).finally(() => db.close());
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(INSERT_DATASETS, datasetParams(datasets));
    if (withoutTrigram) await client.query(`DROP INDEX ${TRIGRAM_INDEX}`);
    const skip = (await client.query<{ may_skip: boolean }>(MAY_SKIP_TRIGGERS)).rows[0].may_skip;
    const started = performance.now();
    await client.query('BEGIN');
    const entries = client.query(copyFrom(copyStatement('dataset_entries', ENTRY_COLUMNS, 'STDIN')));
    await pipeline(createReadStream(entriesFile), entries);
    if (skip) await client.query('SET LOCAL session_replication_role = replica');
    const mappings = client.query(copyFrom(copyStatement('dataset_entry_mappings', MAPPING_COLUMNS, 'STDIN')));
    await pipeline(createReadStream(mappingsFile), mappings);
    await client.query('COMMIT');
    const seconds = (performance.now() - started) / 1000;
    let indexSeconds: number | undefined;
    if (withoutTrigram) {
      const indexStarted = performance.now();
      await client.query(CREATE_TRIGRAM_INDEX);
      indexSeconds = (performance.now() - indexStarted) / 1000;
    }
    const copied = await openPostgres(url);
    const upkeepSeconds = await timedUpkeep(copied, Number(entries.rowCount)).finally(() => copied.close());
    return { seconds, entries: Number(entries.rowCount), mappings: Number(mappings.rowCount), how: HOW(skip), upkeepSeconds, indexSeconds };
  } finally {
    await client.end();
  }
}

/** PGlite: exports from the data directory `sourceDir` (its server stopped) and COPYs from '/dev/blob' into a fresh one. */
export async function rawCopyPGlite(sourceDir: string, work: string): Promise<RawCopyResult> {
  const source = await openPGlite({ dataDir: sourceDir });
  let entries: Blob, mappings: Blob, datasets: Dataset[];
  try {
    entries = await exportBlob(source.pg, EXPORT_ENTRIES);
    mappings = await exportBlob(source.pg, EXPORT_MAPPINGS);
    datasets = (await source.query<Dataset>(DATASETS)).rows;
  } finally {
    await source.close();
  }
  const target = await openPGlite({ dataDir: join(work, 'pglite-rawcopy') });
  try {
    await migrate(target);
    await target.query(INSERT_DATASETS, datasetParams(datasets));
    const skip = (await target.query<{ may_skip: boolean }>(MAY_SKIP_TRIGGERS)).rows[0].may_skip;
    const started = performance.now();
    const counts = await target.pg.transaction(async (tx) => {
      const e = await tx.query(copyStatement('dataset_entries', ENTRY_COLUMNS, `'/dev/blob'`), [], { blob: entries });
      if (skip) await tx.query('SET LOCAL session_replication_role = replica');
      const m = await tx.query(copyStatement('dataset_entry_mappings', MAPPING_COLUMNS, `'/dev/blob'`), [], { blob: mappings });
      return { entries: e.affectedRows ?? 0, mappings: m.affectedRows ?? 0 };
    });
    const seconds = (performance.now() - started) / 1000;
    const upkeepSeconds = await timedUpkeep(target, counts.entries);
    return { seconds, ...counts, how: `PGlite in the benchmark's process, COPY FROM '/dev/blob'; ${HOW(skip)}`, upkeepSeconds };
  } finally {
    await target.close();
  }
}

async function exportBlob(db: PGlite, sql: string): Promise<Blob> {
  const result = await db.query(sql.replace('TO STDOUT', `TO '/dev/blob'`));
  if (!result.blob) throw new Error(`PGlite gave no blob for: ${sql}`);
  return result.blob;
}
