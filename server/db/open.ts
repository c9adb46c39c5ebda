import type { Database } from './database';
import { openPGlite } from './pglite';
import { openPostgres } from './postgres';
import { migrate } from './migrate';

/** PostgreSQL when a connection string is given, else PGlite in `dataDir`; migrated either way. */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  const db = options.databaseUrl ? await openPostgres(options.databaseUrl) : await openPGlite({ dataDir: options.dataDir });
  await migrate(db);
  return db;
}
