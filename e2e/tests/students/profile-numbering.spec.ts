import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API, approveSchool, createClassesApi, createSchoolApi, createSectionsApi, defaultAcademicYear, loginApi, staffToken, verifiedUser } from '../app/support/api';
import { EN as WS_EN } from '../workspace/catalogue';
import { docScreenshot } from '../../screens';

/**
 * Issue 14, the remaining "Done when" items end to end on the real server: the office sets a
 * student's photo (a small PNG appears; a too-large, wrong-type or not-really-an-image file gets a
 * clear message and the photo stays as it was); the admin sets the admission number pattern and the
 * next student added without a number gets it; the school's portal page in Hindi at 360 px.
 */
test.describe.configure({ mode: 'serial' });

const catalogue = (feature: string, lang: string) =>
  JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'web', 'src', 'features', feature, 'i18n', `${lang}.json`), 'utf8')) as Record<string, string>;
const EN = catalogue('students', 'en');
const HI = catalogue('students', 'hi');
const PORTAL_HI = catalogue('portal', 'hi');
const msg = (cat: Record<string, string>, id: string, values: Record<string, string | number> = {}) =>
  cat[id]!.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? `{${k}}`));

const PORT = process.env.E2E_PORT ?? '3210';
const SCREENS = join(__dirname, '..', '..', '..', 'docs', 'screens');
/** A 1 × 1 PNG. */
const SMALL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let portal = '';
let schoolId = '';
let token = '';
let admin: Page;
const shot = (page: Page, name: string) => docScreenshot(page, { path: join(SCREENS, `${name}.png`), fullPage: true });

/** The test machine's Chromium has no Devanagari font: the Hindi screenshot borrows Noto Sans Devanagari. */
async function hindiShot(page: Page, name: string) {
  const font = (w: number) => readFileSync(require.resolve(`@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-${w}-normal.woff`)).toString('base64');
  const stack = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
  await page.addStyleTag({
    content: `${([400, 700] as const)
      .map((w) => `@font-face { font-family: 'E2E Devanagari'; font-weight: ${w === 400 ? '100 500' : '600 900'}; src: url(data:font/woff;base64,${font(w)}) format('woff'); unicode-range: U+0900-097F, U+200C-200D, U+20B9; }`)
      .join('\n')}
      * { font-family: 'E2E Devanagari', ${stack} !important; }`,
  });
  await page.evaluate(async () => {
    await Promise.all([document.fonts.load("400 16px 'E2E Devanagari'", 'अ'), document.fonts.load("700 16px 'E2E Devanagari'", 'अ')]);
    await document.fonts.ready;
  });
  await shot(page, name);
}

async function call(request: APIRequestContext, method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await request.fetch(`${API}${path}`, { method, data: body, headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return ((await res.json()) as { data: any }).data;
}

/** This calendar year in India, as the pattern screen offers it. */
const yearInIndia = () => new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', year: 'numeric' }).format(new Date());

test.beforeAll(async ({ browser, request }) => {
  test.setTimeout(180_000);
  const user = await verifiedUser(request, 'stpho');
  token = (await loginApi(request, user)).accessToken;
  const school = await createSchoolApi(request, token, { principalName: 'Dr. Kavita Rao', board: 'CBSE', affiliationNumber: '2130999' });
  const year = defaultAcademicYear();
  await createClassesApi(request, token, school.id, year, ['Class 3']);
  await createSectionsApi(request, token, school.id, year, [{ className: 'Class 3', sectionNames: ['A'] }]);
  await approveSchool(request, await staffToken(request), school.id);
  schoolId = school.id;
  portal = `http://${school.subdomain}.localhost:${PORT}`;

  admin = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await admin.goto(`${portal}/sign-in`);
  await admin.getByLabel(WS_EN['signIn.username']!).fill(user.username);
  await admin.getByLabel(WS_EN['signIn.password']!, { exact: true }).fill(user.password);
  await admin.getByRole('button', { name: WS_EN['signIn.submit'] }).click();
  await expect(admin).toHaveURL(new RegExp(`/workspace/${school.id}`));
});

test.afterAll(async () => {
  await admin?.context().close();
});

test('a photo on the student’s profile: a small PNG appears; a too-large or wrong-type file is refused and nothing changes', async ({ request }) => {
  test.setTimeout(120_000);
  const sections = await call(request, 'GET', `/schools/${schoolId}/students/sections`);
  const student = (
    await call(request, 'POST', `/schools/${schoolId}/students`, {
      firstName: 'Ira',
      lastName: 'Menon',
      dateOfBirth: '2018-06-11',
      gender: 'female',
      sectionId: sections.items[0].sectionId,
      guardians: [{ name: 'Anil Menon', relation: 'father', phone: '9876500011' }],
    })
  ).student;
  await admin.goto(`${portal}/workspace/${schoolId}/students/${student.id}`);
  await expect(admin.getByRole('heading', { level: 1, name: 'Ira Menon' })).toBeVisible();
  const photo = admin.getByRole('img', { name: msg(EN, 'students.photo.alt', { name: 'Ira Menon' }) });
  await expect(photo).toHaveCount(0);
  const chooser = admin.getByLabel(EN['students.photo.choose']!);

  await chooser.setInputFiles({ name: 'ira.png', mimeType: 'image/png', buffer: SMALL_PNG });
  await expect(admin.getByText(EN['students.photo.saved']!).first()).toBeVisible();
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  await expect(admin.getByRole('button', { name: EN['students.photo.change'] })).toBeVisible();
  const stored = async () => {
    const res = await request.get(`${API}/schools/${schoolId}/students/${student.id}/photo`, { headers: { authorization: `Bearer ${token}` } });
    return Buffer.from(await res.body());
  };
  expect((await stored()).equals(SMALL_PNG)).toBe(true);

  const refused = [
    { name: 'big.png', mimeType: 'image/png', buffer: Buffer.concat([SMALL_PNG, Buffer.alloc(600 * 1024)]) },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') },
    // Says PNG, is not: the server reads the bytes and refuses it too.
    { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('GIF89a definitely not a png') },
  ];
  for (const file of refused) {
    await chooser.setInputFiles(file);
    const message = admin.getByText(EN['students.photo.invalid']!);
    await expect(message.first(), file.name).toBeVisible();
    await expect(admin.getByText(EN['students.photo.rules']!).first()).toBeVisible();
    await expect(photo).toBeVisible();
    expect((await stored()).equals(SMALL_PNG), file.name).toBe(true);
    // Dismiss the message before the next file, so each one's own message is seen.
    // A click on a toast that has already gone would wait for the test's whole timeout: a short one each.
    for (const close of await admin.locator('.bp6-toast .bp6-button').all()) await close.click({ timeout: 2_000 }).catch(() => undefined);
    await expect(message).toHaveCount(0);
  }
  await shot(admin, 'students-photo-en-desktop');
});

test('the admin sets the admission number pattern; the next student added without a number gets it', async () => {
  test.setTimeout(150_000);
  const year = yearInIndia();
  await admin.goto(`${portal}/workspace/${schoolId}/students`);
  await admin.getByRole('navigation', { name: EN['students.sections'] }).getByRole('link', { name: EN['students.tab.numbering'] }).click();
  await expect(admin.getByRole('heading', { level: 1, name: EN['students.numbering.title'] })).toBeVisible();
  const form = admin.getByRole('form', { name: EN['students.numbering.title'] });
  const preview = form.getByRole('status');
  // The school's default pattern: no prefix, 4 digits; one student was made above.
  await expect(preview).toHaveText(msg(EN, 'students.numbering.preview', { next: '0002', after: '0003' }));

  await form.getByRole('button', { name: msg(EN, 'students.numbering.useYear', { year }) }).click();
  await expect(form.getByLabel(EN['students.numbering.prefix']!)).toHaveValue(`${year}/`);
  const digits = form.getByLabel(EN['students.numbering.digits']!);
  await digits.fill('9');
  await digits.blur();
  await expect(form.getByText(EN['students.validation.digits']!)).toBeVisible();
  await expect(preview).toHaveText(EN['students.numbering.previewNone']!);
  await form.getByRole('button', { name: EN['students.numbering.save'] }).click();
  await expect(form.getByText(EN['students.validation.digits']!)).toBeVisible();

  await digits.fill('3');
  await form.getByLabel(EN['students.numbering.nextNumber']!).fill('7');
  await expect(preview).toHaveText(msg(EN, 'students.numbering.preview', { next: `${year}/007`, after: `${year}/008` }));
  await form.getByRole('button', { name: EN['students.numbering.save'] }).click();
  await expect(admin.getByText(msg(EN, 'students.numbering.saved', { example: `${year}/007` })).first()).toBeVisible();
  await shot(admin, 'students-numbering-en-desktop');
  await admin.reload();
  await expect(admin.getByRole('form', { name: EN['students.numbering.title'] }).getByRole('status')).toHaveText(
    msg(EN, 'students.numbering.preview', { next: `${year}/007`, after: `${year}/008` }),
  );

  await admin.goto(`${portal}/workspace/${schoolId}/students/new`);
  const add = admin.getByRole('form', { name: EN['students.form.addTitle'] });
  await add.getByLabel(EN['students.field.firstName']!, { exact: true }).fill('Neel');
  await add.getByLabel(`${EN['students.field.lastName']} ${EN['students.optional']}`).fill('Kapoor');
  await add.getByLabel(EN['students.field.dateOfBirth']!, { exact: true }).fill('09/09/2018');
  await add.getByLabel(EN['students.field.gender']!, { exact: true }).selectOption('male');
  await add.getByLabel(EN['students.field.section']!, { exact: true }).selectOption({ label: 'Class 3 – A' });
  await add.getByLabel(EN['students.field.guardianName']!, { exact: true }).fill('Ritu Kapoor');
  await add.getByLabel(EN['students.field.phone']!, { exact: true }).fill('98765 00022');
  await add.getByRole('button', { name: EN['students.form.create'] }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Neel Kapoor' })).toBeVisible();
  await expect(admin.getByText(`${year}/007`).first()).toBeVisible();

  // In Hindi at 360 px the screen fits and the preview follows.
  await admin.goto(`${portal}/workspace/${schoolId}/students/numbering`);
  await admin.getByRole('button', { name: 'हिन्दी' }).first().click();
  await admin.setViewportSize({ width: 360, height: 780 });
  await expect(admin.getByRole('heading', { level: 1, name: HI['students.numbering.title'] })).toBeVisible();
  await expect(admin.getByRole('form', { name: HI['students.numbering.title'] }).getByRole('status')).toHaveText(
    msg(HI, 'students.numbering.preview', { next: `${year}/008`, after: `${year}/009` }),
  );
  expect(await admin.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await hindiShot(admin, 'students-numbering-hi-360');
});

test('the school’s portal page in Hindi at 360 px: every section translated, the choice kept, nothing wider than the screen', async ({ browser }) => {
  const family = await (await browser.newContext({ viewport: { width: 360, height: 780 } })).newPage();
  await family.goto(portal);
  await expect(family.getByText('Dr. Kavita Rao').first()).toBeVisible();
  await expect(family.getByRole('link', { name: 'Apply for admission' })).toBeVisible();
  const switcher = family.getByRole('group', { name: 'Language' });
  await switcher.getByRole('button', { name: 'हिन्दी' }).click();

  await expect(family.getByRole('heading', { level: 2, name: PORTAL_HI['portal.admissions.title'] })).toBeVisible();
  for (const id of ['portal.about', 'portal.contact', 'portal.staff.title']) await expect(family.getByRole('heading', { level: 2, name: PORTAL_HI[id] })).toBeVisible();
  await expect(family.getByText(msg(PORTAL_HI, 'portal.principalLine', { name: 'Dr. Kavita Rao' }))).toBeVisible();
  await expect(family.getByText(PORTAL_HI['portal.affiliation']!)).toBeVisible();
  await expect(family.getByText('2130999')).toBeVisible();
  await expect(family.getByRole('link', { name: PORTAL_HI['portal.signIn'] }).first()).toHaveAttribute('href', '/sign-in');
  await expect(family.getByRole('link', { name: 'Apply for admission' })).toHaveCount(0);
  expect(await family.evaluate(() => document.documentElement.lang)).toBe('hi');
  expect(await family.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  // Every button and link of the page is a touch target of at least 44 px.
  const small = await family.evaluate(() =>
    [...document.querySelectorAll('a, button')]
      .filter((e) => (e as HTMLElement).offsetParent !== null && !e.closest('.portal-footer'))
      .map((e) => ({ text: (e.textContent ?? '').trim(), h: e.getBoundingClientRect().height }))
      .filter((e) => e.h < 44),
  );
  expect(small).toEqual([]);
  await hindiShot(family, 'portal-front-door-hi-360');

  // The choice is kept on this device, and the application page follows it.
  await family.reload();
  await expect(family.getByRole('heading', { level: 2, name: PORTAL_HI['portal.admissions.title'] })).toBeVisible();
  await family.getByRole('link', { name: PORTAL_HI['portal.apply'] }).click();
  await expect(family).toHaveURL(`${portal}/apply`);
  await expect(family.getByRole('heading', { level: 1, name: HI['students.apply.title'] })).toBeVisible();
  await family.context().close();
});
