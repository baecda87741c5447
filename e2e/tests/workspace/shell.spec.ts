import { expect, test, type Page } from '@playwright/test';
import { EN, HI } from './catalogue';
import { horizontalOverflow, OTHER_SCHOOL_ID, PORT, SCHOOL_ID, stubWorkspace } from './stub-api';
import { docScreenshot } from '../../screens';

/**
 * Issue 13 item 7: the workspace shell on a school's host, per role, with the API stubbed as
 * docs/workspace-contract.md answers (stub-api.ts). The sidebar is the permission matrix's
 * allow-list; before approval the school shows its status, not empty modules.
 */
const PORTAL = `http://saraswati.localhost:${PORT}`;
const SCREENS = 'docs/screens';

async function menuLabels(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: EN['shell.menu'] });
  await expect(nav).toBeVisible();
  return (await nav.getByRole('link').allInnerTexts()).map((s) => s.trim());
}
const labels = (...keys: string[]) => keys.map((k) => EN[`nav.${k}`]!);

test('an administrator: the whole menu, today\'s numbers and the trial, breadcrumbs, a module\'s empty state', async ({ page }) => {
  await stubWorkspace(page, { role: 'admin' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${PORTAL}/workspace`);
  await expect(page).toHaveURL(`${PORTAL}/workspace/${SCHOOL_ID}`);
  expect(await menuLabels(page)).toEqual(labels('home', 'students', 'staff', 'timetable', 'calendar', 'attendance', 'exams', 'fees', 'notices', 'messaging', 'members', 'academicYears', 'dataRequests', 'certificates', 'yearEnd', 'payments', 'insights'));
  await expect(page.getByRole('heading', { level: 1, name: EN['home.todayTitle'] })).toBeVisible();
  await expect(page.getByText(EN['home.sections'], { exact: true })).toBeVisible();
  await expect(page.getByText('28', { exact: true })).toBeVisible();
  await expect(page.getByText(/2[12] days left/)).toBeVisible();
  await expect(page.getByText('2026-27 (01/04/2026 – 31/03/2027)')).toBeVisible();
  await docScreenshot(page, { path: `${SCREENS}/workspace-admin-home-en.png`, fullPage: true });

  await page.getByRole('link', { name: EN['nav.fees'] }).click();
  await expect(page).toHaveURL(`${PORTAL}/workspace/${SCHOOL_ID}/fees`);
  const crumbs = page.locator('.ws-breadcrumbs');
  await expect(crumbs).toContainText('Saraswati Vidya Mandir');
  await expect(crumbs).toContainText(EN['nav.fees']!);
  await expect(page).toHaveTitle(`${EN['nav.fees']} · Saraswati Vidya Mandir · Vidyalaya`);
});

test('a teacher never sees fees or members; the home page is "my sections today"', async ({ page }) => {
  await stubWorkspace(page, { role: 'teacher' });
  await page.goto(`${PORTAL}/workspace`);
  expect(await menuLabels(page)).toEqual(labels('home', 'students', 'staff', 'timetable', 'calendar', 'attendance', 'exams', 'notices'));
  await expect(page.getByRole('heading', { level: 1, name: EN['home.mySectionsToday'] })).toBeVisible();
  await expect(page.getByText(EN['home.noSections.title']!)).toBeVisible();
  // Typing the address of a section the role lacks leads back home.
  await page.goto(`${PORTAL}/workspace/${SCHOOL_ID}/fees`);
  await expect(page).toHaveURL(`${PORTAL}/workspace/${SCHOOL_ID}`);
  await page.goto(`${PORTAL}/workspace/${SCHOOL_ID}/members`);
  await expect(page).toHaveURL(`${PORTAL}/workspace/${SCHOOL_ID}`);
});

test('a guardian sees only their children, the calendar and the notices', async ({ page }) => {
  await stubWorkspace(page, { role: 'guardian' });
  await page.goto(`${PORTAL}/workspace`);
  expect(await menuLabels(page)).toEqual(labels('home', 'myChildren', 'calendar', 'notices', 'messagePreferences'));
  await page.getByRole('navigation', { name: EN['shell.menu'] }).getByRole('link', { name: EN['nav.myChildren'] }).click();
  await expect(page).toHaveURL(`${PORTAL}/workspace/${SCHOOL_ID}/my-children`);
  await page.goto(`${PORTAL}/workspace/${SCHOOL_ID}/students`);
  await expect(page).toHaveURL(`${PORTAL}/workspace/${SCHOOL_ID}`);
});

test('office and accountant menus follow the matrix', async ({ page }) => {
  const stub = await stubWorkspace(page, { role: 'office' });
  await page.goto(`${PORTAL}/workspace`);
  expect(await menuLabels(page)).toEqual(labels('home', 'students', 'staff', 'timetable', 'calendar', 'attendance', 'exams', 'notices', 'members', 'dataRequests', 'certificates', 'insights'));
  await expect(page.getByRole('heading', { level: 1, name: EN['home.welcome'] })).toBeVisible();
  // Office may read the members list, not manage it.
  await page.getByRole('navigation', { name: EN['shell.menu'] }).getByRole('link', { name: EN['nav.members'] }).click();
  await expect(page.getByRole('cell', { name: /Ravi Kumar/ })).toBeVisible();
  await expect(page.getByRole('button', { name: EN['members.invite'] })).toHaveCount(0);
  expect(stub.calls.some((c) => c.path.includes('/invitations'))).toBe(false);

  const page2 = await page.context().newPage();
  await stubWorkspace(page2, { role: 'accountant' });
  await page2.goto(`${PORTAL}/workspace`);
  expect(await menuLabels(page2)).toEqual(labels('home', 'students', 'staff', 'timetable', 'calendar', 'fees', 'notices', 'payments', 'insights'));
});

test('before approval the workspace shows the setup and approval status, not empty modules', async ({ page }) => {
  await stubWorkspace(page, { role: 'admin', approvalStatus: 'pending' });
  await page.goto(`${PORTAL}/workspace`);
  expect(await menuLabels(page)).toEqual(labels('home'));
  await expect(page.getByRole('heading', { name: EN['approval.pending.title'] })).toBeVisible();
  await expect(page.getByText(EN['approval.adminNext']!)).toBeVisible();
  await page.goto(`${PORTAL}/workspace/${SCHOOL_ID}/students`);
  await expect(page).toHaveURL(`${PORTAL}/workspace/${SCHOOL_ID}`);
});

test('someone in two schools switches between them', async ({ page }) => {
  await stubWorkspace(page, { role: 'admin', schools: 2 });
  await page.goto(`${PORTAL}/workspace/${SCHOOL_ID}`);
  const switcher = page.getByRole('combobox', { name: EN['shell.switchSchool'] });
  await expect(switcher).toHaveValue(SCHOOL_ID);
  await switcher.selectOption(OTHER_SCHOOL_ID);
  await expect(page).toHaveURL(`${PORTAL}/workspace/${OTHER_SCHOOL_ID}`);
  await expect(page.locator('.ws-topbar-name')).toHaveText('Ganga Public School');
  // There the person is a teacher.
  expect(await menuLabels(page)).not.toContain(EN['nav.fees']);
});

test('a school the person is not in answers as missing', async ({ page }) => {
  await stubWorkspace(page, { role: 'admin' });
  await page.goto(`${PORTAL}/workspace/0b0b0b0b-0000-4000-8000-000000000000`);
  await expect(page.getByRole('heading', { name: EN['shell.notMember.title'] })).toBeVisible();
});

test('signed out, the workspace asks to sign in on the school\'s host, then opens', async ({ page }) => {
  await stubWorkspace(page, { role: 'teacher', signedIn: false });
  await page.goto(`${PORTAL}/workspace/${SCHOOL_ID}/notices`);
  await expect(page).toHaveURL(`${PORTAL}/sign-in`);
  await page.getByLabel(EN['signIn.username']!).fill('wrong_user');
  await page.getByLabel(EN['signIn.password']!, { exact: true }).fill('Secret#123');
  await page.getByRole('button', { name: EN['signIn.submit'] }).click();
  await expect(page.getByText(EN['error.INVALID_CREDENTIALS']!)).toBeVisible();
  await page.getByLabel(EN['signIn.username']!).fill('ravi_k');
  await page.getByRole('button', { name: EN['signIn.submit'] }).click();
  await expect(page).toHaveURL(`${PORTAL}/workspace/${SCHOOL_ID}/notices`);
  await expect(page.locator('.ws-breadcrumbs')).toContainText(EN['nav.notices']!);
});

test('the language switch turns the shell into Hindi and back, remembered by the account and the device', async ({ page }) => {
  const stub = await stubWorkspace(page, { role: 'admin' });
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${PORTAL}/workspace/${SCHOOL_ID}`);
  await expect(page.getByRole('heading', { level: 1, name: EN['home.todayTitle'] })).toBeVisible();
  // English readers never fetch the Hindi catalogue.
  expect(scripts.filter((u) => /\/hi-[\w-]+\.js$/.test(u))).toEqual([]);

  await page.getByRole('button', { name: 'हिन्दी' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: HI['home.todayTitle'] })).toBeVisible();
  const nav = page.getByRole('navigation', { name: HI['shell.menu'] });
  await expect(nav.getByRole('link', { name: HI['nav.students'] })).toBeVisible();
  await expect(nav.getByRole('link', { name: HI['nav.fees'] })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  expect(scripts.some((u) => /\/hi-[\w-]+\.js$/.test(u))).toBe(true);
  await expect.poll(() => stub.calls.filter((c) => c.method === 'PATCH' && c.path === '/me/preferences').map((c) => c.body)).toEqual([{ language: 'hi' }]);
  await docScreenshot(page, { path: `${SCREENS}/workspace-admin-home-hi.png`, fullPage: true });

  await nav.getByRole('link', { name: HI['nav.members'] }).click();
  await expect(page.getByRole('heading', { level: 1, name: HI['nav.members'] })).toBeVisible();
  await docScreenshot(page, { path: `${SCREENS}/workspace-members-hi.png`, fullPage: true });

  // A reload keeps Hindi.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: HI['nav.members'] })).toBeVisible();

  await page.getByRole('button', { name: 'English' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: EN['nav.members'] })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect.poll(() => stub.calls.filter((c) => c.method === 'PATCH' && c.path === '/me/preferences').map((c) => (c.body as { language: string }).language)).toEqual(['hi', 'en']);
});

test('the account\'s language applies on another device', async ({ page }) => {
  await stubWorkspace(page, { role: 'teacher', language: 'hi' });
  await page.goto(`${PORTAL}/workspace/${SCHOOL_ID}`);
  await expect(page.getByRole('heading', { level: 1, name: HI['home.mySectionsToday'] })).toBeVisible();
});

test.describe('at phone width (360 px)', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('no sideways scroll, the menu behind a 44 px button, every tap target at least 44 px', async ({ page }) => {
    await stubWorkspace(page, { role: 'admin' });
    await page.goto(`${PORTAL}/workspace/${SCHOOL_ID}`);
    await expect(page.getByRole('heading', { level: 1, name: EN['home.todayTitle'] })).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expect(page.locator('.ws-sidebar')).toBeHidden();
    await docScreenshot(page, { path: `${SCREENS}/workspace-admin-home-en-360.png`, fullPage: true });

    const menuButton = page.getByRole('button', { name: EN['shell.openMenu'] });
    const box = await menuButton.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(44);
    expect(box!.height).toBeGreaterThanOrEqual(44);
    // The language is in the top bar, not at the menu's foot (issue 36): one 44 px button, the other language.
    const topbarLanguage = page.locator('.ws-topbar').getByRole('button', { name: 'हिन्दी' });
    await expect(topbarLanguage).toBeVisible();
    expect((await topbarLanguage.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await expect(page.locator('.ws-topbar').getByRole('button', { name: 'English' })).toBeHidden();
    await menuButton.click();
    const drawer = page.locator('.ws-drawer');
    const links = drawer.getByRole('link');
    await expect(links).toHaveCount(17);
    for (const link of await links.all()) expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await expect(drawer.locator('.ws-language')).toHaveCount(0);
    await docScreenshot(page, { path: `${SCREENS}/workspace-menu-en-360.png` });
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await topbarLanguage.click();
    await expect(page.locator('.ws-topbar').getByRole('button', { name: 'English' })).toBeVisible();
    await page.getByRole('button', { name: HI['shell.openMenu'] }).click();
    await expect(drawer.getByRole('link', { name: HI['nav.members'] })).toBeVisible();
    await drawer.getByRole('link', { name: HI['nav.members'] }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: HI['nav.members'] })).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await docScreenshot(page, { path: `${SCREENS}/workspace-members-hi-360.png`, fullPage: true });

    await page.goto(`${PORTAL}/workspace/${SCHOOL_ID}`);
    await expect(page.getByRole('heading', { level: 1, name: HI['home.todayTitle'] })).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await docScreenshot(page, { path: `${SCREENS}/workspace-admin-home-hi-360.png`, fullPage: true });

  });
});
