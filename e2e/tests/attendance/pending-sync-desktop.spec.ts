import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { approveSchool, createClassesApi, createSchoolApi, createSectionsApi, defaultAcademicYear, loginApi, staffToken, verifiedUser } from '../app/support/api';
import { api } from '../app/support/workspace';
import { APP_BASE, createMainProcess, ensureDesktopBuilt, PORT, SERVER, type MainProcess } from '../desktop/support';
import { docScreenshot } from '../../screens';

/**
 * Issue 16, the desktop app's "pending sync" screen, in Chromium: the built desktop renderer with
 * `window.desktop` bound to the main process's own IPC handlers and its own offline queue (see
 * ../desktop/support.ts), against the real server. Two days were queued on "this computer": one
 * goes through; the other meets a day someone saved meanwhile, shown as a conflict with the
 * server's marks beside the queued ones, and "Overwrite with mine" sends the queued marks.
 */
test.describe.configure({ mode: 'serial' });
const EN = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'web', 'src', 'features', 'attendance', 'i18n', 'en.json'), 'utf8')) as Record<string, string>;

let main: MainProcess;
test.beforeAll(async () => {
  test.setTimeout(600_000);
  ensureDesktopBuilt();
  main = createMainProcess({ attendanceFile: join(mkdtempSync(join(tmpdir(), 'att-pending-')), 'attendance-queue.json') });
});
test.afterAll(async () => main?.cleanUp());

test('pending sync: queued days, a conflict shown as the server’s marks beside mine, overwrite with mine (360 px)', async ({ browser, request }) => {
  test.skip(new Date(Date.now() + 330 * 60_000).getUTCDay() === 0, 'Sunday is a holiday in India: no attendance is marked today');
  test.setTimeout(240_000);
  const admin = await verifiedUser(request, 'attsync');
  const tokens = await loginApi(request, admin);
  const token = tokens.accessToken;
  const school = await createSchoolApi(request, token);
  await approveSchool(request, await staffToken(request), school.id);
  const year = defaultAcademicYear();
  await createClassesApi(request, token, school.id, year, ['Class 5']);
  await createSectionsApi(request, token, school.id, year, [{ className: 'Class 5', sectionNames: ['A', 'B'] }]);
  const { classes } = await api<{ classes: { name: string; sections: { id: string; name: string }[] }[] }>(request, 'GET', `/school/classes-sections/${school.id}`, token);
  const sections = classes.find((c) => c.name === 'Class 5')!.sections;
  const secA = sections.find((s) => s.name === 'A')!.id;
  const secB = sections.find((s) => s.name === 'B')!.id;
  const student = async (firstName: string, sectionId: string) =>
    (
      await api<{ student: { id: string } }>(request, 'POST', `/schools/${school.id}/students`, token, {
        firstName,
        lastName: 'Rao',
        dateOfBirth: '2016-07-01',
        gender: 'male',
        sectionId,
        guardians: [{ name: 'Suresh Rao', relation: 'father', phone: '9876543210' }],
      })
    ).student.id;
  const arjun = await student('Arjun', secA);
  const bala = await student('Bala', secA);
  const chetan = await student('Chetan', secB);
  const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

  // Someone at school saves section A's day: everyone present.
  await api(request, 'PUT', `/schools/${school.id}/sections/${secA}/attendance/${today}`, token, {
    records: [
      { studentId: arjun, status: 'present' },
      { studentId: bala, status: 'present' },
    ],
  });

  // Meanwhile this computer, offline, queued section A (started from an unmarked day) and section B.
  main.settings.save({ serverUrl: SERVER, appDomain: `localhost:${PORT}` });
  await main.vault.set(SERVER, { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
  const queuedA = main.attendance!.enqueue({
    schoolId: school.id,
    sectionId: secA,
    date: today,
    records: [
      { studentId: arjun, status: 'absent' },
      { studentId: bala, status: 'present' },
    ],
    basedOn: null,
  });
  main.attendance!.enqueue({ schoolId: school.id, sectionId: secB, date: today, records: [{ studentId: chetan, status: 'absent' }], basedOn: null });
  expect(main.attendance!.list().map((i) => i.state)).toEqual(['queued', 'queued']);

  const context = await browser.newContext({ viewport: { width: 360, height: 760 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.log(`[page error] ${e.message}`));
  await main.attach(page);
  await page.goto(`${APP_BASE}desktop.html#/workspace/${school.id}/attendance/pending`);
  await expect(page.getByRole('heading', { level: 1, name: EN['pending.title'] })).toBeVisible();

  // Opening the screen sends what is queued: B goes through; A is a conflict, kept and shown.
  const item = page.getByTestId(`pending-${queuedA.id}`);
  await expect(item).toHaveAttribute('data-state', 'conflict');
  await expect(item).toContainText('Class 5 – A');
  await expect(item).toContainText('2 students');
  await expect(page.locator('[data-testid^="pending-"]')).toHaveCount(1);
  const conflict = page.getByTestId(`conflict-${queuedA.id}`);
  await expect(conflict).toContainText(EN['pending.server']!);
  await expect(conflict).toContainText('Present 2 · Absent 0 · Late 0 · Half day 0 · Leave 0');
  await expect(conflict).toContainText(EN['pending.mine']!);
  await expect(conflict).toContainText('Present 1 · Absent 1 · Late 0 · Half day 0 · Leave 0');
  await expect(conflict).toContainText('Arjun Rao: server Present, yours Absent');
  const dayB = await api<{ attendance: { counts: { absent: number } } }>(request, 'GET', `/schools/${school.id}/sections/${secB}/attendance/${today}`, token);
  expect(dayB.attendance.counts.absent).toBe(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await docScreenshot(page, { path: join(__dirname, '..', '..', '..', 'docs', 'screens', 'attendance-pending-sync-360-en.png'), fullPage: true });

  // The user chooses their own marks: sent on top of the server's version.
  const overwrite = conflict.getByRole('button', { name: EN['pending.overwrite'] });
  expect((await overwrite.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await overwrite.tap();
  await expect(page.getByText(EN['pending.empty.title']!)).toBeVisible();
  expect(main.attendance!.list()).toEqual([]);
  const dayA = await api<{ attendance: { records: { studentId: string; status: string }[] } }>(request, 'GET', `/schools/${school.id}/sections/${secA}/attendance/${today}`, token);
  expect(Object.fromEntries(dayA.attendance.records.map((r) => [r.studentId, r.status]))).toEqual({ [arjun]: 'absent', [bala]: 'present' });
  await context.close();
});
