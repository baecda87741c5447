import { Client } from 'pg';
import { migrate } from '../../src/database/data-source';
import { startEmbeddedPostgres, type DatabaseHandle } from '../../src/database/embedded-postgres';

declare global {
  var __VIDYALAYA_TEST_DB__: { embedded?: DatabaseHandle; postgres?: { adminUrl: string; name: string } } | undefined;
}

/**
 * Once per `jest` run: an in-memory embedded PostgreSQL served on loopback, and (with
 * TEST_DATABASE_URL) a fresh database on the real server, both migrated. Test files reach them
 * through TEST_DB_URL_EMBEDDED / TEST_DB_URL_POSTGRES. With TEST_SKIP_EMBEDDED=1 (a run of the
 * `backend-postgres` project alone, as `npm test` starts it beside the embedded run) only the server's.
 */
export default async function globalSetup(): Promise<void> {
  globalThis.__VIDYALAYA_TEST_DB__ = {};
  if (!process.env.TEST_SKIP_EMBEDDED) {
    const embedded = await startEmbeddedPostgres(null);
    await migrate(embedded.url);
    process.env.TEST_DB_URL_EMBEDDED = embedded.url;
    globalThis.__VIDYALAYA_TEST_DB__.embedded = embedded;
  }

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `vidyalaya_test_${process.pid}_${Date.now()}`;
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    await migrate(url.toString());
    process.env.TEST_DB_URL_POSTGRES = url.toString();
    globalThis.__VIDYALAYA_TEST_DB__.postgres = { adminUrl, name };
  }
}
