import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { API, approveSchool, createClassesApi, createSchoolApi, createSectionsApi, defaultAcademicYear, loginApi, signInWithTokens, staffToken, verifiedUser } from '../app/support/api';
import en from '../../../web/src/features/fees/i18n/en.json';
import hi from '../../../web/src/features/fees/i18n/hi.json';
import { docScreenshot } from '../../screens';

/*
 * Issue 36 at the counter on a phone (360 px), in English and Hindi: the Balance column in sight, a
 * UPI payment without a reference stopped by the shared rule beside its field, a refused payment's
 * reason (in rupees) beside the button, the success toast inside the viewport however far the page
 * was scrolled, the defaulters' "1 instalment due" spelled out, the day book's print and Excel buttons.
 */
async function call<T = any>(request: APIRequestContext, method: 'GET' | 'POST' | 'PUT', path: string, token: string, data?: unknown): Promise<T> {
  const res = await request.fetch(`${API}${path}`, { method, data, headers: { authorization: `Bearer ${token}` } });
  const body = await res.json();
  if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${JSON.stringify(body)}`);
  return body.data as T;
}

/** Whether the element's whole box is inside the viewport as the user sees it now. */
async function inViewport(page: Page, target: string | Locator): Promise<{ top: number; bottom: number; right: number; height: number; scrollY: number }> {
  const box = (el: Element) => {
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, right: r.right, height: window.innerHeight, scrollY: window.scrollY };
  };
  return typeof target === 'string' ? page.locator(target).first().evaluate(box) : target.evaluate(box);
}

test('at 360 px in English and Hindi: balance in sight, reference required, refusal beside the button, the toast on screen', async ({ page, request }) => {
  test.setTimeout(240_000);
  const admin = await verifiedUser(request, 'fees36');
  const token = (await loginApi(request, admin)).accessToken;
  const school = await createSchoolApi(request, token);
  await approveSchool(request, await staffToken(request), school.id);
  const year = defaultAcademicYear();
  const start = Number(year.slice(0, 4));
  await createClassesApi(request, token, school.id, year, ['Class 7']);
  await createSectionsApi(request, token, school.id, year, [{ className: 'Class 7', sectionNames: ['B'] }]);
  const { classes } = await call<{ classes: { id: string; name: string; sections: { id: string }[] }[] }>(request, 'GET', `/school/classes-sections/${school.id}`, token);
  const cls = classes.find((c) => c.name === 'Class 7')!;
  const tuition = (await call(request, 'POST', `/schools/${school.id}/fee-heads`, token, { name: 'Tuition fee', tuition: true })).head.id;
  const annual = (await call(request, 'POST', `/schools/${school.id}/fee-heads`, token, { name: 'Annual charges', tuition: false })).head.id;
  await call(request, 'POST', `/schools/${school.id}/fee-structures`, token, {
    classId: cls.id,
    academicYear: year,
    instalments: [
      { name: 'Quarter 1', dueOn: `${start}-04-10`, items: [{ headId: tuition, amount: 1_234_500 }, { headId: annual, amount: 987_600 }] },
      { name: 'Quarter 2', dueOn: `${start + 1}-03-10`, items: [{ headId: tuition, amount: 1_234_500 }] },
    ],
  });
  const { student } = await call(request, 'POST', `/schools/${school.id}/students`, token, {
    firstName: 'Aditi',
    lastName: 'Raghunathan',
    dateOfBirth: `${start - 12}-06-01`,
    gender: 'female',
    sectionId: cls.sections[0].id,
    guardians: [{ name: 'Suresh Raghunathan', relation: 'father', phone: '9876543210' }],
  });
  const tokens = await loginApi(request, admin);
  await page.setViewportSize({ width: 360, height: 740 });
  await signInWithTokens(page, tokens);
  const base = `/workspace/${school.id}/fees`;

  for (const [lang, m] of [
    ['en', en],
    ['hi', hi],
  ] as const) {
    await page.goto(`${base}?student=${student.id}`);
    if (lang === 'hi') {
      await page.setViewportSize({ width: 1000, height: 740 });
      await page.getByRole('button', { name: 'हिन्दी' }).first().click();
      await expect(page.getByRole('heading', { level: 1, name: hi['fees.title'] })).toBeVisible();
      await page.setViewportSize({ width: 360, height: 740 });
    }
    await expect(page.getByTestId('fees-balance')).toBeVisible();
    // The Balance column is not cut off: its cells end inside the 360 px screen, and nothing scrolls sideways.
    const balance = await inViewport(page, '[data-testid="fees-balance"]');
    expect(balance.right).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // UPI without a reference: the shared rule's message under the field, in the screen's language; nothing is sent.
    await page.getByLabel(m['fees.counter.amountLabel']).fill('100');
    await page.getByLabel(m['fees.counter.mode']).selectOption('upi');
    await page.getByRole('button', { name: m['fees.counter.collect'] }).click();
    await expect(page.getByText(m['fees.validation.referenceRequired'])).toBeVisible();

    // Too much, in cash: refused by the server, the reason in rupees right beside the button.
    await page.getByLabel(m['fees.counter.mode']).selectOption('cash');
    await page.getByLabel(m['fees.counter.amountLabel']).fill('99999');
    const collect = page.getByRole('button', { name: m['fees.counter.collect'] });
    await collect.click();
    const error = page.getByTestId('fees-pay-error');
    await expect(error).toContainText(m['fees.counter.exceeds'].replace('{amount}', lang === 'en' ? '₹34,566.00' : '₹34,466.00'));
    const button = (await collect.boundingBox())!;
    const message = (await error.boundingBox())!;
    expect(message.y - (button.y + button.height)).toBeLessThan(40);
    expect(message.y).toBeGreaterThanOrEqual(button.y + button.height - 1);

    // A payment that goes through: the toast is drawn inside the screen the user is looking at.
    await page.getByLabel(m['fees.counter.amountLabel']).fill('100');
    await collect.click();
    const toast = page.locator('.vd-toaster .bp6-toast').filter({ hasText: /000\d{3}/ }).last();
    await expect(toast).toBeVisible();
    // Blueprint slides a new toast in from 40 px higher (bp6-toast-enter / -enter-active, 300 ms); measure
    // where it rests, once react-transition-group has swapped those classes for bp6-toast-enter-done.
    await expect(toast).toHaveClass(/\bbp6-toast-enter-done\b/);
    const box = await inViewport(page, toast);
    expect(box.scrollY).toBeGreaterThan(100);
    expect(box.top).toBeGreaterThanOrEqual(0);
    expect(box.bottom).toBeLessThanOrEqual(box.height);
    await docScreenshot(page, { path: `docs/screens/fees-counter-toast-${lang}-360.png` });

    // The defaulters list says what its count is.
    await page.goto(`${base}/defaulters`);
    await page.setViewportSize({ width: 800, height: 740 });
    await expect(page.getByText(m['fees.defaulters.instalmentsCount'].replace(/\{count, plural, one \{# ([^}]*)\}.*/, '1 $1'))).toBeVisible();
    await page.setViewportSize({ width: 360, height: 740 });

    // The day book prints (its own stylesheet) and downloads as a workbook.
    await page.goto(`${base}/day-book`);
    await expect(page.getByTestId('day-book-total')).toBeVisible();
    await expect(page.getByRole('button', { name: m['fees.dayBook.print'] })).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: m['fees.dayBook.export'] }).click()]);
    expect(download.suggestedFilename()).toMatch(/^day-book-\d{4}-\d{2}-\d{2}\.xlsx$/);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: m['fees.dayBook.print'] })).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
  }
});
