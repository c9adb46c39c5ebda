/**
 * What autovacuum would do after an import, done when the import ends, whether it was committed or not. PGlite has no autovacuum, and a
 * PostgreSQL may run without it (this project's CI server does); until then, freshly loaded pages have
 * no visibility map (index-only scans read the table), their first readers write hint bits, the planner
 * has no statistics, and every search scans the trigram index's pending list. At a million entries a
 * deep page took 29 ms and a filtered editor window 247 ms right after the upload, 9 and 6 ms after
 * VACUUM ANALYZE, which took 0.54 s for the entries and their 2 million mappings.
 */
import type { Database, Queryable } from './database';

/** Each import's tables, and the trigram (GIN) index searches read, which first collects new rows in a pending list. */
const IMPORTS = {
  entries: { tables: 'dataset_entries, dataset_entry_mappings, entry_search_texts', searchIndex: 'entry_search_texts_trgm_idx' },
  products: { tables: 'products', searchIndex: 'products_search_idx' },
  judgements: { tables: 'golden_set_judgements, golden_set_ratings', searchIndex: undefined },
  rankings: { tables: 'evaluation_rankings, experiment_run_entries', searchIndex: undefined },
  // A run's results, written batch by batch while it runs: settled when it ends. Counting a run's 100,000 results
  // for every page of them took 113 ms on PGlite, 20 ms once the visibility map let the count read an index alone.
  results: { tables: 'experiment_run_results', searchIndex: undefined },
} as const;

export type Imported = keyof typeof IMPORTS;
/** The imports whose table a search index covers. */
type Searched = 'entries' | 'products';

/** Where a failed upkeep is told: a request's logger, or the console in the benchmarks. */
export interface UpkeepLog {
  warn(details: object, message: string): void;
}

/** Rows from which an import vacuums and analyzes its tables; below, it only merges the pending list. */
export const VACUUM_FROM_ROWS = 1000;

/**
 * After a committed import of `rows` rows. VACUUM cannot run in a transaction: `db` is the database itself.
 * Never fails: the rows are in, a failed upkeep only slows reads, and an error would invite a second import.
 */
export async function settleImport(db: Database, imported: Imported, rows: number, log: UpkeepLog): Promise<void> {
  // VACUUM also merges the pending list, and does not block readers or writers on PostgreSQL.
  const { tables, searchIndex } = IMPORTS[imported];
  try {
    if (rows >= VACUUM_FROM_ROWS) await db.exec(`VACUUM (ANALYZE) ${tables}`);
    else if (searchIndex !== undefined) await mergePendingRows(db, imported as Searched);
  } catch (error) {
    log.warn({ err: error }, `upkeep after the ${imported} import failed`);
  }
  await db.boundWal?.().catch((error: unknown) => log.warn({ err: error }, 'checkpoint after the import failed'));
}

/**
 * Runs an import (`work`, its transaction) so that failing leaves no lasting cost. A rejected or
 * interrupted import's rows stay in the table files as dead rows, and PGlite never vacuums them: eight
 * rejected 200,000-row uploads grew the folder by 312 MB. After a failure the tables are vacuumed, which
 * gives the dead pages at their end back to the disk and the rest to later writes. A row in
 * imports_under_way, committed first, lets the next start do the same after a server was killed mid-import.
 */
export async function withImportUpkeep<T>(db: Database, imported: Imported, log: UpkeepLog, work: () => Promise<T>): Promise<T> {
  const { rows } = await db.query<{ id: string }>('INSERT INTO imports_under_way (import) VALUES ($1) RETURNING id::text AS id', [
    imported,
  ]);
  try {
    return await work();
  } catch (error) {
    await reclaim(db, [imported], log);
    throw error;
  } finally {
    await db.query('DELETE FROM imports_under_way WHERE id = $1', [rows[0].id]).catch((error: unknown) => {
      log.warn({ err: error }, `could not clear the mark of the ${imported} import`);
    });
  }
}

/**
 * At start: vacuums the tables of imports a killed server left unfinished, then forgets them; how many
 * such imports there were.
 */
export async function reclaimUnfinishedImports(db: Database, log: UpkeepLog): Promise<number> {
  const { rows } = await db.query<{ id: string; import: Imported }>('SELECT id::text AS id, import FROM imports_under_way');
  if (rows.length === 0) return 0;
  await reclaim(db, [...new Set(rows.map((row) => row.import))], log);
  await db.query('DELETE FROM imports_under_way WHERE id = ANY($1::bigint[])', [rows.map((row) => row.id)]);
  return rows.length;
}

/** VACUUM of the imports' tables; a failure is logged: the data is intact, only space is not given back yet. */
async function reclaim(db: Database, imports: Imported[], log: UpkeepLog): Promise<void> {
  const tables = imports.map((imported) => IMPORTS[imported].tables).join(', ');
  try {
    await db.exec(`VACUUM ${tables}`);
    await db.boundWal?.();
  } catch (error) {
    log.warn({ err: error }, `vacuum after a failed import of ${imports.join(', ')} failed`);
  }
}

/** Merges the index's pending list into the index proper; the pending pages it merged. */
export async function mergePendingRows(db: Queryable, imported: Searched): Promise<number> {
  const { rows } = await db.query<{ pages: number | string }>('SELECT gin_clean_pending_list($1::regclass) AS pages', [
    IMPORTS[imported].searchIndex,
  ]);
  return Number(rows[0].pages);
}
