import 'reflect-metadata';
import { Module } from 'node:module';
// resolve @vidyalaya/shared to source
const orig = (Module as any)._resolveFilename;
(Module as any)._resolveFilename = function (req: string, ...rest: unknown[]) {
  if (req === '@vidyalaya/shared') return '/work/main/shared/src/index.ts';
  return orig.call(this, req, ...rest);
};
const { startEmbeddedPostgres } = require('/work/main/backend/src/database/embedded-postgres');
const { migrate } = require('/work/main/backend/src/database/data-source');
const { DataSource } = require('/work/main/node_modules/typeorm');
const { dataSourceOptions } = require('/work/main/backend/src/database/data-source');

(async () => {
  const db = await startEmbeddedPostgres(null);
  await migrate(db.url);
  const ds = new DataSource(dataSourceOptions(db.url, 4));
  await ds.initialize();
  let bad = 0;
  const upsert = (key: string) => ds.query(
    `INSERT INTO rate_limits (key, window_start, hits) VALUES ($1, $2, 1)
     ON CONFLICT (key) DO UPDATE SET hits = rate_limits.hits + 1 RETURNING hits, window_start`, [key, new Date()]);
  const flow = async (i: number) => {
    const r = await upsert('ip' + i + Math.random());
    if (!r[0]) { bad++; console.log('empty upsert', JSON.stringify(r)); }
    await ds.transaction(async (m: any) => {
      const rows = await m.query(`SELECT 1 AS one FROM rate_limits WHERE key = $1 FOR UPDATE`, ['x']);
      await m.query(`UPDATE rate_limits SET hits = hits + 1 WHERE key = $1 RETURNING hits`, ['x']);
    });
  };
  await upsert('x');
  for (let round = 0; round < 20; round++) await Promise.all(Array.from({ length: 9 }, (_, i) => flow(i)));
  console.log('bad', bad);
  await ds.destroy(); await db.close();
})();
