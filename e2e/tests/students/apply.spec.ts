import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { API, approveSchool, createSchoolApi, loginApi, staffToken, verifiedUser } from '../app/support/api';
import { expectAccessible, screenshot } from '../app/support/checks';

const HI = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'web', 'src', 'features', 'students', 'i18n', 'hi.json'), 'utf8')) as Record<string, string>;

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

test('the application switches to Hindi (44 px targets at 360 px), stays Hindi on reload, and still submits', async ({ page, request, baseURL }) => {
  const admin = await verifiedUser(request, 'apply-hi');
  const tokens = await loginApi(request, admin);
  const school = await createSchoolApi(request, tokens.accessToken);
  await approveSchool(request, await staffToken(request), school.id);
  const port = new URL(baseURL!).port;

  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`http://${school.subdomain}.localhost:${port}/apply`);
  await expect(page.getByRole('heading', { level: 1, name: 'Apply for admission' })).toBeVisible();
  const hindi = page.getByRole('button', { name: 'हिन्दी' });
  for (const button of [hindi, page.getByRole('button', { name: 'English' })]) {
    const box = (await button.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
  }
  await hindi.click();
  await expect(page.getByRole('heading', { level: 1, name: HI['students.apply.title'] })).toBeVisible();
  await expect(hindi).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The choice is kept on this device, as in the workspace.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: HI['students.apply.title'] })).toBeVisible();

  await page.getByRole('button', { name: HI['students.apply.send'] }).click();
  await expect(page.getByText(HI['students.validation.firstNameRequired']!)).toBeVisible();
  await expect(page.getByText(HI['students.validation.consent']!)).toBeVisible();

  await page.getByLabel(HI['students.field.firstName']!, { exact: true }).fill('Kabir');
  await page.getByLabel(HI['students.field.dateOfBirth']!).fill('31/02/2019');
  await page.getByLabel(HI['students.field.gender']!).selectOption('male');
  await page.getByLabel(HI['students.apply.classApplied']!).selectOption('UKG');
  await page.getByLabel(HI['students.field.guardianName']!, { exact: true }).fill('Ravi Kumar');
  await page.getByLabel(HI['students.apply.relation']!).selectOption('father');
  await page.getByLabel(HI['students.field.phone']!).fill('9876512346');
  await page.getByLabel(HI['students.apply.email']!).fill(`ravi.${Date.now()}@example.test`);
  await page.getByRole('button', { name: HI['students.apply.send'] }).click();
  await expect(page.getByText(HI['students.apply.dobFormat']!)).toBeVisible();
  await page.getByLabel(HI['students.field.dateOfBirth']!).fill('05/06/2019');
  await page.getByText(HI['students.apply.consent']!).click();
  await screenshot(page, 'admissions-apply-form-hi');
  await page.getByRole('button', { name: HI['students.apply.send'] }).click();
  const received = page.getByRole('status').filter({ hasText: HI['students.apply.numberLead']! });
  await expect(received).toBeVisible();
  await expect(received).toContainText(HI['students.apply.receivedTitle']!);
  const number = (await received.locator('strong').textContent())!;
  expect(number).toMatch(/^APP-\d{5}$/);
  await expectAccessible(page, 'application received in Hindi');

  const queue = await request.get(`${API}/schools/${school.id}/applications?status=new`, { headers: { authorization: `Bearer ${tokens.accessToken}` } });
  const body = await queue.json();
  expect(body.data.items[0]).toMatchObject({ applicationNumber: number, dateOfBirth: '2019-06-05', classApplied: 'UKG', gender: 'male', guardian: { relation: 'father', phone: '9876512346' } });
});
