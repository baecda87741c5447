import { Injectable } from '@nestjs/common';
import { CATALOGUE_CLASSES } from '@vidyalaya/shared';
import { type ApplicationStatus, type StudentSort, type StudentStatus } from '@vidyalaya/shared/students';
import { DataSource } from 'typeorm';
import { Repository } from '../../database/repository';

/** A student's columns as the service reads them (never the Aadhaar cipher or hash). */
export interface StudentRow {
  id: string;
  admission_number: string;
  first_name: string;
  last_name: string | null;
  date_of_birth: string;
  gender: 'male' | 'female' | 'other';
  status: StudentStatus;
  left_on: string | null;
  leaving_reason: string | null;
  academic_year_id: string | null;
  academic_year: string | null;
  class_id: string | null;
  class_name: string | null;
  section_id: string | null;
  section_name: string | null;
  roll_number: number | null;
  pen: string | null;
  apaar_id: string | null;
  aadhaar_last4: string | null;
  mother_tongue: string | null;
  social_category: 'general' | 'sc' | 'st' | 'obc' | null;
  religion: string | null;
  blood_group: 'A+' | 'A-' | 'B+' | 'B-' | 'AB+' | 'AB-' | 'O+' | 'O-' | null;
  cwsn: boolean;
  rte: boolean;
  bpl: boolean;
  address1: string | null;
  locality: string | null;
  city: string | null;
  state: string | null;
  pin_code: string | null;
  admission_date: string | null;
  created_at: Date;
  updated_at: Date;
  has_photo: boolean;
  guardians: GuardianRow[];
}

export interface GuardianRow {
  id: string;
  position: number;
  name: string;
  relation: 'father' | 'mother' | 'guardian';
  phone: string;
  email: string | null;
}

export interface StudentListRow {
  id: string;
  admission_number: string;
  first_name: string;
  last_name: string | null;
  gender: 'male' | 'female' | 'other';
  date_of_birth: string;
  status: StudentStatus;
  class_id: string | null;
  class_name: string | null;
  section_id: string | null;
  section_name: string | null;
  roll_number: number | null;
  guardian_name: string | null;
  guardian_phone: string | null;
  rte: boolean;
}

export interface SectionInfo {
  section_id: string;
  section_name: string;
  class_id: string;
  class_name: string;
  academic_year_id: string;
  academic_year: string;
}

/** A student row to insert (the service fills every column; ids are made by the service). */
export interface NewStudent {
  id: string;
  admission_number: string;
  first_name: string;
  last_name: string | null;
  date_of_birth: string;
  gender: string;
  academic_year_id: string;
  class_id: string;
  section_id: string;
  roll_number: number | null;
  pen: string | null;
  apaar_id: string | null;
  aadhaar_cipher: string | null; // hex
  aadhaar_last4: string | null;
  aadhaar_hmac: string | null; // hex
  mother_tongue: string | null;
  social_category: string | null;
  religion: string | null;
  blood_group: string | null;
  cwsn: boolean;
  rte: boolean;
  bpl: boolean;
  address1: string | null;
  locality: string | null;
  city: string | null;
  state: string | null;
  pin_code: string | null;
  admission_date: string | null;
  application_id: string | null;
  search_text: string;
}

export interface NewGuardian {
  student_id: string;
  position: number;
  name: string;
  relation: string;
  phone: string;
  email: string | null;
}

export interface ApplicationRow {
  id: string;
  application_number: string;
  status: ApplicationStatus;
  first_name: string;
  last_name: string | null;
  date_of_birth: string;
  gender: 'male' | 'female' | 'other';
  class_applied: string;
  guardian_name: string;
  guardian_relation: 'father' | 'mother' | 'guardian';
  guardian_phone: string;
  guardian_email: string;
  rte: boolean;
  consent_at: Date;
  consent_purpose: string;
  consent_policy_version: string;
  rejection_reason: string | null;
  student_id: string | null;
  decided_at: Date | null;
  created_at: Date;
}

/** Who may see which students: everyone in the school, a guardian's own children, a teacher's sections. */
export type StudentScope = { kind: 'all' } | { kind: 'guardian'; userId: string } | { kind: 'teacher'; userId: string; assignmentsKnown: boolean };

const STUDENT_COLUMNS = `st.id, st.admission_number, st.first_name, st.last_name, st.date_of_birth::text AS date_of_birth, st.gender, st.status,
  st.left_on::text AS left_on, st.leaving_reason, st.academic_year_id, y.name AS academic_year, st.class_id, c.name AS class_name,
  st.section_id, se.name AS section_name, st.roll_number, st.pen, st.apaar_id, st.aadhaar_last4, st.mother_tongue, st.social_category,
  st.religion, st.blood_group, st.cwsn, st.rte, st.bpl, st.address1, st.locality, st.city, st.state, st.pin_code,
  st.admission_date::text AS admission_date, st.created_at, st.updated_at,
  EXISTS (SELECT 1 FROM student_photos p WHERE p.school_id = st.school_id AND p.student_id = st.id) AS has_photo,
  COALESCE((SELECT json_agg(json_build_object('id', g.id, 'position', g.position, 'name', g.name, 'relation', g.relation,
                                              'phone', g.phone, 'email', g.email) ORDER BY g.position)
              FROM student_guardians g WHERE g.school_id = st.school_id AND g.student_id = st.id), '[]'::json) AS guardians`;

const STUDENT_JOINS = `LEFT JOIN classes c ON c.school_id = st.school_id AND c.id = st.class_id
  LEFT JOIN sections se ON se.school_id = st.school_id AND se.id = st.section_id
  LEFT JOIN academic_years y ON y.school_id = st.school_id AND y.id = st.academic_year_id`;

const APPLICATION_COLUMNS = `id, application_number, status, first_name, last_name, date_of_birth::text AS date_of_birth, gender, class_applied,
  guardian_name, guardian_relation, guardian_phone, guardian_email, rte, consent_at, consent_purpose, consent_policy_version,
  rejection_reason, student_id, decided_at, created_at`;

const NEW_STUDENT_RECORD = `id uuid, admission_number text, first_name text, last_name text, date_of_birth date, gender text,
  academic_year_id uuid, class_id uuid, section_id uuid, roll_number int, pen text, apaar_id text, aadhaar_cipher text,
  aadhaar_last4 text, aadhaar_hmac text, mother_tongue text, social_category text, religion text, blood_group text,
  cwsn boolean, rte boolean, bpl boolean, address1 text, locality text, city text, state text, pin_code text,
  admission_date date, application_id uuid, search_text text`;

const SORTS: Record<StudentSort, string> = {
  name: 'lower(st.first_name), lower(st.last_name) NULLS FIRST',
  admissionNumber: 'lower(st.admission_number)',
  rollNumber: 'st.roll_number NULLS LAST',
  class: 'array_position($CAT::text[], c.name::text) NULLS LAST, lower(se.name) NULLS LAST, st.roll_number NULLS LAST',
  createdAt: 'st.created_at',
};

/** Escapes LIKE's wildcards so a search for `50%` matches the text `50%`. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** Every query on the students, guardians, enrolments, sequences and applications tables. The school is the bound one (`this.schoolId`). */
@Injectable()
export class StudentsRepository extends Repository {
  constructor(db: DataSource) {
    super(db);
  }

  /** SQL limiting `st` to what the scope may see; its parameter is appended to `params`. */
  private scopeSql(scope: StudentScope, params: unknown[]): string {
    if (scope.kind === 'all') return 'true';
    if (scope.kind === 'teacher' && !scope.assignmentsKnown) return 'false';
    params.push(scope.userId);
    const p = `$${params.length}`;
    if (scope.kind === 'guardian') {
      return `EXISTS (SELECT 1 FROM student_guardian_users gu WHERE gu.school_id = st.school_id AND gu.student_id = st.id AND gu.user_id = ${p})`;
    }
    return `st.section_id IN (
      SELECT ct.section_id FROM section_class_teachers ct JOIN staff sf ON sf.school_id = ct.school_id AND sf.id = ct.staff_id
       WHERE ct.school_id = st.school_id AND sf.user_id = ${p}
      UNION
      SELECT ta.section_id FROM teaching_assignments ta JOIN staff sf ON sf.school_id = ta.school_id AND sf.id = ta.staff_id
       WHERE ta.school_id = st.school_id AND sf.user_id = ${p})`;
  }

  /** Whether the staff module's assignment tables exist (they arrive with the staff and timetable issue). */
  async teacherAssignmentsExist(): Promise<boolean> {
    const row = await this.one<{ ok: boolean }>(
      `SELECT to_regclass('section_class_teachers') IS NOT NULL AND to_regclass('teaching_assignments') IS NOT NULL AND to_regclass('staff') IS NOT NULL AS ok`,
    );
    return row?.ok ?? false;
  }

  // ── students ────────────────────────────────────────────────────────────
  async list(
    scope: StudentScope,
    q: { search?: string; classId?: string; sectionId?: string; status: StudentStatus | 'all'; sort: StudentSort; order: 'asc' | 'desc'; page: number; pageSize: number },
  ): Promise<{ rows: StudentListRow[]; total: number }> {
    const params: unknown[] = [this.schoolId, q.status === 'all' ? null : q.status, q.classId ?? null, q.sectionId ?? null];
    let search = q.search?.toLowerCase() ?? '';
    if (/^[\d\s+-]+$/.test(search)) search = search.replace(/[\s-]/g, '').replace(/^\+91/, '');
    params.push(search ? `%${likeEscape(search)}%` : null);
    const scopeSql = this.scopeSql(scope, params);
    const whereParamCount = params.length;
    let order = SORTS[q.sort];
    if (order.includes('$CAT')) {
      params.push([...CATALOGUE_CLASSES]);
      order = order.replace('$CAT', `$${params.length}`);
    }
    const dir = q.order === 'desc' ? ' DESC' : '';
    const orderBy = order
      .split(', ')
      .map((part) => (part.includes('NULLS') ? part.replace(' NULLS', `${dir} NULLS`) : `${part}${dir}`))
      .join(', ');
    params.push(q.pageSize, (q.page - 1) * q.pageSize);
    const where = `st.school_id = $1 AND ($2::text IS NULL OR st.status = $2) AND ($3::uuid IS NULL OR st.class_id = $3)
        AND ($4::uuid IS NULL OR st.section_id = $4) AND ($5::text IS NULL OR st.search_text LIKE $5) AND ${scopeSql}`;
    const rows = await this.rows<StudentListRow & { total: number }>(
      `SELECT st.id, st.admission_number, st.first_name, st.last_name, st.gender, st.date_of_birth::text AS date_of_birth, st.status,
              st.class_id, c.name AS class_name, st.section_id, se.name AS section_name, st.roll_number, st.rte,
              g.name AS guardian_name, g.phone AS guardian_phone, count(*) OVER ()::int AS total
         FROM students st
         LEFT JOIN classes c ON c.school_id = st.school_id AND c.id = st.class_id
         LEFT JOIN sections se ON se.school_id = st.school_id AND se.id = st.section_id
         LEFT JOIN student_guardians g ON g.school_id = st.school_id AND g.student_id = st.id AND g.position = 0
        WHERE ${where}
        ORDER BY ${orderBy}, st.id
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    if (rows.length > 0 || q.page === 1) return { rows, total: rows[0]?.total ?? 0 };
    const whereParams = params.slice(0, whereParamCount);
    const n = await this.one<{ n: number }>(`SELECT count(*)::int AS n FROM students st WHERE ${where}`, whereParams);
    return { rows, total: n?.n ?? 0 };
  }

  /**
   * The active students of the classes, in the register's name order within each class (as `list`
   * answers one class's, page after page), in one statement: the fees' defaulters read a whole school at once.
   */
  activeOfClasses(scope: StudentScope, classIds: string[]): Promise<StudentListRow[]> {
    const params: unknown[] = [this.schoolId, classIds];
    const scopeSql = this.scopeSql(scope, params);
    return this.rows<StudentListRow>(
      `SELECT st.id, st.admission_number, st.first_name, st.last_name, st.gender, st.date_of_birth::text AS date_of_birth, st.status,
              st.class_id, c.name AS class_name, st.section_id, se.name AS section_name, st.roll_number, st.rte,
              g.name AS guardian_name, g.phone AS guardian_phone
         FROM students st
         LEFT JOIN classes c ON c.school_id = st.school_id AND c.id = st.class_id
         LEFT JOIN sections se ON se.school_id = st.school_id AND se.id = st.section_id
         LEFT JOIN student_guardians g ON g.school_id = st.school_id AND g.student_id = st.id AND g.position = 0
        WHERE st.school_id = $1 AND st.status = 'active' AND st.class_id = ANY($2::uuid[]) AND ${scopeSql}
        ORDER BY st.class_id, ${SORTS.name}, st.id`,
      params,
    );
  }

  find(id: string, scope: StudentScope = { kind: 'all' }): Promise<StudentRow | null> {
    const params: unknown[] = [this.schoolId, id];
    const scopeSql = this.scopeSql(scope, params);
    return this.one<StudentRow>(`SELECT ${STUDENT_COLUMNS} FROM students st ${STUDENT_JOINS} WHERE st.school_id = $1 AND st.id = $2 AND ${scopeSql}`, params);
  }

  findMany(ids: string[]): Promise<StudentRow[]> {
    return this.rows<StudentRow>(`SELECT ${STUDENT_COLUMNS} FROM students st ${STUDENT_JOINS} WHERE st.school_id = $1 AND st.id = ANY($2::uuid[])`, [this.schoolId, ids]);
  }

  /** Every active student, for the UDISE+ export (with the Aadhaar cipher when asked). */
  activeForExport(): Promise<(StudentRow & { aadhaar_cipher: Buffer | null })[]> {
    return this.rows(
      `SELECT ${STUDENT_COLUMNS}, st.aadhaar_cipher FROM students st ${STUDENT_JOINS}
        WHERE st.school_id = $1 AND st.status = 'active'
        ORDER BY array_position($2::text[], c.name::text) NULLS LAST, lower(se.name) NULLS LAST, st.roll_number NULLS LAST, lower(st.first_name)`,
      [this.schoolId, [...CATALOGUE_CLASSES]],
    );
  }

  async aadhaarCipher(id: string): Promise<Buffer | null> {
    const row = await this.one<{ aadhaar_cipher: Buffer | null }>(`SELECT aadhaar_cipher FROM students WHERE school_id = $1 AND id = $2`, [this.schoolId, id]);
    return row?.aadhaar_cipher ?? null;
  }

  /** Locks the school row (every change to the active count takes it first) and answers its count and limit. */
  async lockSchool(): Promise<{ active: number; max: number }> {
    const row = await this.one<{ active_students: number; max_students: number }>(
      `SELECT active_students, max_students FROM schools WHERE id = $1 FOR UPDATE`,
      [this.schoolId],
    );
    return { active: row?.active_students ?? 0, max: row?.max_students ?? 0 };
  }

  async counts(): Promise<{ active: number; max: number }> {
    const row = await this.one<{ active_students: number; max_students: number }>(`SELECT active_students, max_students FROM schools WHERE id = $1`, [this.schoolId]);
    return { active: row?.active_students ?? 0, max: row?.max_students ?? 0 };
  }

  /** The admission numbers (lower-cased) of `numbers` that already exist in the school. */
  async existingAdmissionNumbers(numbers: string[]): Promise<Set<string>> {
    if (numbers.length === 0) return new Set();
    const rows = await this.rows<{ n: string }>(
      `SELECT lower(admission_number) AS n FROM students WHERE school_id = $1 AND lower(admission_number) = ANY($2::text[])`,
      [this.schoolId, numbers.map((n) => n.toLowerCase())],
    );
    return new Set(rows.map((r) => r.n));
  }

  /** The student holding an admission number (case-insensitive), with their status. */
  holderOfAdmissionNumber(number: string): Promise<{ id: string; first_name: string; last_name: string | null; status: string } | null> {
    return this.one(`SELECT id, first_name, last_name, status FROM students WHERE school_id = $1 AND lower(admission_number) = lower($2)`, [this.schoolId, number]);
  }

  /** Which of these Aadhaar hashes (hex) a student of the school other than `exceptId` already has. */
  async existingAadhaarHashes(hashesHex: string[], exceptId: string | null = null): Promise<Set<string>> {
    if (hashesHex.length === 0) return new Set();
    const rows = await this.rows<{ h: string }>(
      `SELECT encode(aadhaar_hmac, 'hex') AS h FROM students
        WHERE school_id = $1 AND aadhaar_hmac = ANY(SELECT decode(x, 'hex') FROM unnest($2::text[]) x) AND ($3::uuid IS NULL OR id <> $3)`,
      [this.schoolId, hashesHex, exceptId],
    );
    return new Set(rows.map((r) => r.h));
  }

  async insertStudents(students: NewStudent[], guardians: NewGuardian[], now: Date): Promise<void> {
    if (students.length === 0) return;
    await this.m.query(
      `INSERT INTO students (school_id, id, admission_number, first_name, last_name, date_of_birth, gender, academic_year_id, class_id,
                             section_id, roll_number, pen, apaar_id, aadhaar_cipher, aadhaar_last4, aadhaar_hmac, mother_tongue,
                             social_category, religion, blood_group, cwsn, rte, bpl, address1, locality, city, state, pin_code,
                             admission_date, application_id, search_text, created_at, updated_at)
       SELECT $1, x.id, x.admission_number, x.first_name, x.last_name, x.date_of_birth, x.gender, x.academic_year_id, x.class_id,
              x.section_id, x.roll_number, x.pen, x.apaar_id, decode(x.aadhaar_cipher, 'hex'), x.aadhaar_last4, decode(x.aadhaar_hmac, 'hex'),
              x.mother_tongue, x.social_category, x.religion, x.blood_group, x.cwsn, x.rte, x.bpl, x.address1, x.locality, x.city,
              x.state, x.pin_code, x.admission_date, x.application_id, x.search_text, $3, $3
         FROM jsonb_to_recordset($2::jsonb) AS x(${NEW_STUDENT_RECORD})`,
      [this.schoolId, JSON.stringify(students), now],
    );
    await this.m.query(
      `INSERT INTO student_enrolments (school_id, student_id, academic_year_id, class_id, section_id, roll_number, created_at)
       SELECT $1, x.id, x.academic_year_id, x.class_id, x.section_id, x.roll_number, $3
         FROM jsonb_to_recordset($2::jsonb) AS x(id uuid, academic_year_id uuid, class_id uuid, section_id uuid, roll_number int)`,
      [this.schoolId, JSON.stringify(students.map((s) => ({ id: s.id, academic_year_id: s.academic_year_id, class_id: s.class_id, section_id: s.section_id, roll_number: s.roll_number }))), now],
    );
    await this.insertGuardians(guardians);
  }

  async insertGuardians(guardians: NewGuardian[]): Promise<void> {
    if (guardians.length === 0) return;
    await this.m.query(
      `INSERT INTO student_guardians (school_id, student_id, position, name, relation, phone, email)
       SELECT $1, x.student_id, x.position, x.name, x.relation, x.phone, x.email
         FROM jsonb_to_recordset($2::jsonb) AS x(student_id uuid, position int, name text, relation text, phone text, email text)`,
      [this.schoolId, JSON.stringify(guardians)],
    );
  }

  async replaceGuardians(studentId: string, guardians: NewGuardian[]): Promise<void> {
    await this.m.query(`DELETE FROM student_guardians WHERE school_id = $1 AND student_id = $2`, [this.schoolId, studentId]);
    await this.insertGuardians(guardians);
  }

  /** Sets columns of one student (names are the service's constants, never input). */
  async update(id: string, columns: Record<string, unknown>, now: Date): Promise<void> {
    const entries = Object.entries(columns);
    const sets = entries.map(([col], i) => `${col} = $${i + 4}`);
    await this.m.query(
      `UPDATE students SET ${[...sets, 'updated_at = $3'].join(', ')} WHERE school_id = $1 AND id = $2`,
      [this.schoolId, id, now, ...entries.map(([, v]) => v)],
    );
  }

  async upsertEnrolment(studentId: string, s: SectionInfo, rollNumber: number | null, now: Date): Promise<void> {
    await this.m.query(
      `INSERT INTO student_enrolments (school_id, student_id, academic_year_id, class_id, section_id, roll_number, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (school_id, student_id, academic_year_id) DO UPDATE SET class_id = EXCLUDED.class_id, section_id = EXCLUDED.section_id,
         roll_number = EXCLUDED.roll_number`,
      [this.schoolId, studentId, s.academic_year_id, s.class_id, s.section_id, rollNumber, now],
    );
  }

  enrolments(studentId: string) {
    return this.rows<{
      academic_year: string;
      class_id: string;
      class_name: string;
      section_id: string;
      section_name: string;
      roll_number: number | null;
      created_at: Date;
      result: 'pass' | 'fail' | null;
      result_grade: string | null;
      attendance_percent: string | null;
      is_current: boolean;
    }>(
      `SELECT y.name AS academic_year, e.class_id, c.name AS class_name, e.section_id, se.name AS section_name, e.roll_number, e.created_at,
              e.result, e.result_grade, e.attendance_percent, y.is_current
         FROM student_enrolments e
         JOIN academic_years y ON y.school_id = e.school_id AND y.id = e.academic_year_id
         JOIN classes c ON c.school_id = e.school_id AND c.id = e.class_id
         JOIN sections se ON se.school_id = e.school_id AND se.id = e.section_id
        WHERE e.school_id = $1 AND e.student_id = $2
        ORDER BY y.starts_on DESC`,
      [this.schoolId, studentId],
    );
  }

  // ── photos ──────────────────────────────────────────────────────────────
  async setPhoto(studentId: string, contentType: string, bytes: Buffer, now: Date): Promise<void> {
    await this.m.query(
      `INSERT INTO student_photos (school_id, student_id, content_type, bytes, updated_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (school_id, student_id) DO UPDATE SET content_type = EXCLUDED.content_type, bytes = EXCLUDED.bytes, updated_at = EXCLUDED.updated_at`,
      [this.schoolId, studentId, contentType, bytes, now],
    );
  }

  async removePhoto(studentId: string): Promise<boolean> {
    const rows = await this.rows<{ student_id: string }>(`DELETE FROM student_photos WHERE school_id = $1 AND student_id = $2 RETURNING student_id`, [this.schoolId, studentId]);
    return rows.length > 0;
  }

  photo(studentId: string): Promise<{ content_type: string; bytes: Buffer; updated_at: Date } | null> {
    return this.one(`SELECT content_type, bytes, updated_at FROM student_photos WHERE school_id = $1 AND student_id = $2`, [this.schoolId, studentId]);
  }

  // ── sections ────────────────────────────────────────────────────────────
  section(sectionId: string): Promise<SectionInfo | null> {
    return this.one<SectionInfo>(
      `SELECT s.id AS section_id, s.name AS section_name, c.id AS class_id, c.name AS class_name, y.id AS academic_year_id, y.name AS academic_year
         FROM sections s JOIN classes c ON c.id = s.class_id AND c.school_id = s.school_id
         JOIN academic_years y ON y.school_id = c.school_id AND y.name = c.academic_year
        WHERE s.school_id = $1 AND s.id = $2`,
      [this.schoolId, sectionId],
    );
  }

  /** The sections of the school's current academic year (or its newest one with classes). */
  currentYearSections(): Promise<SectionInfo[]> {
    return this.rows<SectionInfo>(
      `WITH year AS (
         SELECT y.id, y.name FROM academic_years y
          WHERE y.school_id = $1 AND EXISTS (SELECT 1 FROM classes c WHERE c.school_id = y.school_id AND c.academic_year = y.name)
          ORDER BY y.is_current DESC, y.starts_on DESC LIMIT 1)
       SELECT s.id AS section_id, s.name AS section_name, c.id AS class_id, c.name AS class_name, year.id AS academic_year_id, year.name AS academic_year
         FROM year JOIN classes c ON c.school_id = $1 AND c.academic_year = year.name
         JOIN sections s ON s.school_id = c.school_id AND s.class_id = c.id`,
      [this.schoolId],
    );
  }

  // ── sequences ───────────────────────────────────────────────────────────
  async numbering(name: string): Promise<{ prefix: string; digits: number; next_value: number }> {
    const row = await this.one<{ prefix: string; digits: number; next_value: string }>(
      `SELECT prefix, digits, next_value FROM school_sequences WHERE school_id = $1 AND name = $2`,
      [this.schoolId, name],
    );
    return row ? { prefix: row.prefix, digits: row.digits, next_value: Number(row.next_value) } : { prefix: '', digits: 4, next_value: 1 };
  }

  async setNumbering(name: string, n: { prefix: string; digits: number; nextValue: number }): Promise<void> {
    await this.m.query(
      `INSERT INTO school_sequences (school_id, name, prefix, digits, next_value) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (school_id, name) DO UPDATE SET prefix = EXCLUDED.prefix, digits = EXCLUDED.digits, next_value = EXCLUDED.next_value`,
      [this.schoolId, name, n.prefix, n.digits, n.nextValue],
    );
  }

  /** Takes `count` consecutive values of a sequence (locking its row) and answers the first with the pattern. */
  async take(name: string, count: number, defaults: { prefix: string; digits: number }): Promise<{ first: number; prefix: string; digits: number }> {
    const [row] = await this.rows<{ next_value: string; prefix: string; digits: number }>(
      `INSERT INTO school_sequences AS q (school_id, name, prefix, digits, next_value) VALUES ($1, $2, $4, $5, 1 + $3)
       ON CONFLICT (school_id, name) DO UPDATE SET next_value = q.next_value + $3
       RETURNING q.next_value, q.prefix, q.digits`,
      [this.schoolId, name, count, defaults.prefix, defaults.digits],
    );
    return { first: Number(row.next_value) - count, prefix: row.prefix, digits: row.digits };
  }

  // ── applications ────────────────────────────────────────────────────────
  async activeSchoolBySubdomain(subdomain: string): Promise<{ id: string; name: string; subdomain: string } | null> {
    return this.one(`SELECT id, name, subdomain FROM schools WHERE lower(subdomain) = lower($1) AND is_active`, [subdomain]);
  }

  /** An active school's public front-door details (the portal page). */
  frontDoor(subdomain: string) {
    return this.one<{
      name: string; subdomain: string; level: string; board: string | null; affiliation_number: string | null; principal_name: string | null;
      email: string | null; phone_numbers: string[]; address1: string; address2: string | null; locality: string; landmark: string | null;
      city: string; state: string; pin_code: string;
    }>(
      `SELECT name, subdomain, level, board, affiliation_number, principal_name, email, phone_numbers, address1, address2, locality, landmark,
              city, state, pin_code
         FROM schools WHERE lower(subdomain) = lower($1) AND is_active`,
      [subdomain],
    );
  }

  schoolOf(): Promise<{ name: string; subdomain: string } | null> {
    return this.one(`SELECT name, subdomain FROM schools WHERE id = $1`, [this.schoolId]);
  }

  async insertApplication(
    a: {
      applicationNumber: string;
      firstName: string;
      lastName: string | null;
      dateOfBirth: string;
      gender: string;
      classApplied: string;
      guardian: { name: string; relation: string; phone: string; email: string };
      rte: boolean;
      consentPurpose: string;
      consentPolicyVersion: string;
      now: Date;
    },
  ): Promise<ApplicationRow> {
    const [row] = await this.rows<ApplicationRow>(
      `INSERT INTO admission_applications (school_id, application_number, first_name, last_name, date_of_birth, gender, class_applied,
          guardian_name, guardian_relation, guardian_phone, guardian_email, rte, consent_at, consent_purpose, consent_policy_version,
          created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $13, $13)
       RETURNING ${APPLICATION_COLUMNS}`,
      [
        this.schoolId,
        a.applicationNumber,
        a.firstName,
        a.lastName,
        a.dateOfBirth,
        a.gender,
        a.classApplied,
        a.guardian.name,
        a.guardian.relation,
        a.guardian.phone,
        a.guardian.email,
        a.rte,
        a.now,
        a.consentPurpose,
        a.consentPolicyVersion,
      ],
    );
    return row;
  }

  async listApplications(status: ApplicationStatus | 'all', page: number, pageSize: number): Promise<{ rows: ApplicationRow[]; total: number }> {
    const rows = await this.rows<ApplicationRow>(
      `SELECT ${APPLICATION_COLUMNS} FROM admission_applications WHERE school_id = $1 AND ($2::text = 'all' OR status = $2::text)
        ORDER BY created_at DESC, id LIMIT $3 OFFSET $4`,
      [this.schoolId, status, pageSize, (page - 1) * pageSize],
    );
    const n = await this.one<{ n: number }>(`SELECT count(*)::int AS n FROM admission_applications WHERE school_id = $1 AND ($2::text = 'all' OR status = $2::text)`, [this.schoolId, status]);
    return { rows, total: n?.n ?? 0 };
  }

  findApplication(id: string, lock = false): Promise<ApplicationRow | null> {
    return this.one<ApplicationRow>(`SELECT ${APPLICATION_COLUMNS} FROM admission_applications WHERE school_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`, [
      this.schoolId,
      id,
    ]);
  }

  async decideApplication(
    id: string,
    d: { status: ApplicationStatus; reason?: string | null; studentId?: string | null; by: string | null; now: Date },
  ): Promise<ApplicationRow> {
    const [row] = await this.rows<ApplicationRow>(
      `UPDATE admission_applications SET status = $3::text, rejection_reason = $4::text, student_id = $5::uuid,
              decided_by = CASE WHEN $3::text IN ('admitted', 'rejected') THEN $6::uuid ELSE decided_by END,
              decided_at = CASE WHEN $3::text IN ('admitted', 'rejected') THEN $7::timestamptz ELSE decided_at END, updated_at = $7
        WHERE school_id = $1 AND id = $2 RETURNING ${APPLICATION_COLUMNS}`,
      [this.schoolId, id, d.status, d.reason ?? null, d.studentId ?? null, d.by, d.now],
    );
    return row;
  }

  // ── provider staff ──────────────────────────────────────────────────────
  async setMaxStudents(max: number, staffId: string, now: Date): Promise<{ before: number } | null> {
    const row = await this.one<{ max_students: number }>(`SELECT max_students FROM schools WHERE id = $1 FOR UPDATE`, [this.schoolId]);
    if (!row) return null;
    await this.m.query(`UPDATE schools SET max_students = $2, updated_at = $3 WHERE id = $1`, [this.schoolId, max, now]);
    await this.m.query(`INSERT INTO school_decisions (school_id, decision, reason, decided_by, decided_at) VALUES ($1, 'student_limit', $2, $3, $4)`, [
      this.schoolId,
      `Student limit changed from ${row.max_students} to ${max}`,
      staffId,
      now,
    ]);
    return { before: row.max_students };
  }
}
