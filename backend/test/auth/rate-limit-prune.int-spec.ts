import { startTestApp, uniq, type TestApp } from '../support/app';

/**
 * Issue 20: the PostgreSQL rate-limit store does not grow for ever. Every window is an hour at
 * most, so a row whose window began more than a day ago counts nothing: such rows are deleted
 * opportunistically, at most once every 10 minutes, by the hit that finds the last clean-up old.
 */
describe('rate_limits rows of windows long past are pruned', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());

  const hit = () =>
    t.call('POST', '/auth/forgot-password', { body: { username: `nobody${uniq()}` }, headers: { 'x-forwarded-for': `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` } });
  const keys = async (prefix: string): Promise<string[]> =>
    (await t.db.query(`SELECT key FROM rate_limits WHERE key LIKE $1 ORDER BY key`, [`${prefix}%`])).map((r: { key: string }) => r.key);

  it('a hit ten minutes after the last clean-up deletes rows older than a day and keeps the live ones', async () => {
    expect((await hit()).status).toBe(200); // the first hit of this app cleans up once
    const prefix = `prune-test:${uniq()}:`;
    const now = t.clock.now().getTime();
    const DAY = 24 * 3600_000;
    // "live" is far ahead, so no other test file's app (whose clocks may run days ahead) prunes it meanwhile.
    await t.db.query(
      `INSERT INTO rate_limits (key, window_start, hits) VALUES ($1, $2, 3), ($3, $4, 3), ($5, $6, 1)`,
      [`${prefix}old`, new Date(now - 2 * DAY), `${prefix}older`, new Date(now - 40 * DAY), `${prefix}live`, new Date(now + 400 * DAY)],
    );
    t.clock.advanceMinutes(11);
    expect((await hit()).status).toBe(200);
    expect(await keys(prefix)).toEqual([`${prefix}live`]);
  });
});
