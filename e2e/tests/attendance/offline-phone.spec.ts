import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { API, PASSWORD, approveSchool, createClassesApi, createSchoolApi, createSectionsApi, defaultAcademicYear, loginApi, newUser, staffToken, verifiedUser } from '../app/support/api';
import { api } from '../app/support/workspace';
import { newestMail } from '../app/support/mail';
import { docScreenshot } from '../../screens';

/**
 * Issue 37 point 3, "Offline attendance on a phone", on the real server at 360 × 740 with the
 * browser's network switched off (`context.setOffline`): the teacher marks her section, the day
 * waits in IndexedDB ("Saved on this phone — will send when online") and nothing reaches the server;
 * with the network back it is sent and the message goes. A day someone saved meanwhile is a conflict
 * shown as the school's marks beside hers; "Overwrite with mine" sends hers. Signing out clears the
 * queue. The API is checked with the test's own request context, which the switch does not touch.
 */
test.describe.configure({ mode: 'serial' });
const ROOT = join(__dirname, '..', '..', '..');
const EN = JSON.parse(readFileSync(join(ROOT, 'web', 'src', 'features', 'attendance', 'i18n', 'en.json'), 'utf8')) as Record<string, string>;
const HI = JSON.parse(readFileSync(join(ROOT, 'web', 'src', 'features', 'attendance', 'i18n', 'hi.json'), 'utf8')) as Record<string, string>;
const WS = JSON.parse(readFileSync(join(ROOT, 'web', 'src', 'features', 'workspace', 'i18n', 'en.json'), 'utf8')) as Record<string, string>;
const WS_HI = JSON.parse(readFileSync(join(ROOT, 'web', 'src', 'features', 'workspace', 'i18n', 'hi.json'), 'utf8')) as Record<string, string>;
const istNow = () => new Date(Date.now() + 330 * 60_000);

type Seed = { schoolId: string; portal: string; adminToken: string; teacher: string; sections: Record<string, { id: string; students: Record<string, string> }> };
let seed: Seed;

/** Invites a teacher by e-mail and accepts the invitation with a new account. */
async function member(request: APIRequestContext, token: string, schoolId: string, name: string) {
  const person = newUser('tea');
  await api(request, 'POST', `/schools/${schoolId}/invitations`, token, { email: person.email, role: 'teacher', name });
  const deadline = Date.now() + 15_000;
  let link: string | undefined;
  while (!link) {
    link = /\/join\?token=([A-Za-z0-9_-]+)/.exec(newestMail(person.email) ?? '')?.[1];
    if (!link && Date.now() > deadline) throw new Error(`no invitation reached ${person.email}`);
    if (!link) await new Promise((r) => setTimeout(r, 200));
  }
  const res = await request.post(`${API}/invitations/accept`, { data: { token: link, username: person.username, password: PASSWORD } });
  expect(res.ok()).toBe(true);
  const { user } = await loginApi(request, person);
  return { ...person, id: user.id };
}

async function signIn(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.log(`[page error] ${e.message}`));
  await page.goto(`${seed.portal}/sign-in`);
  await page.getByLabel(WS['signIn.username']!).fill(username);
  await page.getByLabel(WS['signIn.password']!, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: WS['signIn.submit'] }).click();
  await expect(page).toHaveURL(/\/workspace\//);
  return page;
}

/** What the phone's IndexedDB queue holds (read without creating the database when it is not there). */
function queuedOnPhone(page: Page): Promise<{ records: { studentId: string; status: string }[]; [k: string]: unknown }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const req = indexedDB.open('vidyalaya-offline');
        req.onupgradeneeded = () => req.transaction!.abort();
        req.onerror = () => (req.error?.name === 'AbortError' ? resolve([]) : reject(req.error));
        req.onsuccess = () => {
          const db = req.result;
          if (!db.objectStoreNames.contains('attendance')) {
            db.close();
            resolve([]);
            return;
          }
          const all = db.transaction('attendance', 'readonly').objectStore('attendance').getAll();
          all.onsuccess = () => {
            db.close();
            resolve(all.result);
          };
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

async function serverDay(request: APIRequestContext, sectionId: string) {
  const date = istNow().toISOString().slice(0, 10);
  return (
    await api<{ attendance: { marked: boolean; markedAt: string | null; records: { studentId: string; status: string | null }[] } }>(
      request,
      'GET',
      `/schools/${seed.schoolId}/sections/${sectionId}/attendance/${date}`,
      seed.adminToken,
    )
  ).attendance;
}
const statuses = (day: { records: { studentId: string; status: string | null }[] }): Record<string, string | null> => Object.fromEntries(day.records.map((r) => [r.studentId, r.status]));

/** Opens the section's day to mark from today's attendance (the page is then loaded: the phone may go offline). */
async function openMark(page: Page, section: string) {
  await page.goto(`${seed.portal}/workspace/${seed.schoolId}/attendance`);
  await page.getByTestId(`section-Class 6-${section}`).getByRole('link', { name: EN['today.mark'] }).click();
  await expect(page.getByText(EN['mark.allPresent']!)).toBeVisible();
}

test.beforeAll(async ({ request, baseURL }) => {
  test.setTimeout(240_000);
  const admin = await verifiedUser(request, 'attoff');
  const { accessToken } = await loginApi(request, admin);
  const school = await createSchoolApi(request, accessToken);
  await approveSchool(request, await staffToken(request), school.id);
  const year = defaultAcademicYear();
  await createClassesApi(request, accessToken, school.id, year, ['Class 6']);
  await createSectionsApi(request, accessToken, school.id, year, [{ className: 'Class 6', sectionNames: ['A', 'B', 'C'] }]);
  const { classes } = await api<{ classes: { name: string; sections: { id: string; name: string }[] }[] }>(request, 'GET', `/school/classes-sections/${school.id}`, accessToken);
  const teacher = await member(request, accessToken, school.id, 'Meena Iyer');
  const { staff } = await api<{ staff: { id: string } }>(request, 'POST', `/schools/${school.id}/staff`, accessToken, { employeeCode: 'T001', name: 'Meena Iyer', userId: teacher.id });
  const sections: Seed['sections'] = {};
  for (const s of classes.find((c) => c.name === 'Class 6')!.sections) {
    const students: Record<string, string> = {};
    for (const firstName of ['Arjun', 'Bala', 'Chetan']) {
      const { student } = await api<{ student: { id: string } }>(request, 'POST', `/schools/${school.id}/students`, accessToken, {
        firstName,
        lastName: 'Rao',
        dateOfBirth: '2014-07-01',
        gender: 'male',
        sectionId: s.id,
        guardians: [{ name: 'Suresh Rao', relation: 'father', phone: '9876543210' }],
      });
      students[firstName] = student.id;
    }
    await api(request, 'PUT', `/schools/${school.id}/sections/${s.id}/class-teacher`, accessToken, { staffId: staff.id });
    sections[s.name] = { id: s.id, students };
  }
  seed = { schoolId: school.id, portal: `http://${school.subdomain}.localhost:${new URL(baseURL!).port}`, adminToken: accessToken, teacher: teacher.username, sections };
});

test.beforeEach(() => {
  test.skip(istNow().getUTCDay() === 0, 'Sunday is a holiday in India: no attendance is marked today');
});

test('marked with the network off: saved on this phone, nothing sent; network back: sent and the message gone (360 px)', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const { id: sectionId, students } = seed.sections.A!;
  const page = await signIn(browser, seed.teacher);
  await openMark(page, 'A');

  await page.context().setOffline(true);
  await page.getByRole('button', { name: 'Arjun Rao: Present' }).tap();
  await expect(page.getByText('Present 2 · Absent 1 · Late 0 · Half day 0 · Leave 0')).toBeVisible();
  await page.getByRole('button', { name: EN['mark.save'] }).tap();

  // The screen says what waits, and where; the students' rows keep her marks.
  const waiting = page.getByTestId('offline-waiting');
  await expect(waiting).toHaveText(EN['phone.queued']!);
  await expect(page.locator('.vd-toast-title', { hasText: EN['phone.queued']! })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Arjun Rao: Absent' })).toBeVisible();
  // Nothing reached the server; the phone holds the marks, the section and the date, and no token.
  expect((await serverDay(request, sectionId)).marked).toBe(false);
  const held = await queuedOnPhone(page);
  expect(held).toHaveLength(1);
  expect(statuses(held[0]!)).toEqual({ [students.Arjun!]: 'absent', [students.Bala!]: 'present', [students.Chetan!]: 'present' });
  const tokens = await page.evaluate(() => Object.values(localStorage).filter((v) => v.length > 40));
  for (const token of tokens) expect(JSON.stringify(held)).not.toContain(token);
  expect(Object.keys(held[0]!).sort()).toEqual(['basedOn', 'date', 'id', 'owner', 'queuedAt', 'records', 'schoolId', 'sectionId', 'state']);

  // Today's page (already loaded, so it opens offline) counts the days waiting.
  await page.getByRole('link', { name: EN['mark.back'] }).tap();
  const queue = page.getByTestId('offline-queue');
  await expect(queue).toContainText('1 day saved on this phone — will send when online');
  const pendingLink = queue.getByRole('link', { name: EN['pending.open'] });
  expect((await pendingLink.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await docScreenshot(page, { path: join(ROOT, 'docs', 'screens', 'attendance-offline-phone-360-en.png'), fullPage: false });

  // The network returns: the day is sent, the message goes, the server has her marks.
  await page.context().setOffline(false);
  await expect(queue).toHaveCount(0);
  await expect(page.getByTestId('section-Class 6-A').getByText(EN['today.marked']!, { exact: true })).toBeVisible();
  const day = await serverDay(request, sectionId);
  expect(statuses(day)).toEqual({ [students.Arjun!]: 'absent', [students.Bala!]: 'present', [students.Chetan!]: 'present' });
  expect(await queuedOnPhone(page)).toEqual([]);
  await page.context().close();
});

test('a day the school saved meanwhile: its marks beside hers, overwrite with mine (360 px)', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const { id: sectionId, students } = seed.sections.B!;
  const page = await signIn(browser, seed.teacher);
  await openMark(page, 'B');
  await page.context().setOffline(true);
  await page.getByRole('button', { name: 'Bala Rao: Present' }).tap();
  await page.getByRole('button', { name: EN['mark.save'] }).tap();
  await expect(page.getByTestId('offline-waiting')).toHaveText(EN['phone.queued']!);

  // Meanwhile the office saves the day from school: everyone present.
  const date = istNow().toISOString().slice(0, 10);
  await api(request, 'PUT', `/schools/${seed.schoolId}/sections/${sectionId}/attendance/${date}`, seed.adminToken, {
    records: Object.values(students).map((studentId) => ({ studentId, status: 'present' })),
  });

  // Back online: the server refuses to overwrite silently; the day waits as a conflict.
  await page.context().setOffline(false);
  const waiting = page.getByTestId('offline-waiting');
  await expect(waiting).toHaveAttribute('data-state', 'conflict');
  expect(statuses(await serverDay(request, sectionId))[students.Bala!]).toBe('present');
  await waiting.getByRole('link', { name: EN['pending.open'] }).tap();

  const conflict = page.locator('[data-testid^="conflict-"]');
  await expect(conflict).toContainText(EN['pending.server']!);
  await expect(conflict).toContainText('Present 3 · Absent 0 · Late 0 · Half day 0 · Leave 0');
  await expect(conflict).toContainText(EN['phone.mine']!);
  await expect(conflict).toContainText('Present 2 · Absent 1 · Late 0 · Half day 0 · Leave 0');
  await expect(conflict).toContainText('Bala Rao: server Present, yours Absent');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await docScreenshot(page, { path: join(ROOT, 'docs', 'screens', 'attendance-offline-conflict-360-en.png'), fullPage: true });

  const overwrite = conflict.getByRole('button', { name: EN['pending.overwrite'] });
  expect((await overwrite.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  expect((await conflict.getByRole('button', { name: EN['pending.keepServer'] }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await overwrite.tap();
  await expect(page.getByText(EN['pending.empty.title']!)).toBeVisible();
  expect(statuses(await serverDay(request, sectionId))).toEqual({ [students.Arjun!]: 'present', [students.Bala!]: 'absent', [students.Chetan!]: 'present' });
  expect(await queuedOnPhone(page)).toEqual([]);
  await page.context().close();
});

test('in Hindi: saved on this phone; signing out clears the days waiting on the phone', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const { id: sectionId } = seed.sections.C!;
  const page = await signIn(browser, seed.teacher);
  await openMark(page, 'C');
  await page.getByRole('button', { name: 'हिन्दी' }).first().tap();
  await expect(page.getByText(HI['mark.allPresent']!)).toBeVisible();
  await page.context().setOffline(true);
  await page.locator('.att-student-button').nth(2).tap();
  await page.getByRole('button', { name: HI['mark.save'] }).tap();
  await expect(page.getByTestId('offline-waiting')).toHaveText(HI['phone.queued']!);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(await queuedOnPhone(page)).toHaveLength(1);

  const signOut = page.getByRole('button', { name: WS_HI['shell.signOut'] });
  expect((await signOut.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await signOut.tap();
  await expect(page).not.toHaveURL(/\/workspace\//);
  await expect.poll(() => queuedOnPhone(page)).toEqual([]);

  // Nothing is sent later either: the day never reaches the server.
  await page.context().setOffline(false);
  await page.goto(`${seed.portal}/sign-in`);
  expect(await queuedOnPhone(page)).toEqual([]);
  expect((await serverDay(request, sectionId)).marked).toBe(false);
  await page.context().close();
});
