import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import pg from 'pg';
import type { Database } from '../../../server/db/database';
import { openPGlite } from '../../../server/db/pglite';
import { openPostgres } from '../../../server/db/postgres';

export type Backend = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when DATABASE_URL is set (CI sets it when a server answers). */
export const backends: Backend[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase {
  db: Database;
  /** PostgreSQL only: the database's connection string, for other processes (workers). */
  url?: string;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database of its own: PGlite from the global setup's dump (in memory, or in `pgliteFolder`
 * as the server keeps it), PostgreSQL from its template.
 */
export async function createTestDatabase(backend: Backend, pgliteFolder?: string): Promise<TestDatabase> {
  if (backend === 'pglite') {
    const dump = await readFile(inject('pgliteDumpPath'));
    const db = await openPGlite({ dataDir: pgliteFolder, loadDataDir: new Blob([dump]) });
    return { db, drop: () => db.close() };
  }
  const admin = new URL(process.env.DATABASE_URL!);
  const name = `evaltest_${randomBytes(6).toString('hex')}`;
  await withClient(admin, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString());
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.close();
      await withClient(admin, (client) => client.query(`DROP DATABASE IF EXISTS ${name}`));
    },
  };
}

export async function withClient<T>(url: URL, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
