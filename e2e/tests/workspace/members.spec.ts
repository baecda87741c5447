import { expect, test } from '@playwright/test';
import { EN, HI, msg } from './catalogue';
import { horizontalOverflow, PORT, SCHOOL_ID, stubWorkspace } from './stub-api';
import { docScreenshot } from '../../screens';

/**
 * Issue 13: the administrator's members screen against the contract's calls (stubbed): invite
 * (validated by the shared schema, in the chosen language), change a role, remove and revoke with a
 * confirmation, and the server's refusals (LAST_ADMIN) said in the reader's language.
 */
const PORTAL = `http://saraswati.localhost:${PORT}`;
const MEMBERS = `${PORTAL}/workspace/${SCHOOL_ID}/members`;

test('invite: the form checks its fields, sends {email, name, role}, and the invitation waits in the list', async ({ page }) => {
  const stub = await stubWorkspace(page, { role: 'admin' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(MEMBERS);
  await expect(page.getByRole('heading', { level: 1, name: EN['nav.members'] })).toBeVisible();
  await expect(page.getByRole('cell', { name: /^Ravi Kumar/ })).toBeVisible();
  await expect(page.getByText('kiran@example.in')).toBeVisible();
  await docScreenshot(page, { path: 'docs/screens/workspace-members-en.png', fullPage: true });

  await page.getByRole('button', { name: EN['members.invite'] }).click();
  const dialog = page.getByRole('dialog', { name: EN['members.inviteTitle'] });
  await dialog.getByLabel(EN['members.email']!).fill('not-an-address');
  await dialog.getByRole('button', { name: EN['members.sendInvitation'] }).click();
  await expect(dialog.getByText(EN['validation.nameRequired']!)).toBeVisible();
  await expect(dialog.getByText(EN['validation.emailInvalid']!)).toBeVisible();
  expect(stub.calls.filter((c) => c.method === 'POST')).toEqual([]);

  await dialog.getByLabel(EN['members.name']!).fill('Sunita Rao');
  await dialog.getByLabel(EN['members.email']!).fill('sunita@example.in');
  await dialog.getByLabel(EN['members.role']!).selectOption('office');
  await docScreenshot(page, { path: 'docs/screens/workspace-invite-en.png' });
  await dialog.getByRole('button', { name: EN['members.sendInvitation'] }).click();
  await expect(page.getByText(msg(EN, 'members.invited', { email: 'sunita@example.in' }))).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(stub.calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
    [`/schools/${SCHOOL_ID}/invitations`, { email: 'sunita@example.in', name: 'Sunita Rao', role: 'office' }],
  ]);
  await expect(page.locator('.ws-pending-list')).toContainText('sunita@example.in');
});

test('change a role, remove a member and revoke an invitation, each confirmed', async ({ page }) => {
  const stub = await stubWorkspace(page, { role: 'admin' });
  await page.goto(MEMBERS);
  // One's own row has no controls.
  await expect(page.getByRole('combobox', { name: msg(EN, 'members.roleOf', { name: 'Asha Verma' }) })).toHaveCount(0);

  await page.getByRole('combobox', { name: msg(EN, 'members.roleOf', { name: 'Ravi Kumar' }) }).selectOption('accountant');
  await expect(page.getByText(msg(EN, 'members.roleChanged', { name: 'Ravi Kumar', role: EN['role.accountant']! }))).toBeVisible();
  expect(stub.calls.find((c) => c.method === 'PATCH')).toMatchObject({ path: `/schools/${SCHOOL_ID}/members/a1b2c3d4-0000-4000-8000-000000000002`, body: { role: 'accountant' } });

  await page.getByRole('button', { name: msg(EN, 'members.removeName', { name: 'Meena Sharma' }) }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(msg(EN, 'members.removeConfirm', { name: 'Meena Sharma' }));
  await confirm.getByRole('button', { name: EN['common.cancel'] }).click();
  expect(stub.calls.filter((c) => c.method === 'DELETE')).toEqual([]);
  await page.getByRole('button', { name: msg(EN, 'members.removeName', { name: 'Meena Sharma' }) }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: EN['members.remove'] }).click();
  await expect(page.getByRole('cell', { name: /^Meena Sharma/ })).toHaveCount(0);

  await page.getByRole('button', { name: msg(EN, 'members.revokeEmail', { email: 'kiran@example.in' }) }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: EN['members.revoke'] }).click();
  await expect(page.getByText(EN['members.noPending']!)).toBeVisible();
  expect(stub.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
    `/schools/${SCHOOL_ID}/members/a1b2c3d4-0000-4000-8000-000000000003`,
    `/schools/${SCHOOL_ID}/invitations/i1`,
  ]);
});

test('in Hindi: the form\'s messages and the server\'s refusal (the last administrator) read in Hindi', async ({ page }) => {
  await stubWorkspace(page, {
    role: 'admin',
    language: 'hi',
    roleChangeError: { status: 422, code: 'LAST_ADMIN', message: 'The last administrator cannot be changed' },
  });
  await page.goto(MEMBERS);
  await expect(page.getByRole('heading', { level: 1, name: HI['nav.members'] })).toBeVisible();
  await page.getByRole('combobox', { name: msg(HI, 'members.roleOf', { name: 'Ravi Kumar' }) }).selectOption('teacher');
  await expect(page.getByText(HI['error.LAST_ADMIN']!)).toBeVisible();

  await page.getByRole('button', { name: HI['members.invite'] }).click();
  const dialog = page.getByRole('dialog', { name: HI['members.inviteTitle'] });
  await dialog.getByRole('button', { name: HI['members.sendInvitation'] }).click();
  await expect(dialog.getByText(HI['validation.nameRequired']!)).toBeVisible();
  await expect(dialog.getByText(HI['validation.emailInvalid']!)).toBeVisible();
  await docScreenshot(page, { path: 'docs/screens/workspace-invite-hi.png' });
});

test.describe('at phone width (360 px)', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('the list and the invite dialog fit, with 44 px controls', async ({ page }) => {
    await stubWorkspace(page, { role: 'admin' });
    await page.goto(MEMBERS);
    await expect(page.getByText('Ravi Kumar', { exact: true })).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await docScreenshot(page, { path: 'docs/screens/workspace-members-en-360.png', fullPage: true });
    for (const control of await page.locator('.ws-main button, .ws-main select').all()) {
      if (await control.isVisible()) expect((await control.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    await page.getByRole('button', { name: EN['members.invite'] }).click();
    await expect(page.getByRole('dialog', { name: EN['members.inviteTitle'] })).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });
});
