import { createHmac, randomBytes } from 'node:crypto';
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
});
