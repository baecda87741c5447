import { verhoeffCheckDigit } from '@vidyalaya/shared';
import { uniq, type SchoolWithMembers, type TestApp } from '../support/app';

/** A valid Aadhaar number (Verhoeff check digit appended) from an 11-digit base not starting with 0 or 1. */
export function aadhaarOf(base11: string): string {
  return base11 + verhoeffCheckDigit(base11);
}

/** A fresh valid Aadhaar number. */
export function freshAadhaar(): string {
  const base = `${2 + Math.floor(Math.random() * 7)}${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;
  return aadhaarOf(base);
}

export interface Sections {
  classId: string;
  a: string;
  b: string;
  otherClassId: string;
  c: string;
}

/** Class 5 (sections A and B) and Class 6 (section A) in the school's 2026-27 year. */
export async function addSections(t: TestApp, s: SchoolWithMembers): Promise<Sections> {
  const [c5] = await t.db.query(`INSERT INTO classes (school_id, academic_year, name) VALUES ($1, '2026-27', 'Class 5') RETURNING id`, [s.schoolId]);
  const [c6] = await t.db.query(`INSERT INTO classes (school_id, academic_year, name) VALUES ($1, '2026-27', 'Class 6') RETURNING id`, [s.schoolId]);
  const [a] = await t.db.query(`INSERT INTO sections (class_id, name) VALUES ($1, 'A') RETURNING id`, [c5.id]);
  const [b] = await t.db.query(`INSERT INTO sections (class_id, name) VALUES ($1, 'B') RETURNING id`, [c5.id]);
  const [c] = await t.db.query(`INSERT INTO sections (class_id, name) VALUES ($1, 'A') RETURNING id`, [c6.id]);
  return { classId: c5.id, a: a.id, b: b.id, otherClassId: c6.id, c: c.id };
}

export function studentBody(sectionId: string, extra: Record<string, unknown> = {}) {
  return {
    firstName: 'Aarav',
    lastName: `Sharma${uniq().slice(0, 4)}`,
    dateOfBirth: '2016-05-14',
    gender: 'male',
    sectionId,
    guardians: [{ name: 'Rakesh Sharma', relation: 'father', phone: '+91 98765 43210', email: 'rakesh@example.test' }],
    ...extra,
  };
}

/** Inserts `n` active students straight into the table (for the limit tests). */
export async function fillStudents(t: TestApp, schoolId: string, n: number, prefix = 'F'): Promise<void> {
  await t.db.query(
    `INSERT INTO students (school_id, admission_number, first_name, date_of_birth, gender)
     SELECT $1, $3 || g, 'Filler', '2015-01-01', 'female' FROM generate_series(1, $2) g`,
    [schoolId, n, `${prefix}${uniq().slice(0, 5)}-`],
  );
}
