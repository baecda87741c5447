import { DataSource, DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities';
import { StatementCachingClient } from './hot-statements';
import { MIGRATIONS } from './migrations';

/** One set of options for the server, the tests and the command-line tools: migrations only, never synchronize. */
export function dataSourceOptions(url: string, poolSize = 10): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    installExtensions: false,
    uuidExtension: 'pgcrypto',
    poolSize,
    connectTimeoutMS: 5000,
    extra: {
      // Fail fast when the database is gone, so requests answer 503 instead of hanging.
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30000,
      application_name: 'vidyalaya',
      // Statements that run again are prepared by name, once per connection (hot-statements.ts).
      Client: StatementCachingClient,
    },
    logging: false,
  };
}

export async function migrate(url: string): Promise<void> {
  const ds = new DataSource(dataSourceOptions(url, 1));
  await ds.initialize();
  try {
    await ds.runMigrations({ transaction: 'each' });
  } finally {
    await ds.destroy();
  }
}
