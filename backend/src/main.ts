import 'reflect-metadata';
import { createApp } from './app.factory';
import { createLogger } from './common/logger';
import { ConfigError, loadConfig } from './config/app-config';
import { migrate } from './database/data-source';
import { startEmbeddedAnalyze } from './database/embedded-analyze';
import { DataDirInUseError, openDatabase } from './database/embedded-postgres';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(1);
    }
    throw e;
  }
  const logger = createLogger(config.logLevel);
  let db;
  try {
    db = await openDatabase(config, 'server');
  } catch (e) {
    if (e instanceof DataDirInUseError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(1);
    }
    throw e;
  }
  logger.info({ database: db.embedded ? `embedded (${config.dataDir})` : 'external', node: process.version }, 'database opened');
  await migrate(db.url);
  // The embedded database has no autovacuum: the planner's statistics are gathered here (embedded-analyze.ts).
  const analyze = db.embedded ? startEmbeddedAnalyze(db.url, logger, { quietFor: db.quietFor }) : null;
  const app = await createApp({ config, databaseUrl: db.url, logger });
  await app.listen({ port: config.port, host: config.host });
  logger.info(`Vidyalaya is ready on ${config.tls ? 'https' : 'http'}://localhost:${config.port}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await analyze?.stop();
      await db.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((e: unknown) => {
  process.stderr.write(`Vidyalaya could not start: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
