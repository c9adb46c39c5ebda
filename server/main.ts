import { describeRoleMapping } from './auth/role-mapping';
import { buildApp } from './app';
import { ConfigError, readConfig } from './config';
import { openDatabase } from './storage/open-database';
import { claimDataDir, DataDirBusyError } from './admin/data-dir-lock';
import { accountAdminHandler } from './admin/account-admin';
import { seedDemoData } from './demo/seed-demo-data';
import { leftDemoData } from './demo/left-demo-data';
import { openRunQueue } from './runs/open-run-queue';
import { openJudgeQueue } from './judges/open-judge-queue';
import { targetHostsNote, targetHostWarnings } from './search/target-hosts';
import { loggerOptions } from './log-destination';
import { surviveLostConnectionRejections } from './db/connection-loss';
import { reclaimUnfinishedImports } from './db/after-import';
import { fullDiskAtStart } from './db/disk-space';
import { RunAlerts } from './alerts/run-alerts';
import { gateVerdict } from './alerts/gate-verdict';
import { startScheduleClock, type ScheduleClock } from './schedules/schedule-clocks';

/** A start that cannot go on, for a reason the message says in full (no stack trace needed). */
class StartError extends Error {}

async function main() {
  const config = readConfig();
  const lock = config.databaseUrl ? undefined : await claimDataDir(config.dataDir, `the server (pid ${process.pid})`);
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch(async (error: unknown) => {
    const fullDisk = await fullDiskAtStart(error, config.databaseUrl ? undefined : config.dataDir);
    throw fullDisk ? new StartError(fullDisk) : error;
  });
  lock?.serve(accountAdminHandler(db));
  const seeded = config.demoData && (await seedDemoData(db));
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  // Runs log through the app's logger once it exists (the queue is made first, to hand it to the app).
  const runLog = {
    info: (fields: object, message: string) => app?.log.info(fields, message),
    warn: (fields: object, message: string) => app?.log.warn(fields, message),
  };
  const logError = (message: string, err?: unknown) => app?.log.error({ err }, message);
  // A scheduled run this process ends checks its experiment's alerts.
  const alerts = new RunAlerts({ verdict: gateVerdict(), publicUrl: config.publicUrl, log: logError });
  const runQueue = await openRunQueue(db, config.runs, { log: logError, slice: { log: runLog, onEnded: alerts.onEnded } });
  const judgeQueue = await openJudgeQueue(db, { ...config.runs, log: (message, err) => app?.log.error({ err }, message) });
  if (db.kind === 'postgres') surviveLostConnectionRejections((message) => app?.log.warn(message));
  let firstAdmin: { account: string; generatedPassword: string | undefined } | undefined;
  app = await buildApp(config, {
    db,
    logger: loggerOptions(config.logging.level, config.logging.format),
    requestLogging: config.logging.requests,
    runQueue,
    judgeQueue,
    firstAdminCreated: (account, generatedPassword) => (firstAdmin = { account, generatedPassword }),
  });
  const unfinished = await reclaimUnfinishedImports(db, app.log);
  const left = config.demoData ? undefined : await leftDemoData(db);
  let scheduleClock: ScheduleClock | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    await scheduleClock?.close();
    alerts.stopResuming();
    await app!.close();
    await runQueue.close();
    await judgeQueue.close();
    await db.close();
    await lock?.release();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // What a person needs first: the address to open, then where the password to sign in with is; the rest after.
  await app.listen({
    port: config.port,
    host: config.host,
    listenTextResolver: (address) => `Open ${config.publicUrl}/ in a browser (server listening at ${address})`,
  });
  if (firstAdmin?.generatedPassword) printAdminPasswordBanner(config.publicUrl, firstAdmin.account, firstAdmin.generatedPassword);
  else app.log.info(signInNote(config, firstAdmin));
  app.log.info(config.databaseUrl ? 'storage: PostgreSQL (DATABASE_URL)' : `storage: PGlite in ${config.dataDir}`);
  if (unfinished > 0) app.log.info(`vacuumed the tables of ${unfinished} import(s) a stopped server left unfinished`);
  app.log.info(
    config.identity.mode === 'external'
      ? describeRoleMapping(config.identity.roles)
      : 'roles: each account of the embedded provider has its own (npm run user -- role NAME viewer|curator|admin)',
  );
  const allowedHosts = targetHostsNote(process.env);
  if (allowedHosts) app.log.info(allowedHosts);
  for (const warning of targetHostWarnings(process.env)) app.log.warn(warning);
  if (seeded) app.log.info('empty database: wrote the demo data (DEMO_DATA=false to start empty)');
  if (left) app.log.warn(left);
  // PGlite: only this process may touch the data folder, so it works the runs itself.
  if (config.runs.worker || db.kind === 'pglite') {
    await runQueue.startWorker();
    await judgeQueue.startWorker();
    app.log.info('experiment runs and judge jobs: worked in this process');
  } else {
    app.log.info('experiment runs and judge jobs: queued for `npm run worker` (RUN_WORKER=false)');
  }
  // Deliveries a stopped server left pending are sent again.
  await alerts.startResuming(db);
  scheduleClock = await startScheduleClock(db, runQueue, { log: logError, onTickFailed: alerts.onTickFailed });
  app.log.info('experiment schedules: ticking in this process (every minute, UTC)');
  app.log.info(`API docs at ${config.publicUrl}/docs`);
}

/** Where the password to sign in with is, when no banner shows a new one. */
function signInNote(config: ReturnType<typeof readConfig>, firstAdmin: { account: string } | undefined): string {
  if (config.identity.mode === 'external') return `sign-in: external issuer ${config.identity.issuer}`;
  if (firstAdmin) return `sign-in: as "${firstAdmin.account}" with the password in CONSOLE_ADMIN_PASSWORD (embedded OpenID provider)`;
  return (
    "sign-in: with your account of the embedded OpenID provider; the first admin's password was shown on the first start " +
    '("npm run user -- passwd admin" sets a new one)'
  );
}

/** Plain text on stderr, not a JSON log line: the one time this password is shown must be hard to miss. */
function printAdminPasswordBanner(publicUrl: string, account: string, password: string) {
  const lines = [
    `First start: created the account to sign in with at ${publicUrl}/`,
    '',
    `  account:   ${account}`,
    `  password:  ${password}`,
    '',
    'This password is shown once only. Change it with "npm run user -- passwd admin".',
  ];
  const rule = '='.repeat(Math.max(...lines.map((line) => line.length)));
  process.stderr.write(`\n${rule}\n${lines.join('\n')}\n${rule}\n\n`);
}

main().catch((error) => {
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
  else if (error instanceof DataDirBusyError || error instanceof StartError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
