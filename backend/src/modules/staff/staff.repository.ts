import { Injectable } from '@nestjs/common';
import type { StaffStatus } from '@vidyalaya/shared/staff';
import { DataSource } from 'typeorm';
import { classOrderSql, naturalOrderSql } from '../../common/sql/school-order';
import { Repository } from '../../database/repository';

export interface StaffRow {
  id: string;
  employee_code: string;
  name: string;
  designation: string | null;
  subject_ids: string[];
  qualification: string | null;
  joining_date: string | null;
  phone: string | null;
  email: string | null;
  user_id: string | null;
  status: StaffStatus;
  created_at: Date;
  updated_at: Date;
}

export interface StaffFields {
  employeeCode: string;
  name: string;
  designation: string | null;
  subjectIds: string[];
  qualification: string | null;
  joiningDate: string | null;
  phone: string | null;
  email: string | null;
  userId: string | null;
  status: StaffStatus;
}

export interface AssignmentRow {
  section_id: string;
  section_name: string;
  class_id: string;
  class_name: string;
  academic_year: string;
  subject_id: string;
  subject_name: string;
  staff_id: string;
  staff_name: string;
}

const STAFF_COLUMNS = `id, employee_code, name, designation, subject_ids::text[] AS subject_ids, qualification,
  to_char(joining_date, 'YYYY-MM-DD') AS joining_date, phone, email, user_id, status, created_at, updated_at`;

/** Every query on `staff`, `section_class_teachers` and `teaching_assignments`. The school is the bound one (`this.schoolId`). */
@Injectable()
export class StaffRepository extends Repository {
  constructor(db: DataSource) {
    super(db);
  }

  async list(f: { search?: string; status: StaffStatus | 'all' }, page: number, pageSize: number): Promise<{ rows: StaffRow[]; total: number }> {
    const where = `school_id = $1 AND ($2::text = 'all' OR status = $2)
      AND ($3::text IS NULL OR lower(name) LIKE '%' || lower($3) || '%' OR lower(employee_code) LIKE lower($3) || '%')`;
    const search = f.search ? f.search.replace(/[\\%_]/g, (c) => `\\${c}`) : null;
    const params = [this.schoolId, f.status, search];
    const rows = await this.rows<StaffRow>(`SELECT ${STAFF_COLUMNS} FROM staff WHERE ${where} ORDER BY lower(name), id LIMIT $4 OFFSET $5`, [
      ...params,
      pageSize,
      (page - 1) * pageSize,
    ]);
    const total = await this.one<{ n: number }>(`SELECT count(*)::int AS n FROM staff WHERE ${where}`, params);
    return { rows, total: total?.n ?? 0 };
  }

  find(id: string, lock = false): Promise<StaffRow | null> {
    return this.one<StaffRow>(`SELECT ${STAFF_COLUMNS} FROM staff WHERE school_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`, [this.schoolId, id]);
  }

  findByUser(userId: string): Promise<StaffRow | null> {
    return this.one<StaffRow>(`SELECT ${STAFF_COLUMNS} FROM staff WHERE school_id = $1 AND user_id = $2`, [this.schoolId, userId]);
  }

  /** Another staff record with this code (ignoring case), if any. */
  async codeTaken(code: string, exceptId: string | null): Promise<boolean> {
    const row = await this.one(`SELECT 1 FROM staff WHERE school_id = $1 AND lower(employee_code) = lower($2) AND id IS DISTINCT FROM $3::uuid`, [
      this.schoolId,
      code,
      exceptId,
    ]);
    return row !== null;
  }

  /** The member's role in the school (a staff record signs in only with a staff member's account). */
  async memberRole(userId: string): Promise<string | null> {
    const row = await this.one<{ role: string }>(`SELECT role FROM school_members WHERE school_id = $1 AND user_id = $2`, [this.schoolId, userId]);
    return row?.role ?? null;
  }

  async userLinked(userId: string, exceptId: string | null): Promise<boolean> {
    const row = await this.one(`SELECT 1 FROM staff WHERE school_id = $1 AND user_id = $2 AND id IS DISTINCT FROM $3::uuid`, [this.schoolId, userId, exceptId]);
    return row !== null;
  }

  /** The ids among `ids` that are not global subjects. */
  async unknownSubjects(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.rows<{ id: string }>(`SELECT id::text AS id FROM global_subjects WHERE id = ANY($1::uuid[])`, [ids]);
    const known = new Set(rows.map((r) => r.id));
    return ids.filter((id) => !known.has(id));
  }

  async create(s: StaffFields, now: Date): Promise<StaffRow> {
    const [row] = await this.rows<StaffRow>(
      `INSERT INTO staff (school_id, employee_code, name, designation, subject_ids, qualification, joining_date, phone, email, user_id, status, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5::uuid[], $6, $7, $8, $9, $10, $11, $12, $12) RETURNING ${STAFF_COLUMNS}`,
      [this.schoolId, s.employeeCode, s.name, s.designation, s.subjectIds, s.qualification, s.joiningDate, s.phone, s.email, s.userId, s.status, now],
    );
    return row;
  }

  async update(id: string, s: StaffFields, now: Date): Promise<StaffRow> {
    const [row] = await this.rows<StaffRow>(
      `UPDATE staff SET employee_code = $3, name = $4, designation = $5, subject_ids = $6::uuid[], qualification = $7, joining_date = $8,
              phone = $9, email = $10, user_id = $11, status = $12, updated_at = $13
        WHERE school_id = $1 AND id = $2 RETURNING ${STAFF_COLUMNS}`,
      [this.schoolId, id, s.employeeCode, s.name, s.designation, s.subjectIds, s.qualification, s.joiningDate, s.phone, s.email, s.userId, s.status, now],
    );
    return row;
  }

  // ── class teachers ──────────────────────────────────────────────────────
  classTeacher(sectionId: string): Promise<{ staff_id: string; name: string } | null> {
    return this.one(
      `SELECT ct.staff_id, s.name FROM section_class_teachers ct JOIN staff s ON s.school_id = ct.school_id AND s.id = ct.staff_id
        WHERE ct.school_id = $1 AND ct.section_id = $2`,
      [this.schoolId, sectionId],
    );
  }

  async setClassTeacher(sectionId: string, staffId: string | null): Promise<void> {
    if (staffId === null) {
      await this.m.query(`DELETE FROM section_class_teachers WHERE school_id = $1 AND section_id = $2`, [this.schoolId, sectionId]);
      return;
    }
    await this.m.query(
      `INSERT INTO section_class_teachers (school_id, section_id, staff_id) VALUES ($1, $2, $3)
       ON CONFLICT (school_id, section_id) DO UPDATE SET staff_id = EXCLUDED.staff_id`,
      [this.schoolId, sectionId, staffId],
    );
  }

  // ── teaching assignments ────────────────────────────────────────────────
  /** The current academic year's name, or null. */
  async currentYear(): Promise<string | null> {
    const row = await this.one<{ name: string }>(`SELECT name FROM academic_years WHERE school_id = $1 AND is_current`, [this.schoolId]);
    return row?.name ?? null;
  }

  assignments(f: { academicYear: string | null; sectionId?: string; staffId?: string }): Promise<AssignmentRow[]> {
    return this.rows<AssignmentRow>(
      `SELECT ta.section_id, sec.name AS section_name, c.id AS class_id, c.name AS class_name, c.academic_year,
              ta.subject_id, g.name AS subject_name, ta.staff_id, st.name AS staff_name
         FROM teaching_assignments ta
         JOIN sections sec ON sec.school_id = ta.school_id AND sec.id = ta.section_id
         JOIN classes c ON c.id = sec.class_id
         JOIN global_subjects g ON g.id = ta.subject_id
         JOIN staff st ON st.school_id = ta.school_id AND st.id = ta.staff_id
        WHERE ta.school_id = $1 AND ($2::text IS NULL OR c.academic_year = $2)
          AND ($3::uuid IS NULL OR ta.section_id = $3) AND ($4::uuid IS NULL OR ta.staff_id = $4)
        ORDER BY c.academic_year, ${classOrderSql('c.name')}, ${naturalOrderSql('sec.name')}, g.sort_order`,
      [this.schoolId, f.academicYear, f.sectionId ?? null, f.staffId ?? null],
    );
  }

  classTeachers(academicYear: string | null): Promise<{ section_id: string; staff_id: string; name: string }[]> {
    return this.rows(
      `SELECT ct.section_id, ct.staff_id, st.name
         FROM section_class_teachers ct
         JOIN sections sec ON sec.school_id = ct.school_id AND sec.id = ct.section_id
         JOIN classes c ON c.id = sec.class_id
         JOIN staff st ON st.school_id = ct.school_id AND st.id = ct.staff_id
        WHERE ct.school_id = $1 AND ($2::text IS NULL OR c.academic_year = $2)`,
      [this.schoolId, academicYear],
    );
  }

  /** Which of the (section, subject) pairs are not taught in the section's class. */
  async pairsNotInClass(pairs: { sectionId: string; subjectId: string }[]): Promise<Set<string>> {
    if (pairs.length === 0) return new Set();
    const rows = await this.rows<{ key: string }>(
      `SELECT p.section_id::text || ':' || p.subject_id::text AS key
         FROM unnest($2::uuid[], $3::uuid[]) AS p(section_id, subject_id)
         JOIN sections sec ON sec.school_id = $1 AND sec.id = p.section_id
        WHERE NOT EXISTS (SELECT 1 FROM class_subjects cs WHERE cs.class_id = sec.class_id AND cs.subject_id = p.subject_id)`,
      [this.schoolId, pairs.map((p) => p.sectionId), pairs.map((p) => p.subjectId)],
    );
    return new Set(rows.map((r) => r.key));
  }

  async setAssignment(sectionId: string, subjectId: string, staffId: string | null): Promise<void> {
    if (staffId === null) {
      await this.m.query(`DELETE FROM teaching_assignments WHERE school_id = $1 AND section_id = $2 AND subject_id = $3`, [this.schoolId, sectionId, subjectId]);
      return;
    }
    await this.m.query(
      `INSERT INTO teaching_assignments (school_id, section_id, subject_id, staff_id) VALUES ($1, $2, $3, $4)
       ON CONFLICT (school_id, section_id, subject_id) DO UPDATE SET staff_id = EXCLUDED.staff_id`,
      [this.schoolId, sectionId, subjectId, staffId],
    );
  }

  /** The sections a member is class teacher of, through their linked staff record. */
  async classTeacherSectionsOf(userId: string): Promise<string[]> {
    const rows = await this.rows<{ section_id: string }>(
      `SELECT ct.section_id FROM section_class_teachers ct JOIN staff st ON st.school_id = ct.school_id AND st.id = ct.staff_id
        WHERE ct.school_id = $1 AND st.user_id = $2`,
      [this.schoolId, userId],
    );
    return rows.map((r) => r.section_id);
  }

  /** The sections a member teaches or is class teacher of, through their linked staff record. */
  async sectionsTaughtBy(userId: string): Promise<string[]> {
    const rows = await this.rows<{ section_id: string }>(
      `SELECT ta.section_id FROM teaching_assignments ta JOIN staff st ON st.school_id = ta.school_id AND st.id = ta.staff_id
        WHERE ta.school_id = $1 AND st.user_id = $2
       UNION
       SELECT ct.section_id FROM section_class_teachers ct JOIN staff st ON st.school_id = ct.school_id AND st.id = ct.staff_id
        WHERE ct.school_id = $1 AND st.user_id = $2
       UNION
       SELECT ts.section_id FROM timetable_slots ts JOIN staff st ON st.school_id = ts.school_id AND st.id = ts.staff_id
        WHERE ts.school_id = $1 AND st.user_id = $2`,
      [this.schoolId, userId],
    );
    return rows.map((r) => r.section_id);
  }
}
