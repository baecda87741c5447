import { expect, test } from '@playwright/test';
import { API, approveSchool, createSchoolApi, loginApi, staffToken, verifiedUser } from '../app/support/api';
import { expectAccessible, screenshot } from '../app/support/checks';

/*
 * DECISIONS "Admissions": the public application on the school's portal host (`/apply`), with the
 * guardian's consent; the office sees it in the queue with the consent recorded.
 */
test('a guardian applies on the portal: errors beside the fields, consent required, then an application number', async ({ page, request, baseURL }) => {
  const admin = await verifiedUser(request, 'apply');
  const tokens = await loginApi(request, admin);
  const school = await createSchoolApi(request, tokens.accessToken);
  await approveSchool(request, await staffToken(request), school.id);
  const port = new URL(baseURL!).port;

  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`http://${school.subdomain}.localhost:${port}/`);
  await page.getByRole('link', { name: 'Apply for admission' }).click();
  await expect(page).toHaveURL(/\/apply$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Apply for admission' })).toBeVisible();
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();

  await page.getByLabel('First name').fill('Anaya');
  await page.getByLabel('Date of birth').fill('31/02/2020');
  await page.getByLabel('Gender').selectOption('female');
  await page.getByLabel('Class applied for').selectOption('LKG');
  await page.getByLabel('Name', { exact: true }).fill('Pooja Singh');
  await page.getByLabel('Relation to the child').selectOption('mother');
  await page.getByLabel('Mobile number').fill('98765 12345');
  const email = `pooja.${Date.now()}@example.test`;
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByText('Enter the date of birth as DD/MM/YYYY')).toBeVisible();
  await expect(page.getByText('The guardian’s consent is required to apply')).toBeVisible();

  await page.getByLabel('Date of birth').fill('02/03/2020');
  await page.getByText('I am the child’s parent or guardian').click();
  await screenshot(page, 'admissions-apply-form');
  await page.getByRole('button', { name: 'Send application' }).click();
  const received = page.getByRole('status').filter({ hasText: 'Your application number is' });
  await expect(received).toBeVisible();
  const number = (await received.locator('strong').textContent())!;
  expect(number).toMatch(/^APP-\d{5}$/);
  await expectAccessible(page, 'application received');

  const queue = await request.get(`${API}/schools/${school.id}/applications?status=new`, { headers: { authorization: `Bearer ${tokens.accessToken}` } });
  const body = await queue.json();
  expect(body.data.items[0]).toMatchObject({ applicationNumber: number, dateOfBirth: '2020-03-02', classApplied: 'LKG', guardian: { phone: '9876512345', email } });
  expect(body.data.items[0].consent.policyVersion).toBe('admissions-2026-01');
});
