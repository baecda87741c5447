import { pdfText } from '../exams/pdf-text';
import { createSchoolWithMembers, startTestApp, type SchoolWithMembers, type TestApp } from '../support/app';
import { addClass7, BELL, code, type TimetableSchool } from './fixtures';

describe('the printed timetable: a section’s, a teacher’s and the whole school’s week as an A4 landscape PDF', () => {
  let t: TestApp;
  let a: SchoolWithMembers;
  let b: SchoolWithMembers;
  let k: TimetableSchool;
  const staff: Record<string, string> = {};

  const url = (path: string, s: SchoolWithMembers = a) => `/schools/${s.schoolId}${path}`;
  const admin = () => a.members.admin.token;

  async function download(path: string, token: string): Promise<{ status: number; type: string | null; disposition: string | null; bytes: Buffer; body?: any }> {
    const res = await fetch(`${t.baseUrl}/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
    const bytes = Buffer.from(await res.arrayBuffer());
    const type = res.headers.get('content-type');
    return { status: res.status, type, disposition: res.headers.get('content-disposition'), bytes, body: type?.includes('json') ? JSON.parse(bytes.toString()) : undefined };
  }

  async function addStaff(name: string): Promise<string> {
    const res = await t.call('POST', url('/staff'), { token: admin(), body: { employeeCode: code(), name } });
    if (res.status !== 201) throw new Error(`staff answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.data.staff.id;
  }

  beforeAll(async () => {
    t = await startTestApp();
    a = await createSchoolWithMembers(t);
    b = await createSchoolWithMembers(t);
    await t.db.query(`UPDATE schools SET name = 'Saraswati Vidya Mandir' WHERE id = $1`, [a.schoolId]);
    k = await addClass7(t, a);
    staff.asha = await addStaff('Asha Verma');
    staff.ravi = await addStaff('Ravi Kumar');
    expect((await t.call('PUT', url('/bell-schedules'), { token: admin(), body: BELL })).status).toBe(200);
    const saveA = await t.call('PUT', url(`/sections/${k.sections.A}/timetable`), {
      token: admin(),
      body: {
        slots: [
          { day: 1, period: 1, subjectId: k.subjects.MATH, teacherId: staff.asha },
          { day: 1, period: 2, subjectId: k.subjects.ENG, teacherId: staff.ravi },
          { day: 6, period: 4, subjectId: k.subjects.SCI, teacherId: staff.ravi },
        ],
      },
    });
    expect(saveA.status).toBe(200);
    const saveB = await t.call('PUT', url(`/sections/${k.sections.B}/timetable`), {
      token: admin(),
      body: { slots: [{ day: 2, period: 3, subjectId: k.subjects.HIN, teacherId: staff.asha }] },
    });
    expect(saveB.status).toBe(200);
  });
  afterAll(() => t.close());

  it('a section’s week: a PDF with the school, the section, the days, the periods with their times, the subject and teacher in each lesson', async () => {
    const pdf = await download(url(`/sections/${k.sections.A}/timetable/pdf`), admin());
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.disposition).toBe('inline; filename="timetable-Class-7-A.pdf"');
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // A4 landscape: 842 × 595 points.
    expect(pdf.bytes.toString('latin1')).toMatch(/\/MediaBox \[0 0 841\.89 595\.28\]/);
    const text = await pdfText(pdf.bytes);
    expect(text).toContain('Saraswati Vidya Mandir');
    expect(text).toContain('Timetable · Class 7 A');
    expect(text).toContain('Academic year 2026-27');
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']) expect(text).toContain(day);
    for (const p of [1, 2, 3, 4, 5, 6]) expect(text).toContain(`Period ${p}`);
    expect(text).toContain('08:00–08:40');
    expect(text).toMatch(/Mathematics[\s\S]*Asha Verma/);
    expect(text).toMatch(/English[\s\S]*Ravi Kumar/);
    expect(text).toContain('Science');
    // Section B's lesson is not on A's page.
    expect(text).not.toContain('Hindi');
  });

  it('?lang=hi: Hindi labels in the embedded Devanagari font; names as typed', async () => {
    const pdf = await download(url(`/sections/${k.sections.A}/timetable/pdf?lang=hi`), a.members.teacher.token);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.bytes.toString('latin1')).toMatch(/NotoSansDevanagari/);
    const text = await pdfText(pdf.bytes);
    expect(text).toContain('Saraswati Vidya Mandir');
    expect(text).toContain('Asha Verma');
    expect(text).toContain('Mathematics');
    expect(text).not.toContain('Monday');
    expect(text).not.toContain('Period 1');
    const bad = await download(url(`/sections/${k.sections.A}/timetable/pdf?lang=fr`), admin());
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual({ lang: 'Language must be en or hi' });
  });

  it('a teacher’s week (subject and class in each lesson) and the whole school (a page per section)', async () => {
    const mine = await download(url(`/staff/${staff.asha}/timetable/pdf`), admin());
    expect(mine.status).toBe(200);
    expect(mine.type).toBe('application/pdf');
    expect(mine.disposition).toBe('inline; filename="timetable-Asha-Verma.pdf"');
    const text = await pdfText(mine.bytes);
    expect(text).toContain('Timetable · Asha Verma');
    expect(text).toMatch(/Mathematics[\s\S]*Class 7 A/);
    expect(text).toMatch(/Hindi[\s\S]*Class 7 B/);
    expect(text).not.toContain('English');

    const school = await download(url('/timetable/pdf'), a.members.office.token);
    expect(school.status).toBe(200);
    expect(school.type).toBe('application/pdf');
    const all = await pdfText(school.bytes);
    for (const s of ['A', 'B', 'C', 'D']) expect(all).toContain(`Timetable · Class 7 ${s}`);
    expect(all).toContain('Ravi Kumar');
    expect((school.bytes.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length).toBe(4);
  });

  it('who may: a guardian gets no teacher’s or school’s PDF, nor a section without their child; another school sees nothing', async () => {
    const guardian = a.members.guardian.token;
    expect((await download(url(`/sections/${k.sections.A}/timetable/pdf`), guardian)).status).toBe(404);
    expect((await download(url(`/staff/${staff.asha}/timetable/pdf`), guardian)).status).toBe(403);
    expect((await download(url('/timetable/pdf'), guardian)).status).toBe(403);
    const foreign = await download(url(`/sections/${k.sections.A}/timetable/pdf`, b), b.members.admin.token);
    expect(foreign.status).toBe(404);
    expect(foreign.type).toMatch(/^application\/json/);
    expect((await download(url(`/staff/${staff.asha}/timetable/pdf`, b), b.members.admin.token)).status).toBe(404);
  });
});
