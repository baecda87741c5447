import type { Logger } from 'pino';
import { LOGGER } from '../../src/common/logger';
import { startTestApp, uniq, type TestApp } from '../support/app';

/**
 * Issue 12 item 5: every log line a service writes while serving a request carries that request's
 * id (common/request-context.ts), not only the HTTP lines; concurrent requests keep their own ids;
 * a line written outside any request has none, and no line names the id twice.
 */
describe('request-scoped logging: the request id on every line a service writes', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    // No SMTP_URL: the mail service writes each e-mail to a file and logs a line saying so.
    t = await startTestApp({ SMTP_URL: undefined }, { logLines: lines });
  });
  afterAll(() => t.close());

  const parsed = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

  it('the mail service’s line carries the id of the registration that sent the e-mail, for each of several concurrent requests', async () => {
    const accounts = Array.from({ length: 4 }, (_, i) => {
      const username = `rq${uniq()}`;
      return { reqId: `req-${i}-${uniq()}`, body: { username, email: `${username}@example.test`, password: 'Kanpur-Chalk-4217' } };
    });
    const answers = await Promise.all(
      accounts.map((a) => t.call('POST', '/auth/register', { body: a.body, headers: { 'x-request-id': a.reqId } })),
    );
    expect(answers.map((r) => [r.status, r.headers.get('x-request-id')])).toEqual(accounts.map((a) => [201, a.reqId]));
    for (const a of accounts) {
      const mailLines = parsed().filter((l) => l.msg === 'e-mail written (no SMTP_URL set)' && l.to === a.body.email);
      expect(mailLines.map((l) => l.reqId)).toEqual([a.reqId]);
    }
  });

  it('a failure logged by the envelope filter keeps the id, and no line names it twice', async () => {
    const res = await t.call('GET', '/auth/me', { headers: { 'x-request-id': `req-me-${uniq()}` } });
    expect(res.status).toBe(401);
    for (const line of lines) expect((line.match(/"reqId":/g) ?? []).length).toBeLessThanOrEqual(1);
    // Fastify's own request lines keep their id too.
    const completed = parsed().filter((l) => l.msg === 'request completed');
    expect(completed.length).toBeGreaterThan(0);
    expect(completed.every((l) => typeof l.reqId === 'string')).toBe(true);
  });

  it('a line written outside any request carries no request id', async () => {
    const marker = `outside-${uniq()}`;
    t.app.get<symbol, Logger>(LOGGER).info({ marker }, 'written outside a request');
    await new Promise((r) => setImmediate(r));
    const line = parsed().find((l) => l.marker === marker);
    expect(line).toBeDefined();
    expect(line).not.toHaveProperty('reqId');
  });
});
