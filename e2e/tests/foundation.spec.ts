import { expect, test } from '@playwright/test';

test.describe('Foundation: the app served as the README starts it', () => {
  test('serves the home page with the tagline', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText('Top Quality, Half the Cost').first()).toBeVisible();
  });

  test('health answers with the database up', async ({ request }) => {
    const res = await request.get('/api/v1/health');
    expect(res.status()).toBe(200);
    expect(await res.json()).toEqual({ success: true, data: { status: 'ok', database: 'up' } });
  });

  test('unknown API paths get the JSON 404, unknown pages get the app', async ({ request }) => {
    const api = await request.get('/api/v1/nope');
    expect(api.status()).toBe(404);
    expect((await api.json()).error.code).toBe('ROUTE_NOT_FOUND');
    const page = await request.get('/some/deep/link');
    expect(page.status()).toBe(200);
    expect(page.headers()['content-type']).toContain('text/html');
  });
});
