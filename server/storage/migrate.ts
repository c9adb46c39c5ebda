import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Database, Queryable } from '../db/database';
import { ADVISORY_LOCKS } from '../db/advisory-locks';
import { fillEntryQueryKeys } from '../db/entry-query-keys';
import { normaliseStoredQueryKeys } from './normalised-query-keys';

const migrationsDir = fileURLToPath(new URL('../db/migrations/', import.meta.url));
/** Any constant: serialises migrations when several servers start on one PostgreSQL. */
const MIGRATION_LOCK = ADVISORY_LOCKS.migrations;
/** What a migration does that SQL cannot (Unicode rules as JS has them): in its transaction, after its file. */
const FOLLOW_UPS: Partial<Record<number, (tx: Queryable) => Promise<void>>> = { 16: normaliseStoredQueryKeys };

/**
 * Applies the numbered .sql files not yet applied, each in its own transaction with its follow-up if it
 * has one, in order; then fills the entries' query keys that SQL cannot compute (none to fill costs one
 * look at an empty index).
 */
export async function migrate(db: Database): Promise<string[]> {
  const files = (await readdir(migrationsDir)).filter((f) => /^\d+_.+\.sql$/.test(f)).sort();
  await db.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY,
    name text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const applied: string[] = [];
  for (const file of files) {
    const version = Number.parseInt(file, 10);
    const sql = await readFile(migrationsDir + file, 'utf8');
    const done = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const seen = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [version]);
      if (seen.rows.length > 0) return false;
      await tx.exec(sql);
      await FOLLOW_UPS[version]?.(tx);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [version, file]);
      return true;
    });
    if (done) applied.push(file);
  }
  await fillEntryQueryKeys(db);
  return applied;
}
