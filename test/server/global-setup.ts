import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPGlite } from '../../server/db/pglite';
import { openPostgres } from '../../server/db/postgres';
import { migrate } from '../../server/storage/migrate';
import { withClient } from './helpers/test-databases';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDumpPath: string;
    postgresTemplate: string;
  }
}

/**
 * Migrates one database per backend once; each test file starts from a copy
 * (a fresh PGlite initdb costs seconds, a template copy milliseconds).
 */
export default async function setup(project: TestProject) {
  const folder = await mkdtemp(join(tmpdir(), 'evaltest-'));
  const pglite = await openPGlite();
  await migrate(pglite);
  const dump = await pglite.pg.dumpDataDir('none');
  await pglite.close();
  const dumpPath = join(folder, 'migrated.tar');
  await writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDumpPath', dumpPath);

  const template = `evaltest_template_${process.pid}`;
  const admin = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL) : undefined;
  if (admin) {
    await withClient(admin, async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${template}`);
      await client.query(`CREATE DATABASE ${template}`);
    });
    const url = new URL(admin);
    url.pathname = `/${template}`;
    const db = await openPostgres(url.toString());
    await migrate(db);
    await db.close();
  }
  project.provide('postgresTemplate', template);

  return async () => {
    await rm(folder, { recursive: true, force: true });
    if (admin) await withClient(admin, (client) => client.query(`DROP DATABASE IF EXISTS ${template}`));
  };
}
