import { uniq, type SchoolWithMembers, type TestApp } from '../support/app';

export interface TimetableSchool {
  classId: string;
  sections: Record<'A' | 'B' | 'C' | 'D', string>;
  subjects: Record<'MATH' | 'ENG' | 'SCI' | 'HIN', string>;
}

/** Class 7 of 2026-27 with sections A–D teaching Mathematics, English, Science and Hindi, inserted directly. */
export async function addClass7(t: TestApp, s: SchoolWithMembers): Promise<TimetableSchool> {
  const [c] = await t.db.query(`INSERT INTO classes (school_id, academic_year, name) VALUES ($1, '2026-27', 'Class 7') RETURNING id`, [s.schoolId]);
  const sections = {} as TimetableSchool['sections'];
  for (const name of ['A', 'B', 'C', 'D'] as const) {
    const [row] = await t.db.query(`INSERT INTO sections (class_id, name) VALUES ($1, $2) RETURNING id`, [c.id, name]);
    sections[name] = row.id;
  }
  const rows: { id: string; code: string }[] = await t.db.query(`SELECT id, code FROM global_subjects WHERE code IN ('MATH', 'ENG', 'SCI', 'HIN')`);
  const subjects = Object.fromEntries(rows.map((r) => [r.code, r.id])) as TimetableSchool['subjects'];
  for (const id of Object.values(subjects)) await t.db.query(`INSERT INTO class_subjects (class_id, subject_id) VALUES ($1, $2)`, [c.id, id]);
  return { classId: c.id, sections, subjects };
}

/** Mon–Fri six periods with a lunch break; a shorter Saturday of four. */
export const BELL = {
  schedules: [
    {
      name: 'Weekdays',
      days: [1, 2, 3, 4, 5],
      periods: [1, 2, 3, 4, 5, 6].map((p) => ({ period: p, startsAt: `${String(7 + p).padStart(2, '0')}:00`, endsAt: `${String(7 + p).padStart(2, '0')}:40` })),
      breaks: [{ name: 'Lunch', startsAt: '11:45', endsAt: '11:55' }],
    },
    {
      name: 'Saturday',
      days: [6],
      periods: [1, 2, 3, 4].map((p) => ({ period: p, startsAt: `${String(7 + p).padStart(2, '0')}:00`, endsAt: `${String(7 + p).padStart(2, '0')}:35` })),
      breaks: [],
    },
  ],
  dailyLoadLimit: null as number | null,
};

export const code = () => `E${uniq().slice(0, 8)}`;
