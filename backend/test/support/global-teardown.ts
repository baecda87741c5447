import { Client } from 'pg';

export default async function globalTeardown(): Promise<void> {
  const state = globalThis.__VIDYALAYA_TEST_DB__;
  if (!state) return;
  await state.embedded?.close();
  if (state.postgres) {
    const admin = new Client({ connectionString: state.postgres.adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${state.postgres.name} WITH (FORCE)`);
    await admin.end();
  }
}
