import { expect, test } from '@playwright/test';
import {
  approveSchool,
  createClassesApi,
  createSchoolApi,
  createSectionsApi,
  defaultAcademicYear,
  loginApi,
  newUser,
  signInWithTokens,
  staffToken,
  verifiedUser,
} from '../app/support/api';
import { acceptInvitation, api, invitationToken, messages } from '../app/support/workspace';
import { newestMail } from '../app/support/mail';
import { docScreenshot } from '../../screens';

const GD = messages('guardian');
const WS = messages('workspace');
const GD_HI = messages('guardian', 'hi');
const WS_HI = messages('workspace', 'hi');
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

/**
 * Issue 19 at phone width: an office member opens the guardians page from the workspace menu,
 * invites a whole section's guardians in one go (the counts on screen, the e-mails arrive), and the
 * guardians' data requests are on the same page.
 */
test.describe('inviting a section’s guardians in bulk; the data requests from the menu (360 px)', () => {
  test.use(PHONE);

  test('the office invites a section’s guardians from the guardians page it opens from the menu', async ({ browser, request }) => {
    test.setTimeout(240_000);
    const admin = await verifiedUser(request, 'gbadm');
    const token = (await loginApi(request, admin)).accessToken;
    const school = await createSchoolApi(request, token);
    const year = defaultAcademicYear();
    await createClassesApi(request, token, school.id, year, ['Class 3']);
    await createSectionsApi(request, token, school.id, year, [{ className: 'Class 3', sectionNames: ['A', 'B'] }]);
    await approveSchool(request, await staffToken(request), school.id);
    const s = `/schools/${school.id}`;
    const { items: sections } = await api<{ items: { sectionId: string; sectionName: string }[] }>(request, 'GET', `${s}/students/sections`, token);
    const sectionA = sections.find((x) => x.sectionName === 'A')!.sectionId;
    const sectionB = sections.find((x) => x.sectionName === 'B')!.sectionId;

    // An office member, by invitation.
    const officeEmail = newUser('gboff').email;
    await api(request, 'POST', `${s}/invitations`, token, { email: officeEmail, role: 'office', name: 'Kavita Joshi' });
    const officeTokens = await acceptInvitation(request, officeEmail, 'gboff');

    // Section A: two sisters sharing their mother (one invitation), the father of one, a child with no e-mail.
    // Section B: a child whose guardian must not be invited with section A.
    const mother = newUser('gbmom').email;
    const father = newUser('gbdad').email;
    const other = newUser('gboth').email;
    const student = (firstName: string, sectionId: string, guardians: { name: string; relation: string; phone: string; email?: string }[]) =>
      api(request, 'POST', `${s}/students`, token, { firstName, lastName: 'Verma', dateOfBirth: '2018-05-14', gender: 'female', sectionId, guardians });
    await student('Meera', sectionA, [{ name: 'Sunita Verma', relation: 'mother', phone: '9876543210', email: mother }]);
    await student('Asha', sectionA, [
      { name: 'Sunita Verma', relation: 'mother', phone: '9876543210', email: mother },
      { name: 'Rajesh Verma', relation: 'father', phone: '9876543211', email: father },
    ]);
    await student('Pooja', sectionA, [{ name: 'Geeta Devi', relation: 'mother', phone: '9876543212' }]);
    await student('Nisha', sectionB, [{ name: 'Anita Rao', relation: 'mother', phone: '9876543213', email: other }]);

    // ── the menu opens the guardians page ──
    const page = await (await browser.newContext(PHONE)).newPage();
    await signInWithTokens(page, officeTokens);
    await page.goto(`/workspace/${school.id}`);
    await page.getByRole('button', { name: WS['shell.openMenu'] }).click();
    const link = page.locator('.ws-drawer').getByRole('link', { name: WS['nav.dataRequests'] });
    expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/workspace/${school.id}/data-requests$`));
    await expect(page.getByRole('heading', { level: 1, name: GD['office.heading'] })).toBeVisible();
    await expect(page.getByRole('heading', { name: GD['office.requests'], exact: true })).toBeVisible();

    // ── section A's guardians, in one go ──
    const card = page.getByTestId('bulk-invite');
    const select = card.getByRole('combobox', { name: GD['bulk.choose'] });
    expect((await select.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    const send = card.getByRole('button', { name: GD['invite.send'] });
    expect((await send.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await expect(send).toBeDisabled();
    expect(newestMail(mother)).toBeNull();
    await select.selectOption({ label: 'Class 3, section A' });
    await send.click();
    const result = card.getByTestId('bulk-invite-result');
    await expect(result.locator('[data-count="invited"]')).toHaveText('2 invitations sent');
    await expect(result.locator('[data-count="linked"]')).toHaveText('0 guardians had an account: linked now');
    await expect(result.locator('[data-count="alreadyLinked"]')).toHaveText('0 already had an account for the child');
    await expect(result.locator('[data-count="noEmail"]')).toHaveText('1 student has no guardian e-mail on the record');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await docScreenshot(page, { path: 'docs/screens/bulk-invite-guardians-360-en.png', fullPage: true });

    // The e-mails reached the mother (once, for both daughters) and the father; section B's guardian got none.
    const motherTokens = await acceptInvitation(request, mother, 'gbmom');
    await invitationToken(father);
    expect(newestMail(other)).toBeNull();
    const { children } = await api<{ children: { studentName?: string; name?: string }[] }>(request, 'GET', '/me/children', motherTokens.accessToken);
    expect(children).toHaveLength(2);

    // Again for the whole section: the mother's account now sees both daughters.
    await select.selectOption({ label: 'Class 3, section A' });
    await send.click();
    await expect(result.locator('[data-count="alreadyLinked"]')).toHaveText('2 already had an account for the child');

    // The same page in Hindi, from the menu.
    // The language switch is in the top bar at phone width (issue 36).
    await page.locator('.ws-topbar').getByRole('button', { name: 'हिन्दी' }).click();
    await page.getByRole('button', { name: WS_HI['shell.openMenu'] }).click();
    const drawer = page.locator('.ws-drawer');
    await drawer.getByRole('link', { name: WS_HI['nav.dataRequests'] }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: GD_HI['office.heading'] })).toBeVisible();
    await expect(card.getByRole('heading', { name: GD_HI['bulk.heading'] })).toBeVisible();
    await expect(card.getByRole('button', { name: GD_HI['invite.send'] })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await docScreenshot(page, { path: 'docs/screens/bulk-invite-guardians-360-hi.png', fullPage: true });
  });
});
