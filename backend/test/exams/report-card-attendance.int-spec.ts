import { AttendanceService } from '../../src/modules/attendance/attendance.service';
import { createSchoolWithMembers, startTestApp, type SchoolWithMembers, type TestApp } from '../support/app';
import { pdfText } from './pdf-text';
import { runInSchool } from '../../src/common/request-context';

// The school's "today": Tuesday 24 November 2026, 11:30 in India (as the attendance tests).
const NOW = Date.parse('2026-11-24T06:00:00Z');

/**
 * The report card's attendance line comes from the attendance module: the same figure as the
 * register's percentage, (present + late + ½ half day) ÷ working days, holidays excluded, counted
 * from the section's first marked day (or the child's admission, when later) up to today.
 */
describe('report cards: the attendance line from the attendance module', () => {
  let t: TestApp;
  let a: SchoolWithMembers;
  let b: SchoolWithMembers;
  let sectionA: string;
  let sectionB: string;
  let mathId: string;
  const st = {} as Record<'asha' | 'ravi' | 'kabir', string>;

  const url = (path: string, s: SchoolWithMembers = a) => `/schools/${s.schoolId}${path}`;
  const admin = () => a.members.admin.token;

  async function ok<T = any>(method: string, path: string, token: string, body?: unknown, status = 200): Promise<T> {
    const res = await t.call(method, path, { token, body });
    if (res.status !== status) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.data;
  }

  async function download(path: string, token: string): Promise<{ status: number; bytes: Buffer }> {
    const res = await fetch(`${t.baseUrl}/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
  }

  beforeAll(async () => {
    t = await startTestApp({ JOBS_POLL_MS: '50' });
    t.clock.advance(NOW - Date.now());
    a = await createSchoolWithMembers(t);
    b = await createSchoolWithMembers(t);
    const [c] = await t.db.query(`INSERT INTO classes (school_id, academic_year, name) VALUES ($1, '2026-27', 'Class 7') RETURNING id`, [a.schoolId]);
    const [sa] = await t.db.query(`INSERT INTO sections (class_id, name) VALUES ($1, 'A') RETURNING id`, [c.id]);
    const [sb] = await t.db.query(`INSERT INTO sections (class_id, name) VALUES ($1, 'B') RETURNING id`, [c.id]);
    sectionA = sa.id;
    sectionB = sb.id;
    const [math] = await t.db.query(`SELECT id FROM global_subjects WHERE code = 'MATH'`);
    mathId = math.id;
    await t.db.query(`INSERT INTO class_subjects (class_id, subject_id) VALUES ($1, $2)`, [c.id, mathId]);
    const people: [keyof typeof st, string, string, number, string, string | undefined][] = [
      ['asha', 'Asha', 'Verma', 1, sectionA, undefined],
      // Admitted on Wednesday 18 November: counted from that day, as in the register.
      ['ravi', 'Ravi', 'Kumar', 2, sectionA, '2026-11-18'],
      ['kabir', 'Kabir', 'Singh', 1, sectionB, undefined],
    ];
    for (const [key, firstName, lastName, rollNumber, sectionId, admissionDate] of people) {
      const d = await ok(
        'POST',
        url('/students'),
        admin(),
        { firstName, lastName, dateOfBirth: '2014-06-02', gender: 'female', sectionId, rollNumber, admissionDate, guardians: [{ name: `${firstName}'s Mother`, relation: 'mother', phone: '9876543210' }] },
        201,
      );
      st[key] = d.student.id;
    }
    await t.db.query(`INSERT INTO student_guardian_users (school_id, student_id, user_id) VALUES ($1, $2, $3)`, [a.schoolId, st.asha, a.members.guardian.id]);
    await ok('POST', url('/calendar-events'), admin(), { title: 'Guru Nanak Jayanti', kind: 'holiday', startsOn: '2026-11-19' }, 201);
  });
  afterAll(() => t.close());

  it('marks attendance through the API; the report card (English and Hindi) and the section job show the figures', async () => {
    // 7 A's register begins on Monday 16 November. Working days to today: 16, 17, 18, 20, 21, 23, 24
    // (19th a holiday, 22nd a Sunday) = 7.
    const asha: Record<string, string> = {
      '2026-11-16': 'present',
      '2026-11-17': 'late',
      '2026-11-18': 'half_day',
      '2026-11-20': 'absent',
      '2026-11-21': 'present',
      '2026-11-23': 'leave',
      '2026-11-24': 'present',
    };
    for (const [date, status] of Object.entries(asha)) {
      const records = [{ studentId: st.asha, status }, ...(date >= '2026-11-18' ? [{ studentId: st.ravi, status: 'present' }] : [])];
      await ok('PUT', url(`/sections/${sectionA}/attendance/${date}`), admin(), { records });
    }
    const holiday = await t.call('PUT', url(`/sections/${sectionA}/attendance/2026-11-19`), { token: admin(), body: { records: [{ studentId: st.asha, status: 'present' }] } });
    expect(holiday.status).toBe(422);
    expect(holiday.body.error.code).toBe('ATTENDANCE_HOLIDAY');

    // Asha: (3 present + 1 late + ½ half day) ÷ 7 = 64.29 %, the student figure of the attendance module.
    const running = await ok('GET', url(`/students/${st.asha}/attendance`), admin());
    expect(running.attendance).toMatchObject({ workingDays: 7, percentage: 64.29 });

    // The context-free read the report card uses: Ravi from his admission (5 days, all present);
    // Kabir's section keeps no register (nothing counted); another school or year: nothing.
    const attendance = t.app.get(AttendanceService);
    expect(await runInSchool(a.schoolId, () => attendance.yearSummary(st.asha, '2026-27'))).toEqual({ workingDays: 7, present: 4.5, percentage: 64.29 });
    expect(await runInSchool(a.schoolId, () => attendance.yearSummary(st.ravi, '2026-27'))).toEqual({ workingDays: 5, present: 5, percentage: 100 });
    expect(await runInSchool(a.schoolId, () => attendance.yearSummary(st.kabir, '2026-27'))).toBeNull();
    expect(await runInSchool(b.schoolId, () => attendance.yearSummary(st.asha, '2026-27'))).toBeNull();
    expect(await runInSchool(a.schoolId, () => attendance.yearSummary(st.asha, '2025-26'))).toBeNull();

    const en = await download(url(`/students/${st.asha}/report-card?academicYear=2026-27`), admin());
    expect(en.status).toBe(200);
    const text = await pdfText(en.bytes);
    expect(text).toContain('Asha Verma');
    expect(text).toContain('Attendance: 4.5/7 days (64.29%)');
    const hi = await download(url(`/students/${st.asha}/report-card?academicYear=2026-27&lang=hi`), admin());
    expect(hi.status).toBe(200);
    expect(await pdfText(hi.bytes)).toMatch(/4\.5\/7\s*\S*\s*\(64\.29%\)/);
    expect(await pdfText((await download(url(`/students/${st.kabir}/report-card?academicYear=2026-27`), admin())).bytes)).toContain('Attendance: Not available');

    // The section's cards in the background job (no request context): each child's own figure.
    const started = await ok('POST', url(`/sections/${sectionA}/report-cards`), admin(), { academicYear: '2026-27' }, 202);
    let job: any;
    for (let i = 0; i < 200; i += 1) {
      job = await ok('GET', url(`/jobs/${started.job.id}`), admin());
      if (job.state === 'completed' || job.state === 'failed') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(job).toMatchObject({ state: 'completed' });
    const section = await pdfText((await download(job.resultUrl.replace('/api/v1', ''), admin())).bytes);
    expect(section).toContain('Attendance: 4.5/7 days (64.29%)');
    expect(section).toContain('Attendance: 5/5 days (100.00%)');
  });

  it('a published card read by the guardian carries the attendance line too', async () => {
    const { exam } = await ok('POST', url('/exams'), admin(), { name: 'Term 1', academicYear: '2026-27', classIds: [(await t.db.query(`SELECT class_id FROM sections WHERE id = $1`, [sectionA]))[0].class_id], components: [{ name: 'Exam', maxMarks: 100 }] }, 201);
    await ok('PUT', url(`/exams/${exam.id}/marks`), admin(), { sectionId: sectionA, subjectId: mathId, marks: [{ studentId: st.asha, component: 'Exam', marks: 88 }] });
    // Only Asha's Mathematics is entered: the admin publishes knowingly.
    await ok('POST', url(`/exams/${exam.id}/publish`), admin(), { allowIncomplete: true });
    const card = await download(url(`/students/${st.asha}/report-card?academicYear=2026-27`), a.members.guardian.token);
    expect(card.status).toBe(200);
    const text = await pdfText(card.bytes);
    expect(text).toMatch(/Mathematics\s+88\/100\s+A2/);
    expect(text).toContain('Attendance: 4.5/7 days (64.29%)');
  });
});
