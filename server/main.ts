import { buildApp } from './app';
import { ConfigError, readConfig } from './config';
import { openDatabase } from './db/open';
import { claimDataDir, DataDirBusyError } from './admin/data-dir-lock';
import { accountAdminHandler } from './admin/account-admin';
import { seedDemoData } from './demo/seed-demo-data';
import { openRunQueue } from './runs/open-run-queue';

async function main() {
  const config = readConfig();
  const lock = config.databaseUrl ? undefined : await claimDataDir(config.dataDir, `the server (pid ${process.pid})`);
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  lock?.serve(accountAdminHandler(db));
  const seeded = config.demoData && (await seedDemoData(db));
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  const runQueue = await openRunQueue(db, config.runs, { log: (message, err) => app?.log.error({ err }, message) });
  app = await buildApp(config, { db, logger: { level: process.env.LOG_LEVEL ?? 'info' }, runQueue });
  app.log.info(config.databaseUrl ? 'storage: PostgreSQL (DATABASE_URL)' : `storage: PGlite in ${config.dataDir}`);
  if (seeded) app.log.info('empty database: wrote the demo data (DEMO_DATA=false to start empty)');
  app.log.info(`sign-in: ${config.identity.mode === 'embedded' ? 'embedded OpenID provider at' : 'external issuer'} ${config.identity.issuer}`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    await app!.close();
    await runQueue.close();
    await db.close();
    await lock?.release();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // PGlite: only this process may touch the data folder, so it works the runs itself.
  if (config.runs.worker || db.kind === 'pglite') {
    await runQueue.startWorker();
    app.log.info('experiment runs: worked in this process');
  } else {
    app.log.info('experiment runs: queued for `npm run worker` (RUN_WORKER=false)');
  }
  app.log.info(`console at ${config.publicUrl}/, API docs at ${config.publicUrl}/docs`);
}

main().catch((error) => {
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
  else if (error instanceof DataDirBusyError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
