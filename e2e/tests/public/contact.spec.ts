import { expect, test, type Page } from '@playwright/test';
import { openPage } from './public-site';

const SENT = "Message sent successfully! We'll get back to you within 24 hours.";

async function fill(page: Page, values: { name?: string; email?: string; school?: string; message?: string }) {
  const form = page.getByRole('form', { name: 'Contact form' });
  if (values.name !== undefined) await form.getByLabel('Your name').fill(values.name);
  if (values.email !== undefined) await form.getByLabel('Email address').fill(values.email);
  if (values.school !== undefined) await form.getByLabel('School name').fill(values.school);
  if (values.message !== undefined) await form.getByLabel('Message').fill(values.message);
  return form;
}

const VALID = {
  name: 'Anita Sharma',
  email: 'principal@greenvalley.example.in',
  school: 'Green Valley Public School',
  message: 'We have 650 students from Nursery to Class 10 and would like a demo for our office staff.',
};

test.describe('spec §2 /contact form: sending a message', () => {
  test('a complete message is posted to the contact endpoint and confirmed with the success toast', async ({ page }) => {
    await openPage(page, '/contact', 'Contact Us');
    const form = await fill(page, VALID);
    const [request, response] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/v1/contact') && r.method() === 'POST'),
      page.waitForResponse((r) => r.url().endsWith('/api/v1/contact')),
      form.getByRole('button', { name: 'Send Message' }).click(),
    ]);
    expect(request.postDataJSON()).toEqual(VALID);
    expect([200, 201]).toContain(response.status());
    await expect(page.getByText(SENT).first()).toBeVisible();
    // A sent message clears the form for the next one.
    await expect(form.getByLabel('Your name')).toHaveValue('');
    await expect(form.getByLabel('Message')).toHaveValue('');
  });
});

test.describe('spec §5 Contact form validation', () => {
  test('name, email and message are required and the address must be valid; nothing is sent', async ({ page }) => {
    let posted = 0;
    await page.route('**/api/v1/contact', (route) => {
      posted++;
      return route.fulfill({ status: 201, json: { success: true, data: {} } });
    });
    await openPage(page, '/contact', 'Contact Us');
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText('Name is required')).toBeVisible();
    await expect(form.getByText('Email is required')).toBeVisible();
    await expect(form.getByText('Message is required')).toBeVisible();
    await expect(form.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true');

    await fill(page, { email: 'not-an-address' });
    await form.getByLabel('Email address').blur();
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();
    expect(posted).toBe(0);
  });

  test("sending without a school fails with 'All fields are required' and sends nothing", async ({ page }) => {
    let posted = 0;
    await page.route('**/api/v1/contact', (route) => {
      posted++;
      return route.fulfill({ status: 201, json: { success: true, data: {} } });
    });
    await openPage(page, '/contact', 'Contact Us');
    const form = await fill(page, { ...VALID, school: '' });
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Failed to send message').first()).toBeVisible();
    await expect(page.getByText('All fields are required').first()).toBeVisible();
    await expect(form.getByLabel('School name')).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toBe(0);
  });
});

test.describe('spec §8 E-mail service statuses: what a failed send tells the sender', () => {
  const cases: [number, string][] = [
    [422, 'Invalid email format. Please check your email address.'],
    [400, 'Message sending failed. Please check all fields.'],
    [403, 'Service temporarily unavailable. Please try again later.'],
    [429, 'Service temporarily unavailable. Please try again later.'],
    [503, 'Service temporarily unavailable. Please try again later.'],
    [500, 'Failed to send message. Please try again.'],
  ];
  for (const [status, text] of cases) {
    test(`${status} shows '${text}'`, async ({ page }) => {
      await page.route('**/api/v1/contact', (route) =>
        route.fulfill({ status, json: { success: false, error: { code: 'E2E', message: 'Server said no' } } }),
      );
      await openPage(page, '/contact', 'Contact Us');
      const form = await fill(page, VALID);
      await form.getByRole('button', { name: 'Send Message' }).click();
      const alert = form.getByRole('alert');
      await expect(alert).toContainText('Failed to send message');
      await expect(alert).toContainText(text);
      // The destructive toast says the same.
      await expect(page.getByText(text)).toHaveCount(2);
      // What was typed stays, so the sender can try again.
      await expect(form.getByLabel('Message')).toHaveValue(VALID.message);
    });
  }

  test("an unreachable server gives 'Please try again or contact us directly.'", async ({ page }) => {
    await page.route('**/api/v1/contact', (route) => route.abort('connectionrefused'));
    await openPage(page, '/contact', 'Contact Us');
    const form = await fill(page, VALID);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByRole('alert')).toContainText('Please try again or contact us directly.');
    await expect(form.getByRole('alert').getByRole('link', { name: 'hello@vidyalaya.in' })).toHaveAttribute('href', 'mailto:hello@vidyalaya.in');
  });
});
