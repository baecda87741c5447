import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { GatewaySecrets } from './gateway-secrets';
import { RazorpayClient } from './razorpay.client';

describe('Razorpay signatures and sealed secrets', () => {
  const client = new RazorpayClient({ razorpayApiUrl: 'http://127.0.0.1:1/v1', razorpayTimeoutMs: 100 });
  const secret = 'key_secret_0123';

  it('accepts the Checkout signature HMAC-SHA256(order_id|payment_id, key secret) in hex, and nothing else', () => {
    const good = createHmac('sha256', secret).update('order_ABC123|pay_XYZ789').digest('hex');
    expect(client.checkoutSignatureValid(secret, 'order_ABC123', 'pay_XYZ789', good)).toBe(true);
    expect(client.checkoutSignatureValid(secret, 'order_ABC123', 'pay_XYZ789', good.toUpperCase())).toBe(true);
    expect(client.checkoutSignatureValid(secret, 'order_ABC123', 'pay_OTHER1', good)).toBe(false);
    expect(client.checkoutSignatureValid('other', 'order_ABC123', 'pay_XYZ789', good)).toBe(false);
    expect(client.checkoutSignatureValid(secret, 'order_ABC123', 'pay_XYZ789', good.slice(2))).toBe(false);
    expect(client.checkoutSignatureValid(secret, 'order_ABC123', 'pay_XYZ789', 'zz' + good.slice(2))).toBe(false);
  });

  it('accepts a webhook signed over its exact raw bytes only', () => {
    const body = Buffer.from('{"event":"payment.captured","payload":{}}');
    const sig = createHmac('sha256', 'wh').update(body).digest('hex');
    expect(client.webhookSignatureValid('wh', body, sig)).toBe(true);
    expect(client.webhookSignatureValid('wh', Buffer.from('{"event": "payment.captured","payload":{}}'), sig)).toBe(false);
  });

  it('a gateway that cannot be reached is a GatewayError, never the credentials', async () => {
    await expect(client.createOrder({ keyId: 'rzp_test_x', keySecret: secret }, { amount: 100, receipt: 'r', notes: {} })).rejects.toMatchObject({ name: 'Error', kind: expect.stringMatching(/network|timeout/) });
  });

  it('seals a secret per school: opens back, fresh IV each time, refuses another school or key', () => {
    const key = randomBytes(32);
    const s = new GatewaySecrets({ aadhaarKey: key });
    const school = '11111111-1111-4111-8111-111111111111';
    const a = s.seal(school, secret);
    expect(a.toString('latin1')).not.toContain(secret);
    expect(s.seal(school, secret).equals(a)).toBe(false);
    expect(s.open(school, a)).toBe(secret);
    expect(() => s.open('22222222-2222-4222-8222-222222222222', a)).toThrow();
    expect(() => new GatewaySecrets({ aadhaarKey: randomBytes(32) }).open(school, a)).toThrow();
  });

  it('lists the payments of a period page by page (count=100, skip) and fetches one; an unknown id is null', async () => {
    const seen: string[] = [];
    const all = Array.from({ length: 230 }, (_, i) => ({ id: `pay_${String(i).padStart(8, '0')}`, entity: 'payment', order_id: `order_${i}`, amount: 100 + i, status: 'captured', method: 'upi' }));
    const server = createServer((req, res) => {
      seen.push(req.url ?? '');
      const url = new URL(req.url ?? '/', 'http://x');
      res.setHeader('content-type', 'application/json');
      if (url.pathname === '/v1/payments') {
        const skip = Number(url.searchParams.get('skip'));
        const items = all.slice(skip, skip + Number(url.searchParams.get('count')));
        return res.end(JSON.stringify({ entity: 'collection', count: items.length, items }));
      }
      const one = all.find((p) => url.pathname === `/v1/payments/${p.id}`);
      res.statusCode = one ? 200 : 400;
      res.end(JSON.stringify(one ?? { error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' } }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    try {
      const c = new RazorpayClient({ razorpayApiUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`, razorpayTimeoutMs: 2000 });
      const creds = { keyId: 'rzp_test_x', keySecret: secret };
      const list = await c.payments(creds, { from: 1_700_000_000, to: 1_700_086_399 });
      expect(list).toHaveLength(230);
      expect(list[229]).toEqual({ id: 'pay_00000229', orderId: 'order_229', amount: 329, status: 'captured', method: 'upi' });
      expect(seen).toEqual([0, 100, 200].map((skip) => `/v1/payments?from=1700000000&to=1700086399&count=100&skip=${skip}`));
      expect(await c.payment(creds, 'pay_00000007')).toMatchObject({ id: 'pay_00000007', amount: 107 });
      expect(await c.payment(creds, 'pay_Unknown0001')).toBeNull();
    } finally {
      server.close();
    }
  });
});
