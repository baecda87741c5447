import { startTestApp, type TestApp } from './support/app';

describe('Foundation: health, envelope and SPA fallback (DECISIONS "Running it", "API shape")', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('GET /api/v1/health answers 200 with the database up', async () => {
    const res = await t.call('GET', '/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { status: 'ok', database: 'up' } });
    expect(res.headers.get('x-request-id')).toMatch(/^[\w.-]{8,64}$/);
  });

  it('an unknown API path answers the 404 envelope, never the web app', async () => {
    const res = await t.call('GET', '/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, error: { code: 'ROUTE_NOT_FOUND' } });
  });

  it('malformed JSON answers 400 MALFORMED_JSON in the envelope', async () => {
    const res = await t.call('POST', '/health', { rawBody: '{"a":' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: { code: 'MALFORMED_JSON' } });
  });

  it.each([
    ['an API answer', '/health'],
    ['an unknown API route (404)', '/no-such-route'],
  ])('sends the security headers on %s', async (_what, path) => {
    const res = await t.call('GET', path);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    // Same-origin scripts and exactly one other: the payment gateway's Checkout (RAZORPAY_CHECKOUT_URL).
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self' https://checkout.razorpay.com/v1/checkout.js;");
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    // Photos fetched with the session's token are shown from blob: URLs (the student's profile).
    expect(res.headers.get('content-security-policy')).toContain("img-src 'self' data: blob:");
    expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(res.headers.get('cross-origin-embedder-policy')).toBeNull();
    expect(res.headers.get('x-powered-by')).toBeNull();
  });
});
