import { expect, test, type Browser, type Page } from '@playwright/test';
import { approveSchool, createSchoolApi, loginApi, newUser, signInWithTokens, staffToken, verifiedUser } from '../app/support/api';
import { newestMail } from '../app/support/mail';
import { EN, HI, msg } from './catalogue';
import { PORT } from './stub-api';

/**
 * Issue 13 "Done when", end to end on the real server: an administrator invites a teacher and an
 * office member from the members screen; each opens the link from the e-mail the server sent (read
 * from the SMTP sink), chooses a username and password on the school's host, and sees only their
 * role's menu; each signs in again later on `{subdomain}.localhost`.
 */
test.describe.configure({ mode: 'serial' });

const menu = (page: Page) => page.getByRole('navigation', { name: EN['shell.menu'] });
const labels = (...keys: string[]) => keys.map((k) => EN[`nav.${k}`]!);

async function menuLabels(page: Page): Promise<string[]> {
  await expect(menu(page)).toBeVisible();
  return (await menu(page).getByRole('link').allInnerTexts()).map((s) => s.trim());
}

/** The /join link of the newest e-mail to `address`, waiting for it to arrive. */
async function invitationLink(address: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const link = /https?:\/\/[^\s"<>]+\/join\?token=[A-Za-z0-9_-]+/.exec(newestMail(address) ?? '')?.[0];
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`No invitation reached ${address}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function signIn(browser: Browser, portal: string, username: string, password: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${portal}/workspace`);
  await expect(page).toHaveURL(`${portal}/sign-in`);
  await page.getByLabel(EN['signIn.username']!).fill(username);
  await page.getByLabel(EN['signIn.password']!, { exact: true }).fill(password);
  await page.getByRole('button', { name: EN['signIn.submit'] }).click();
  return page;
}

test('an admin invites a teacher and an office member; each joins from the e-mail and sees only their menu', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const admin = await verifiedUser(request, 'wsadm');
  const { accessToken, refreshToken } = await loginApi(request, admin);
  const school = await createSchoolApi(request, accessToken);
  await approveSchool(request, await staffToken(request), school.id);
  const portal = `http://${school.subdomain}.localhost:${PORT}`;

  // The onboarding dashboard of an approved school links into its workspace.
  const main = await (await browser.newContext()).newPage();
  await signInWithTokens(main, { accessToken, refreshToken });
  await main.goto('/dashboard');
  await main.getByRole('button', { name: 'Open the workspace' }).click();
  await expect(main).toHaveURL(new RegExp(`/workspace/${school.id}$`));
  await expect(main.getByRole('heading', { level: 1, name: EN['home.todayTitle'] })).toBeVisible();
  await main.context().close();

  // The administrator, on the school's host.
  const adminPage = await signIn(browser, portal, admin.username, admin.password);
  await expect(adminPage).toHaveURL(`${portal}/workspace/${school.id}`);
  expect(await menuLabels(adminPage)).toEqual(labels('home', 'students', 'staff', 'timetable', 'calendar', 'attendance', 'exams', 'fees', 'notices', 'messaging', 'members', 'academicYears', 'dataRequests', 'certificates', 'yearEnd', 'payments', 'insights'));
  await menu(adminPage).getByRole('link', { name: EN['nav.members'] }).click();
  await expect(adminPage.getByRole('cell', { name: admin.username, exact: true })).toBeVisible();

  const teacher = newUser('wstch');
  const office = newUser('wsoff');
  for (const [person, name, role] of [
    [teacher, 'Ravi Kumar', 'teacher'],
    [office, 'Meena Sharma', 'office'],
  ] as const) {
    await adminPage.getByRole('button', { name: EN['members.invite'] }).click();
    const dialog = adminPage.getByRole('dialog', { name: EN['members.inviteTitle'] });
    await dialog.getByLabel(EN['members.name']!).fill(name);
    await dialog.getByLabel(EN['members.email']!).fill(person.email);
    await dialog.getByLabel(EN['members.role']!).selectOption(role);
    await dialog.getByRole('button', { name: EN['members.sendInvitation'] }).click();
    await expect(adminPage.getByText(msg(EN, 'members.invited', { email: person.email }))).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(adminPage.locator('.ws-pending-list')).toContainText(person.email);
  }

  // Each opens the link from the e-mail, on the school's host, and chooses a username and password.
  const expected = {
    teacher: labels('home', 'students', 'staff', 'timetable', 'calendar', 'attendance', 'exams', 'notices'),
    office: labels('home', 'students', 'staff', 'timetable', 'calendar', 'attendance', 'exams', 'notices', 'members', 'dataRequests', 'certificates', 'insights'),
  };
  for (const [person, role] of [
    [teacher, 'teacher'],
    [office, 'office'],
  ] as const) {
    const link = await invitationLink(person.email);
    expect(new URL(link).host).toBe(`${school.subdomain}.localhost:${PORT}`);
    const page = await (await browser.newContext()).newPage();
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: msg(EN, 'join.heading', { school: school.name }) })).toBeVisible();
    await page.getByLabel(EN['join.username']!).fill(person.username);
    await page.getByLabel(EN['join.password']!, { exact: true }).fill(person.password);
    await page.getByRole('button', { name: EN['join.submit'] }).click();
    await expect(page).toHaveURL(`${portal}/workspace/${school.id}`);
    expect(await menuLabels(page)).toEqual(expected[role]);
    await expect(page.locator('.ws-role-tag')).toHaveText(EN[`role.${role}`]!);
    // Signing out and in again on the school's host gives the same menu.
    await page.getByRole('button', { name: EN['shell.signOut'] }).click();
    await expect(page).toHaveURL(`${portal}/sign-in`);
    const again = await signIn(browser, portal, person.username, person.password);
    await expect(again).toHaveURL(`${portal}/workspace/${school.id}`);
    expect(await menuLabels(again)).toEqual(expected[role]);
    if (role === 'teacher') {
      await expect(again.getByRole('heading', { level: 1, name: EN['home.mySectionsToday'] })).toBeVisible();
      await again.goto(`${portal}/workspace/${school.id}/fees`);
      await expect(again).toHaveURL(`${portal}/workspace/${school.id}`);
      // The language is the account's: chosen here, it is there on the next sign-in elsewhere.
      await again.getByRole('button', { name: 'हिन्दी' }).first().click();
      await expect(again.getByRole('heading', { level: 1, name: HI['home.mySectionsToday'] })).toBeVisible();
      await expect.poll(async () => (await request.get(`/api/v1/me/preferences`, { headers: { authorization: `Bearer ${await again.evaluate(() => localStorage.getItem('vidyalaya_access_token'))}` } })).json()).toMatchObject({ data: { preferences: { language: 'hi' } } });
      const elsewhere = await signIn(browser, portal, person.username, person.password);
      await expect(elsewhere.getByRole('heading', { level: 1, name: HI['home.mySectionsToday'] })).toBeVisible();
      await expect(elsewhere.getByRole('navigation', { name: HI['shell.menu'] }).getByRole('link', { name: HI['nav.attendance'] })).toBeVisible();
    }
  }

  // The administrator now sees both as members, and no invitation waiting.
  await adminPage.reload();
  await expect(adminPage.getByRole('cell', { name: /^Ravi Kumar/ })).toBeVisible();
  await expect(adminPage.getByRole('cell', { name: /^Meena Sharma/ })).toBeVisible();
  await expect(adminPage.getByText(EN['members.noPending']!)).toBeVisible();
});
