import { Injectable } from '@nestjs/common';
import type { ConsentKind, ConsentStatus, DataRequestKind, DataRequestStatus } from '@vidyalaya/shared/guardians';
import { DataSource } from 'typeorm';
import { Repository } from '../../database/repository';

export interface StudentEmailRow {
  student_id: string;
  student_name: string;
  email: string | null;
  guardian_name: string;
  /** Whether an account with this e-mail is already linked to the student. */
  linked: boolean;
}

export interface GuardianAccountRow {
  user_id: string;
  linked_at: Date;
}

export interface MyChildRow {
  school_id: string;
  school_name: string;
  subdomain: string;
  student_id: string;
  first_name: string;
  last_name: string | null;
  admission_number: string;
  class_id: string | null;
  class_name: string | null;
  section_id: string | null;
  section_name: string | null;
  status: string;
}

export interface ConsentEventRow {
  id: string;
  student_id: string;
  student_name: string;
  kind: ConsentKind;
  status: ConsentStatus;
  source: 'guardian' | 'school';
  /** Who recorded it (PeopleService names them). */
  recorded_by: string | null;
  note: string | null;
  recorded_at: Date;
}

export interface DataRequestRow {
  id: string;
  student_id: string;
  student_name: string;
  kind: DataRequestKind;
  field: string | null;
  message: string;
  status: DataRequestStatus;
  requested_by: string | null;
  requested_at: Date;
  resolved_by: string | null;
  resolved_at: Date | null;
  resolution_note: string | null;
}

export interface StudentHeldRow {
  id: string;
  name: string;
  [column: string]: unknown;
}

const STUDENT_NAME = `trim(st.first_name || ' ' || coalesce(st.last_name, ''))`;

const CONSENT_COLUMNS = `c.id, c.student_id, ${STUDENT_NAME} AS student_name, c.kind, c.status, c.source, c.recorded_by, c.note, c.recorded_at`;
const CONSENT_FROM = `student_consents c JOIN students st ON st.school_id = c.school_id AND st.id = c.student_id`;

const REQUEST_COLUMNS = `r.id, r.student_id, ${STUDENT_NAME} AS student_name, r.kind, r.field, r.message, r.status,
  r.requested_by, r.requested_at, r.resolved_by, r.resolved_at, r.resolution_note`;
const REQUEST_FROM = `data_requests r JOIN students st ON st.school_id = r.school_id AND st.id = r.student_id`;

/**
 * Every query of the guardians module: guardian accounts' links (`student_guardian_users`), the
 * guardians' e-mails on the students' records (read only), consents and data requests. The school
 * id comes first; `myChildren` alone crosses schools (one account, every school it is a guardian in).
 */
@Injectable()
export class GuardiansRepository extends Repository {
  constructor(db: DataSource) {
    super(db);
  }

  /** The guardians (with their e-mail, if any) of the given students, or of every active student of a section or class. */
  async guardianEmails(by: { studentIds?: string[]; sectionId?: string; classId?: string }): Promise<StudentEmailRow[]> {
    return this.rows<StudentEmailRow>(
      `SELECT st.id AS student_id, ${STUDENT_NAME} AS student_name, lower(g.email) AS email, coalesce(g.name, '') AS guardian_name,
              EXISTS (SELECT 1 FROM student_guardian_users gu JOIN users u ON u.id = gu.user_id
                       WHERE gu.school_id = st.school_id AND gu.student_id = st.id AND lower(u.email) = lower(g.email)) AS linked
         FROM students st
         LEFT JOIN student_guardians g ON g.school_id = st.school_id AND g.student_id = st.id
        WHERE st.school_id = $1
          AND (($2::uuid[] IS NOT NULL AND st.id = ANY($2::uuid[]))
            OR ($3::uuid IS NOT NULL AND st.section_id = $3 AND st.status = 'active')
            OR ($4::uuid IS NOT NULL AND st.class_id = $4 AND st.status = 'active'))
        ORDER BY st.section_id, st.roll_number NULLS LAST, lower(st.first_name), st.id, g.position`,
      [this.schoolId, by.studentIds ?? null, by.sectionId ?? null, by.classId ?? null],
    );
  }

  /** The accounts linked to a student, oldest link first (PeopleService names them). */
  async accounts(studentId: string): Promise<GuardianAccountRow[]> {
    return this.rows<GuardianAccountRow>(
      `SELECT gu.user_id, gu.created_at AS linked_at FROM student_guardian_users gu WHERE gu.school_id = $1 AND gu.student_id = $2 ORDER BY gu.created_at`,
      [this.schoolId, studentId],
    );
  }

  /** Removes a guardian account's link to a student; true when there was one. */
  async unlink(studentId: string, userId: string): Promise<boolean> {
    const rows = await this.rows<{ user_id: string }>(
      `DELETE FROM student_guardian_users WHERE school_id = $1 AND student_id = $2 AND user_id = $3 RETURNING user_id`,
      [this.schoolId, studentId, userId],
    );
    return rows.length > 0;
  }

  /** A guardian's children in every school where they are a guardian (the membership is checked too). */
  async myChildren(userId: string): Promise<MyChildRow[]> {
    return this.rows<MyChildRow>(
      `SELECT s.id AS school_id, s.name AS school_name, s.subdomain, st.id AS student_id, st.first_name, st.last_name, st.admission_number,
              st.class_id, c.name AS class_name, st.section_id, sec.name AS section_name, st.status
         FROM student_guardian_users gu
         JOIN school_members m ON m.school_id = gu.school_id AND m.user_id = gu.user_id AND m.role = 'guardian'
         JOIN schools s ON s.id = gu.school_id
         JOIN students st ON st.school_id = gu.school_id AND st.id = gu.student_id
         LEFT JOIN classes c ON c.school_id = st.school_id AND c.id = st.class_id
         LEFT JOIN sections sec ON sec.school_id = st.school_id AND sec.id = st.section_id
        WHERE gu.user_id = $1
        ORDER BY lower(s.name), lower(st.first_name), st.id`,
      [userId],
    );
  }

  // ── data held and consents ──────────────────────────────────────────────
  /** The student's record as the data-rights page lists it: which fields hold a value (Aadhaar only as held or not). */
  studentHeld(studentId: string): Promise<StudentHeldRow | null> {
    return this.one<StudentHeldRow>(
      `SELECT st.id, ${STUDENT_NAME} AS name, st.first_name, st.last_name, st.date_of_birth, st.gender, st.admission_number, st.admission_date,
              st.class_id, st.section_id, st.roll_number, st.pen, st.apaar_id, st.aadhaar_last4 AS aadhaar, st.mother_tongue, st.social_category,
              st.religion, st.blood_group, st.cwsn, st.rte, st.bpl, st.address1, st.locality, st.city, st.state, st.pin_code,
              (SELECT count(*)::int FROM student_guardians g WHERE g.school_id = st.school_id AND g.student_id = st.id) AS guardians,
              EXISTS (SELECT 1 FROM student_photos p WHERE p.school_id = st.school_id AND p.student_id = st.id) AS photo,
              a.consent_at AS application_consent_at, a.consent_purpose AS application_consent_purpose, a.guardian_name AS application_guardian
         FROM students st
         LEFT JOIN admission_applications a ON a.school_id = st.school_id AND a.id = st.application_id
        WHERE st.school_id = $1 AND st.id = $2`,
      [this.schoolId, studentId],
    );
  }

  consentHistory(studentId: string): Promise<ConsentEventRow[]> {
    return this.rows<ConsentEventRow>(
      `SELECT ${CONSENT_COLUMNS} FROM ${CONSENT_FROM} WHERE c.school_id = $1 AND c.student_id = $2 ORDER BY c.recorded_at DESC, c.id`,
      [this.schoolId, studentId],
    );
  }

  async insertConsent(
    c: { studentId: string; kind: ConsentKind; status: ConsentStatus; source: 'guardian' | 'school'; by: string; note: string | null; at: Date },
  ): Promise<ConsentEventRow> {
    const [{ id }] = await this.rows<{ id: string }>(
      `INSERT INTO student_consents (school_id, student_id, kind, status, source, recorded_by, note, recorded_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [this.schoolId, c.studentId, c.kind, c.status, c.source, c.by, c.note, c.at],
    );
    return (await this.one<ConsentEventRow>(`SELECT ${CONSENT_COLUMNS} FROM ${CONSENT_FROM} WHERE c.school_id = $1 AND c.id = $2`, [this.schoolId, id]))!;
  }

  /** The school's consent events, newest first; `studentIds` narrows to a guardian's children. */
  async consentEvents(
    q: { status?: ConsentStatus; studentIds: string[] | null; page: number; pageSize: number },
  ): Promise<{ rows: ConsentEventRow[]; total: number }> {
    const where = `c.school_id = $1 AND ($2::text IS NULL OR c.status = $2) AND ($3::uuid[] IS NULL OR c.student_id = ANY($3::uuid[]))`;
    const params = [this.schoolId, q.status ?? null, q.studentIds];
    const rows = await this.rows<ConsentEventRow>(
      `SELECT ${CONSENT_COLUMNS} FROM ${CONSENT_FROM} WHERE ${where} ORDER BY c.recorded_at DESC, c.id LIMIT $4 OFFSET $5`,
      [...params, q.pageSize, (q.page - 1) * q.pageSize],
    );
    const total = await this.one<{ n: number }>(`SELECT count(*)::int AS n FROM student_consents c WHERE ${where}`, params);
    return { rows, total: total?.n ?? 0 };
  }

  // ── data requests ───────────────────────────────────────────────────────
  async insertRequest(
    r: { studentId: string; kind: DataRequestKind; field: string | null; message: string; by: string; at: Date },
  ): Promise<DataRequestRow> {
    const [{ id }] = await this.rows<{ id: string }>(
      `INSERT INTO data_requests (school_id, student_id, kind, field, message, requested_by, requested_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [this.schoolId, r.studentId, r.kind, r.field, r.message, r.by, r.at],
    );
    return (await this.findRequest(id))!;
  }

  findRequest(id: string): Promise<DataRequestRow | null> {
    return this.one<DataRequestRow>(`SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_FROM} WHERE r.school_id = $1 AND r.id = $2`, [this.schoolId, id]);
  }

  /** Locks a request's row (in a transaction), so two answers to it run one after the other. */
  async lockRequest(id: string): Promise<void> {
    await this.m.query(`SELECT 1 FROM data_requests WHERE school_id = $1 AND id = $2 FOR UPDATE`, [this.schoolId, id]);
  }

  async requests(
    q: { status: DataRequestStatus | 'all'; studentIds: string[] | null; studentId?: string; page: number; pageSize: number },
  ): Promise<{ rows: DataRequestRow[]; total: number }> {
    const where = `r.school_id = $1 AND ($2 = 'all' OR r.status = $2) AND ($3::uuid[] IS NULL OR r.student_id = ANY($3::uuid[])) AND ($4::uuid IS NULL OR r.student_id = $4)`;
    const params = [this.schoolId, q.status, q.studentIds, q.studentId ?? null];
    const rows = await this.rows<DataRequestRow>(
      `SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_FROM} WHERE ${where} ORDER BY r.requested_at DESC, r.id LIMIT $5 OFFSET $6`,
      [...params, q.pageSize, (q.page - 1) * q.pageSize],
    );
    const total = await this.one<{ n: number }>(`SELECT count(*)::int AS n FROM data_requests r WHERE ${where}`, params);
    return { rows, total: total?.n ?? 0 };
  }

  async resolveRequest(id: string, status: 'resolved' | 'declined', by: string, note: string | null, at: Date): Promise<void> {
    await this.m.query(
      `UPDATE data_requests SET status = $3, resolved_by = $4, resolution_note = $5, resolved_at = $6 WHERE school_id = $1 AND id = $2`,
      [this.schoolId, id, status, by, note, at],
    );
  }
}
