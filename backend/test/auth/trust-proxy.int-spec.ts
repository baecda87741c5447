import { startTestApp, uniq, type TestApp } from '../support/app';

/**
 * Issue 20 item 2: behind a proxy only the addresses the proxies themselves appended are believed.
 * The leftmost X-Forwarded-For entries are written by the client, so they must never choose the
 * address a per-address rate limit counts (forgot-password: 20 per address in 10 minutes).
 */
describe('TRUST_PROXY: a hop count or a list of proxies, never "believe every X-Forwarded-For entry"', () => {
  const forgot = (t: TestApp, xff: string) =>
    t.call('POST', '/auth/forgot-password', { body: { username: `nobody${uniq()}` }, headers: { 'x-forwarded-for': xff } });

  /** 20 calls that each forge a different leftmost entry behind the same real client address. */
  async function spendWithForgedEntries(t: TestApp, realClient: string): Promise<void> {
    for (let i = 0; i < 20; i += 1) {
      const res = await forgot(t, `203.0.113.${i + 1}, ${realClient}`);
      expect(res.status).toBe(200);
    }
  }

  describe('hop count 1 (one load balancer in front)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ TRUST_PROXY: '1' });
    });
    afterAll(() => t.close());

    it('the rightmost entry (appended by the proxy) is the address; a forged leftmost entry does not choose it', async () => {
      await spendWithForgedEntries(t, '10.20.30.40');
      const blocked = await forgot(t, `198.51.100.77, 10.20.30.40`);
      expect(blocked.status).toBe(429);
      expect(blocked.body.error.code).toBe('RATE_LIMITED');
      // Another real client behind the same proxy is counted on its own.
      expect((await forgot(t, '203.0.113.1, 10.20.30.41')).status).toBe(200);
    });
  });

  describe('a list of trusted proxy addresses', () => {
    let behindProxy: TestApp;
    let notAProxy: TestApp;
    beforeAll(async () => {
      // The tests connect from 127.0.0.1: listed in one app, not in the other.
      behindProxy = await startTestApp({ TRUST_PROXY: '127.0.0.1/8, ::1' });
      notAProxy = await startTestApp({ TRUST_PROXY: '192.0.2.0/24' });
    });
    afterAll(async () => {
      await behindProxy.close();
      await notAProxy.close();
    });

    it('from a listed proxy, the first entry not itself a listed proxy is the address; forged ones further left are ignored', async () => {
      await spendWithForgedEntries(behindProxy, '10.50.60.70');
      expect((await forgot(behindProxy, '198.51.100.77, 10.50.60.70')).status).toBe(429);
      expect((await forgot(behindProxy, '10.50.60.71')).status).toBe(200);
    });

    it('from an address not in the list, X-Forwarded-For is ignored altogether', async () => {
      for (let i = 0; i < 20; i += 1) expect((await forgot(notAProxy, `10.9.9.${i + 1}`)).status).toBe(200);
      expect((await forgot(notAProxy, '10.9.9.200')).status).toBe(429);
    });
  });
});
