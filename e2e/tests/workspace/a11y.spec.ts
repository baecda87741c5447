import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { EN, HI } from './catalogue';
import { PORT, SCHOOL_ID, stubWorkspace } from './stub-api';
import { settled } from '../../settled';

/** The workspace's screens have no serious or critical accessibility issue (axe), in both languages. */
const PORTAL = `http://saraswati.localhost:${PORT}`;

async function expectAccessible(page: Page, what: string): Promise<void> {
  await settled(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${what}: ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

test('home, a module, members and the invite dialog, in English and Hindi', async ({ page }) => {
  await stubWorkspace(page, { role: 'admin' });
  await page.goto(`${PORTAL}/workspace/${SCHOOL_ID}`);
  await expect(page.getByRole('heading', { level: 1, name: EN['home.todayTitle'] })).toBeVisible();
  await expectAccessible(page, 'home');
  await page.goto(`${PORTAL}/workspace/${SCHOOL_ID}/students`);
  await expect(page.getByRole('heading', { level: 1, name: EN['nav.students'] })).toBeVisible();
  await expectAccessible(page, 'students');
  await page.goto(`${PORTAL}/workspace/${SCHOOL_ID}/members`);
  await expect(page.getByRole('heading', { level: 1, name: EN['nav.members'] })).toBeVisible();
  await expectAccessible(page, 'members');
  await page.getByRole('button', { name: 'हिन्दी' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: HI['nav.members'] })).toBeVisible();
  await expectAccessible(page, 'members (hi)');
  await page.getByRole('button', { name: HI['members.invite'] }).click();
  await expect(page.getByRole('dialog', { name: HI['members.inviteTitle'] })).toBeVisible();
  await expectAccessible(page, 'invite (hi)');
});

test('sign-in and join', async ({ page }) => {
  await stubWorkspace(page, { signedIn: false });
  await page.goto(`${PORTAL}/sign-in`);
  await expect(page.getByRole('heading', { name: EN['signIn.title'] })).toBeVisible();
  await expectAccessible(page, 'sign-in');
  await page.goto(`${PORTAL}/join?token=good-token`);
  await expect(page.getByRole('button', { name: EN['join.submit'] })).toBeVisible();
  await expectAccessible(page, 'join');
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  test('the menu drawer', async ({ page }) => {
    await stubWorkspace(page, { role: 'teacher' });
    await page.goto(`${PORTAL}/workspace/${SCHOOL_ID}`);
    await page.getByRole('button', { name: EN['shell.openMenu'] }).click();
    await expect(page.locator('.ws-drawer').getByRole('link', { name: EN['nav.attendance'] })).toBeVisible();
    await expectAccessible(page, 'drawer');
  });
});
