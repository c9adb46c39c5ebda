import type { Database } from '../db/database';
import { migrate } from './migrate';

/** PostgreSQL when a connection string is given, else PGlite in `dataDir`; migrated either way. */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  // Only the storage in use is loaded: PGlite's module alone holds about 50 MB of a server on PostgreSQL.
  const db = options.databaseUrl
    ? await (await import('../db/postgres')).openPostgres(options.databaseUrl)
    : await (await import('../db/pglite')).openPGlite({ dataDir: options.dataDir });
  await migrate(db);
  return db;
}
