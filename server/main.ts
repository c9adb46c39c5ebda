import { buildApp } from './app';
import { ConfigError, readConfig } from './config';
import { openDatabase } from './db/open';

async function main() {
  const config = readConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp(config, { db, logger: { level: process.env.LOG_LEVEL ?? 'info' } });
  app.log.info(config.databaseUrl ? 'storage: PostgreSQL (DATABASE_URL)' : `storage: PGlite in ${config.dataDir}`);
  app.log.info(`sign-in: ${config.identity.mode === 'embedded' ? 'embedded OpenID provider at' : 'external issuer'} ${config.identity.issuer}`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`console at ${config.publicUrl}/, API docs at ${config.publicUrl}/docs`);
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
});
