import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '@vidyalaya/shared';
import {
  APP_BASE,
  createAdmin,
  createMainProcess,
  createSchool,
  createStaff,
  ensureDesktopBuilt,
  mySchool,
  pageStorage,
  PORT,
  ROOT,
  SERVER,
  uniqueName,
  type MainProcess,
} from './support';
import { STAFF_TEXT } from '../../../web/src/features/approvers/messages';
import { settled } from '../../settled';

/**
 * Issue 7: the desktop app's renderer in Chromium, its `window.desktop` bound to the main
 * process's own handlers (see support.ts), against the real server of playwright.config.ts.
 * One "installation" for the whole file, as one office computer: the tests run in order.
 */
test.describe.configure({ mode: 'serial' });

const D = MESSAGES.desktop;
const S = STAFF_TEXT;
let main: MainProcess;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  ensureDesktopBuilt();
  main = createMainProcess();
});
test.afterAll(async () => main?.cleanUp());

async function open(page: Page, route = ''): Promise<void> {
  // The renderer's own errors, in the test's output when something goes wrong.
  page.on('pageerror', (e) => console.log(`[page error] ${e.message}`));
  page.on('console', (m) => void (m.type() === 'error' && console.log(`[console] ${m.text()}`)));
  await main.attach(page);
  await page.goto(`${APP_BASE}desktop.html${route ? `#${route}` : ''}`);
}

async function expectNoSeriousA11yIssues(page: Page): Promise<void> {
  await settled(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

test('first start: asks for the server, checks its health, keeps it (DECISIONS Desktop)', async ({ page }) => {
  await open(page);
  await expect(page.getByRole('heading', { name: D.connectTitle })).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  const address = page.getByLabel(D.serverUrlLabel);
  await page.getByRole('button', { name: D.connect }).click();
  await expect(page.getByText(D.serverUrlRequired)).toBeVisible();

  await address.fill('ftp://vidyalaya.test');
  await page.getByRole('button', { name: D.connect }).click();
  await expect(page.getByText(D.serverUrlInvalid)).toBeVisible();

  // Nothing listens on port 9 here: the main process's health check says so.
  await address.fill('http://127.0.0.1:9');
  await page.getByRole('button', { name: D.connect }).click();
  await expect(page.getByText(D.serverUnreachable('http://127.0.0.1:9'))).toBeVisible();
  expect(main.settings.get()).toBeNull();

  await address.fill(`${SERVER}/`);
  await page.getByRole('button', { name: D.connect }).click();
  // Saved, and the window reloads into the app on that server.
  await expect(page.getByRole('heading', { name: D.connectTitle })).toBeHidden();
  expect(main.settings.get()).toEqual({ serverUrl: SERVER, appDomain: `localhost:${PORT}` });
  await expect(page.getByRole('navigation', { name: D.appBar })).toBeVisible();
  // The page's policy now names the server, and only it (header and meta tag alike).
  const meta = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(meta).toContain(`connect-src 'self' ${SERVER};`);
});

test('staff sign-in keeps the tokens in the keychain, none in the page; approve and reject end to end', async ({ page, request }) => {
  const staff = createStaff();
  const adminA = await createAdmin(request);
  const adminB = await createAdmin(request);
  const tag = uniqueName('z');
  const schoolA = await createSchool(request, adminA, `Ganga Vidya Mandir ${tag}`);
  const schoolB = await createSchool(request, adminB, `Yamuna Public School ${tag}`);

  // An unsigned visit to the staff screen goes to the staff sign-in.
  await open(page, '/staff/schools');
  await expect(page.getByRole('heading', { name: S.loginTitle })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await page.getByLabel(S.usernameLabel).fill(staff.username);
  await page.getByLabel(S.passwordLabel, { exact: true }).fill(staff.password);
  await page.getByRole('button', { name: S.signIn }).click();
  await expect(page.getByRole('heading', { name: S.schoolsTitle, level: 1 })).toBeVisible();

  // The tokens are in the keychain entry for this server, and nowhere in the page's storage.
  const entry = await main.keychainEntry(SERVER);
  expect(entry).not.toBeNull();
  const tokens = JSON.parse(entry!) as { accessToken: string; refreshToken: string };
  const storage = await pageStorage(page);
  expect(storage).not.toContain(tokens.accessToken);
  expect(storage).not.toContain(tokens.refreshToken);
  expect(storage).not.toContain('vidyalaya_access_token');

  // The queue: pending by default; search narrows it to this test's two schools.
  await expect(page.getByLabel(S.statusLabel)).toHaveValue('pending');
  await page.getByLabel(S.searchLabel).fill(tag);
  await page.getByRole('button', { name: S.searchButton }).click();
  await expect(page.getByText(S.schoolCount(2))).toBeVisible();
  await expect(page.getByRole('link', { name: schoolA.name })).toBeVisible();
  await expect(page.getByRole('link', { name: schoolB.name })).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  // A school in full, then Approve (with a confirmation).
  await page.getByRole('link', { name: schoolA.name }).click();
  await expect(page.getByRole('heading', { name: schoolA.name, level: 1 })).toBeVisible();
  await expect(page.getByText(MESSAGES.approval.pending)).toBeVisible();
  await expect(page.getByText(schoolA.subdomain, { exact: true })).toBeVisible();
  await expect(page.getByText(adminA.username, { exact: true })).toBeVisible();
  await expect(page.getByText('14 Mall Road, Civil Lines, Kanpur, Uttar Pradesh 208001, India')).toBeVisible();
  await expect(page.getByText(S.noDecisions)).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await page.getByRole('button', { name: S.approve }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByText(S.approveConfirm(schoolA.name))).toBeVisible();
  await confirm.getByRole('button', { name: S.approve }).click();
  await expect(page.locator('[data-status="approved"]')).toHaveText(MESSAGES.approval.approved);
  const historyA = page.getByRole('list', { name: S.sections.history });
  await expect(historyA.getByRole('listitem')).toHaveCount(1);
  await expect(historyA).toContainText(`${MESSAGES.approval.approved} by ${staff.username}`);
  await expect(page.getByRole('button', { name: S.approve })).toHaveCount(0);
  expect(await mySchool(request, adminA)).toMatchObject({ isActive: true, metaData: { approvalStatus: 'approved' } });

  // Back to the list (same search), the other school, Reject: a reason is required.
  await page.getByRole('link', { name: S.backToList }).click();
  await expect(page.getByText(S.schoolCount(1))).toBeVisible();
  await page.getByRole('link', { name: schoolB.name }).click();
  await expect(page.getByRole('heading', { name: schoolB.name, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: S.reject }).click();
  const dialog = page.getByRole('dialog', { name: S.rejectTitle(schoolB.name) });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: S.reject }).click();
  await expect(dialog.getByText(MESSAGES.validation.rejectionReasonRequired)).toBeVisible();
  const reason = 'The postal address does not match the school registration certificate.';
  await dialog.getByLabel(S.reasonLabel).fill(reason);
  await dialog.getByRole('button', { name: S.reject }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('[data-status="rejected"]')).toHaveText(MESSAGES.approval.rejected);
  const historyB = page.getByRole('list', { name: S.sections.history });
  await expect(historyB).toContainText(`${MESSAGES.approval.rejected} by ${staff.username}`);
  await expect(historyB).toContainText(reason);
  expect(await mySchool(request, adminB)).toMatchObject({ isActive: false, metaData: { approvalStatus: 'rejected', rejectionReason: reason } });

  // Nothing of this test is pending any more; under 'All statuses' both are there.
  await page.getByRole('link', { name: S.backToList }).click();
  await expect(page.getByText(S.noSchools)).toBeVisible();
  await page.getByLabel(S.statusLabel).selectOption('all');
  await expect(page.getByText(S.schoolCount(2))).toBeVisible();

  // The app's next start: still signed in (from the keychain).
  await page.reload();
  await expect(page.getByRole('heading', { name: S.schoolsTitle, level: 1 })).toBeVisible();
  await expect(page.getByLabel(S.signedInAs)).toHaveText(staff.username);

  // Staff opening the school-admin screens get 'Not allowed' there too.
  await page.goto(`${APP_BASE}desktop.html#/dashboard`);
  await expect(page.getByRole('heading', { name: MESSAGES.notAllowed.title })).toBeVisible();
  await page.goto(`${APP_BASE}desktop.html#/staff/schools`);

  // Signing out empties the keychain entry.
  await page.getByRole('button', { name: S.signOut }).click();
  await expect(page.getByRole('heading', { name: S.loginTitle })).toBeVisible();
  await expect.poll(() => main.keychainEntry(SERVER)).toBeNull();
});

test("a school administrator gets 'Not allowed' at the staff sign-in and on the staff screen", async ({ page, request }) => {
  const admin = await createAdmin(request);

  await open(page, '/staff/login');
  await page.getByLabel(S.usernameLabel).fill(admin.username);
  await page.getByLabel(S.passwordLabel, { exact: true }).fill(admin.password);
  const login = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/login'));
  await page.getByRole('button', { name: S.signIn }).click();
  const refused = (await (await login).json()) as { data: { refreshToken: string } };
  await expect(page.getByRole('heading', { name: MESSAGES.notAllowed.title })).toBeVisible();
  await expect(page.getByText(MESSAGES.notAllowed.staffSignInRefused)).toBeVisible();
  await expect(page.getByRole('heading', { name: MESSAGES.notAllowed.title })).toBeFocused();
  // Nothing was kept, and the session the server had opened is revoked.
  expect(await main.keychainEntry(SERVER)).toBeNull();
  const refresh = await request.post(`${SERVER}/api/v1/auth/refresh-token`, { data: { refreshToken: refused.data.refreshToken } });
  expect(refresh.status()).toBe(401);

  // Signed in as an administrator (as the admin screens would have done), the staff screen says no.
  await main.vault.set(SERVER, { accessToken: admin.accessToken, refreshToken: admin.refreshToken });
  // A fresh load (a hash change alone would keep the signed-out app in memory, which redirects
  // to the sign-in before any reload), as when the app starts with these tokens in the keychain.
  await page.goto('about:blank');
  await page.goto(`${APP_BASE}desktop.html#/staff/schools`);
  await expect(page.getByRole('heading', { name: MESSAGES.notAllowed.title })).toBeVisible();
  await expect(page.getByText(MESSAGES.notAllowed.staffScreen)).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectNoSeriousA11yIssues(page);
  await main.vault.clear(SERVER);
});

test('with no keychain on the computer, the app says so: sign-ins last for the session only', async ({ browser }) => {
  const noKeychain = createMainProcess({
    keyring: {
      getPassword: () => Promise.reject(new Error('No Secret Service')),
      setPassword: () => Promise.reject(new Error('No Secret Service')),
      deletePassword: () => Promise.reject(new Error('No Secret Service')),
    },
  });
  noKeychain.settings.save({ serverUrl: SERVER, appDomain: `localhost:${PORT}` });
  const page = await browser.newPage();
  try {
    await noKeychain.attach(page);
    await page.goto(`${APP_BASE}desktop.html`);
    await expect(page.getByText(D.keychainUnavailable.title)).toBeVisible();
    await page.getByRole('button', { name: D.serverSettings }).click();
    await expect(page.getByRole('dialog', { name: D.serverSettings }).getByText(D.keychainUnavailable.description)).toBeVisible();
    expect(noKeychain.vault.mode()).toBe('session');
  } finally {
    await page.close();
  }
});

test('links go to the system browser only after the check; other origins cannot use the bridge', async ({ page }) => {
  await open(page);
  await expect(page.getByRole('navigation', { name: D.appBar })).toBeVisible();
  await page.evaluate(() => window.desktop!.openExternal('https://vidyalaya.test/privacy'));
  expect(main.opened).toEqual(['https://vidyalaya.test/privacy']);
  const refused = await page.evaluate(() => window.desktop!.openExternal('file:///etc/passwd').then(() => 'opened', (e: Error) => e.message));
  expect(refused).toContain('unsafe-url');
  expect(main.opened).toHaveLength(1);

  // The same bridge in a page that is not the app (the public web app on the server) is refused.
  await page.goto(`${SERVER}/terms`);
  const foreign = await page.evaluate(() => window.desktop!.getTokens().then(() => 'answered', (e: Error) => e.message));
  expect(foreign).toContain('untrusted-sender');
});

test('the server settings dialog changes the server address', async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: D.serverSettings }).click();
  const dialog = page.getByRole('dialog', { name: D.serverSettings });
  await expect(dialog.getByText(D.connectedTo(SERVER))).toBeVisible();
  await expect(dialog.getByText(D.keychainAvailable)).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  const address = dialog.getByLabel(D.serverUrlLabel);
  await address.fill('https://user:secret@vidyalaya.test');
  await dialog.getByRole('button', { name: D.saveAndReconnect }).click();
  await expect(dialog.getByText(D.serverUrlCredentials)).toBeVisible();
  expect(main.settings.get()?.serverUrl).toBe(SERVER);

  const other = `http://127.0.0.1:${PORT}`;
  await address.fill(other);
  await dialog.getByLabel(D.appDomainLabel).fill(`localhost:${PORT}`);
  await dialog.getByRole('button', { name: D.saveAndReconnect }).click();
  await expect(dialog).toBeHidden();
  expect(main.settings.get()).toEqual({ serverUrl: other, appDomain: `localhost:${PORT}` });
  await expect(page.locator('meta[http-equiv="Content-Security-Policy"]')).toHaveAttribute('content', new RegExp(`connect-src 'self' ${other.replace(/\./g, '\\.')};`));

  // And back, for whatever runs next on this "computer".
  await page.getByRole('button', { name: D.serverSettings }).click();
  await page.getByRole('dialog', { name: D.serverSettings }).getByLabel(D.serverUrlLabel).fill(SERVER);
  await page.getByRole('dialog', { name: D.serverSettings }).getByLabel(D.appDomainLabel).fill('');
  await page.getByRole('dialog', { name: D.serverSettings }).getByRole('button', { name: D.saveAndReconnect }).click();
  await expect.poll(() => main.settings.get()?.serverUrl).toBe(SERVER);
});

/** Code that exists only in the staff screen: its API paths and its routes. */
const STAFF_ONLY = ['/admin/schools', 'staff/login', 'schools/:id'];

function bundleText(dir: string): string {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else if (/\.(js|html)$/.test(e.name)) files.push(join(d, e.name));
    }
  };
  walk(dir);
  return files.map((f) => readFileSync(f, 'utf8')).join('\n');
}

test.describe('DECISIONS Desktop: the public web build has no staff screen at all', () => {
  // (The desktop bundles were built by this file's beforeAll.)
  test('no staff code in web/dist, while the desktop renderer has it', () => {
    // web/dist is the build the test server serves (npm start builds it); the desktop one is checked
    // alongside so the markers are known to be real.
    const web = bundleText(join(ROOT, 'web', 'dist'));
    const desktop = bundleText(join(ROOT, 'desktop', 'out', 'renderer'));
    for (const marker of STAFF_ONLY) {
      expect(desktop, marker).toContain(marker);
      expect(web, marker).not.toContain(marker);
    }
  });

  test('the web app answers /staff/schools with its 404 page', async ({ page }) => {
    await page.goto('/staff/schools');
    await expect(page.getByRole('heading', { name: MESSAGES.screens.notFound.title })).toBeVisible();
  });
});
