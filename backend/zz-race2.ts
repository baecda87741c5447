import 'reflect-metadata';
import { Module } from 'node:module';
const orig = (Module as any)._resolveFilename;
(Module as any)._resolveFilename = function (req: string, ...rest: unknown[]) {
  if (req === '@vidyalaya/shared') return '/work/main/shared/src/index.ts';
  return orig.call(this, req, ...rest);
};
const { startEmbeddedPostgres } = require('./src/database/embedded-postgres');
const { migrate } = require('./src/database/data-source');
const { createApp } = require('./src/app.factory');
const { loadConfig } = require('./src/config/app-config');
const { createLogger } = require('./src/common/logger');

(async () => {
  const db = await startEmbeddedPostgres(null);
  await migrate(db.url);
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/dbg/data', LOG_LEVEL: 'error', JWT_SECRET: 'x'.repeat(40), TRUST_PROXY: 'true', DATABASE_POOL_SIZE: '4', WEB_DIST_DIR: '/tmp/none' });
  const app = await createApp({ config, databaseUrl: db.url, logger: createLogger('error') });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${app.getHttpServer().address().port}/api/v1`;
  const post = (path: string, body: unknown, ip: string) => fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': ip }, body: JSON.stringify(body) }).then(async (r) => ({ status: r.status, body: await r.json() }));
  let bad = 0;
  const warm = await Promise.all(Array.from({ length: 8 }, (_, i) => post('/auth/login', { username: 'warm' + i, password: 'x' }, '10.9.9.' + i))); console.log('warm', warm.map((w) => w.status).join(' '));
  for (let round = 0; round < 12; round++) {
    const username = 'u' + Math.random().toString(36).slice(2, 10);
    // create user directly + otp row
    const r = await post('/auth/register', { username, email: username + '@x.test', password: 'Kanpur-Chalk-4217' }, '10.0.0.' + round);
    if (r.status !== 201) console.log('register', r.status, JSON.stringify(r.body));
    const answers = await Promise.all(Array.from({ length: 9 }, (_, i) => post('/auth/verify-otp/registration', { username, otp: String(100000 + i) }, `10.1.${round}.${i}`)));
    const codes = answers.map((a) => a.body.error?.code);
    bad += codes.filter((c) => c === 'INTERNAL_ERROR').length;
    console.log(codes.join(' '));
  }
  console.log('bad', bad);
  await app.close(); await db.close();
})();
