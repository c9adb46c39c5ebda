/**
 * `npm run worker`: works experiment runs and model judges' jobs from the PostgreSQL queues, next to (or instead of) the
 * servers' own workers. Start as many as you like, on any machine that reaches the database; stop one
 * (even with kill -9) and the others, or its restart, carry on its run where the results stop.
 */
import { ConfigError, readConfig } from './config';
import { openDatabase } from './storage/open-database';
import { PgBossRunQueue } from './runs/pg-boss-run-queue';
import { openJudgeQueue } from './judges/open-judge-queue';
import { targetHostWarnings } from './search/target-hosts';
import { surviveLostConnectionRejections } from './db/connection-loss';
import { RunAlerts } from './alerts/run-alerts';
import { gateVerdict } from './alerts/gate-verdict';

async function main() {
  const config = readConfig();
  if (!config.databaseUrl) {
    throw new ConfigError(
      'npm run worker needs DATABASE_URL (PostgreSQL). With the embedded PGlite database the server works the runs itself.',
    );
  }
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const log = (message: string, error?: unknown) => console.error(`${new Date().toISOString()} ${message}`, error ?? '');
  const say = (message: string) => console.log(`${new Date().toISOString()} ${message}`);
  surviveLostConnectionRejections(say);
  // A scheduled run this worker ends checks its experiment's alerts (the webhooks are called from here).
  const alerts = new RunAlerts({ verdict: gateVerdict(), publicUrl: config.publicUrl, log });
  const queue = await PgBossRunQueue.open(
    db,
    { ...config.runs, log },
    { log: { info: (_fields, message) => say(message), warn: (_fields, message) => say(message) }, onEnded: alerts.onEnded },
  );
  const judgeQueue = await openJudgeQueue(db, { ...config.runs, log });
  // The worker calls the search targets, so its SEARCH_TARGET_HOSTS is the one that counts.
  for (const warning of targetHostWarnings(process.env)) say(`warning: ${warning}`);
  await queue.startWorker();
  await judgeQueue.startWorker();
  console.log(
    `${new Date().toISOString()} worker ${process.pid}: working experiment runs and judge jobs (Ctrl-C stops after the current batch)`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${new Date().toISOString()} ${signal}: stopping`);
    await queue.close();
    await judgeQueue.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
});
