import { Injectable } from '@nestjs/common';
import type { CertificateKind, CertificateStatus } from '@vidyalaya/shared/certificates';
import { DataSource } from 'typeorm';
import { Repository } from '../../database/repository';

export interface CertificateRow {
  id: string;
  kind: CertificateKind;
  academic_year: string;
  seq: number;
  number: string;
  status: CertificateStatus;
  student_id: string;
  student_name: string;
  first_name: string;
  last_name: string | null;
  admission_number: string;
  class_name: string | null;
  purpose: string | null;
  fields: Record<string, string>;
  issued_on: string;
  verify_code: string;
  print_count: number;
  dues_overridden: boolean;
  override_reason: string | null;
  replaces_id: string | null;
  replaces_number: string | null;
  issued_by: string | null;
  cancelled_at: Date | null;
  cancel_reason: string | null;
  created_at: Date;
}

export interface NewCertificate {
  kind: CertificateKind;
  academicYear: string;
  seq: number;
  number: string;
  studentId: string;
  studentName: string;
  firstName: string;
  lastName: string | null;
  admissionNumber: string;
  className: string | null;
  purpose: string | null;
  fields: Record<string, string>;
  issuedOn: string;
  verifyCode: string;
  duesOverridden: boolean;
  overrideReason: string | null;
  duesPaise: number;
  replacesId: string | null;
  issuedBy: string | null;
}

/** What a certificate's header prints about the school. */
export interface CertificateSchool {
  name: string;
  subdomain: string;
  address1: string;
  address2: string | null;
  locality: string;
  city: string;
  state: string;
  pin_code: string;
  phone_numbers: string[];
  email: string | null;
  affiliation_number: string | null;
  school_code: string | null;
  board: string | null;
  principal_name: string | null;
  logo: Buffer | null;
}

/** The record a TC is filled from, beyond the student's answer. */
export interface StudentFacts {
  first_class_name: string | null;
  first_year: string | null;
  first_enrolled_on: string | null;
  subjects: string[];
}

export interface IdCardRow {
  id: string;
  admission_number: string;
  first_name: string;
  last_name: string | null;
  blood_group: string | null;
  apaar_id: string | null;
  roll_number: number | null;
  guardian_phone: string | null;
  photo: Buffer | null;
  photo_type: string | null;
}

export interface YearOutcome {
  /** The applied year-end decision of that year, if any. */
  decision: 'promote' | 'detain' | 'passed_out' | 'left' | null;
  targetClassName: string | null;
  result: 'pass' | 'fail' | null;
  grade: string | null;
  /** The last published exam of that year. */
  examName: string | null;
}

export interface LeaverRow {
  id: string;
  admission_number: string;
  first_name: string;
  last_name: string | null;
  status: 'left' | 'passed_out';
  left_on: string | null;
  section_name: string | null;
  certificate_id: string | null;
  certificate_number: string | null;
}

export interface PublicCertificateRow {
  kind: CertificateKind;
  number: string;
  status: CertificateStatus;
  first_name: string;
  last_name: string | null;
  issued_on: string;
  school_name: string;
}

const COLUMNS = `c.id, c.kind, c.academic_year, c.seq, c.number, c.status, c.student_id, c.student_name, c.first_name, c.last_name, c.admission_number,
  c.class_name, c.purpose, c.fields, to_char(c.issued_on, 'YYYY-MM-DD') AS issued_on, c.verify_code, c.print_count, c.dues_overridden, c.override_reason,
  c.replaces_id, p.number AS replaces_number, c.issued_by, c.cancelled_at, c.cancel_reason, c.created_at`;
const FROM = `certificates c
  LEFT JOIN certificates p ON p.school_id = c.school_id AND p.id = c.replaces_id`;

/** Certificates, their counters, and the reads a certificate is filled from. */
@Injectable()
export class CertificatesRepository extends Repository {
  constructor(db: DataSource) {
    super(db);
  }

  /**
   * The next number of a kind in an academic year: the counter row is made if missing, then locked
   * FOR UPDATE and moved on, all in the caller's transaction (a rollback gives the number back).
   */
  async takeSeq(kind: CertificateKind, academicYear: string): Promise<number> {
    await this.m.query(`INSERT INTO certificate_counters (school_id, kind, academic_year) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [this.schoolId, kind, academicYear]);
    const row = await this.one<{ next_value: number }>(
      `SELECT next_value FROM certificate_counters WHERE school_id = $1 AND kind = $2 AND academic_year = $3 FOR UPDATE`,
      [this.schoolId, kind, academicYear],
    );
    await this.m.query(`UPDATE certificate_counters SET next_value = next_value + 1 WHERE school_id = $1 AND kind = $2 AND academic_year = $3`, [this.schoolId, kind, academicYear]);
    return Number(row!.next_value);
  }

  /** Serialises the issues of one student's certificates (the live-TC rule and the reissue link). */
  async lockStudent(studentId: string): Promise<void> {
    await this.m.query(`SELECT id FROM students WHERE school_id = $1 AND id = $2 FOR UPDATE`, [this.schoolId, studentId]);
  }

  async insert(c: NewCertificate, now: Date): Promise<string> {
    const [row] = await this.rows<{ id: string }>(
      `INSERT INTO certificates (school_id, kind, academic_year, seq, number, student_id, student_name, first_name, last_name, admission_number, class_name,
                                 purpose, fields, issued_on, verify_code, dues_overridden, override_reason, dues_paise, replaces_id, issued_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::jsonb, $14, $15, $16, $17, $18, $19, $20, $21) RETURNING id`,
      [
        this.schoolId,
        c.kind,
        c.academicYear,
        c.seq,
        c.number,
        c.studentId,
        c.studentName,
        c.firstName,
        c.lastName,
        c.admissionNumber,
        c.className,
        c.purpose,
        JSON.stringify(c.fields),
        c.issuedOn,
        c.verifyCode,
        c.duesOverridden,
        c.overrideReason,
        c.duesPaise,
        c.replacesId,
        c.issuedBy,
        now,
      ],
    );
    return row.id;
  }

  get(id: string, lock = false): Promise<CertificateRow | null> {
    return this.one<CertificateRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE c.school_id = $1 AND c.id = $2${lock ? ' FOR UPDATE OF c' : ''}`, [this.schoolId, id]);
  }

  liveTransfer(studentId: string): Promise<{ id: string; number: string } | null> {
    return this.one(`SELECT id, number FROM certificates WHERE school_id = $1 AND student_id = $2 AND kind = 'transfer' AND status = 'issued'`, [this.schoolId, studentId]);
  }

  /** The newest cancelled certificate of a kind for a student that no later certificate corrects yet. */
  cancelledToReplace(studentId: string, kind: CertificateKind): Promise<{ id: string; number: string } | null> {
    return this.one(
      `SELECT c.id, c.number FROM certificates c
        WHERE c.school_id = $1 AND c.student_id = $2 AND c.kind = $3 AND c.status = 'cancelled'
          AND NOT EXISTS (SELECT 1 FROM certificates n WHERE n.school_id = c.school_id AND n.replaces_id = c.id)
        ORDER BY c.cancelled_at DESC LIMIT 1`,
      [this.schoolId, studentId, kind],
    );
  }

  async list(
    f: { kind?: CertificateKind; academicYear?: string; status?: CertificateStatus; studentId?: string },
    page: number,
    pageSize: number,
  ): Promise<{ rows: CertificateRow[]; total: number }> {
    const params: unknown[] = [this.schoolId];
    const where = ['c.school_id = $1'];
    const add = (sql: string, v: unknown) => {
      params.push(v);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (f.kind) add('c.kind = ?', f.kind);
    if (f.academicYear) add('c.academic_year = ?', f.academicYear);
    if (f.status) add('c.status = ?', f.status);
    if (f.studentId) add('c.student_id = ?', f.studentId);
    const cond = where.join(' AND ');
    const total = await this.one<{ n: number }>(`SELECT count(*)::int AS n FROM certificates c WHERE ${cond}`, params);
    const rows = await this.rows<CertificateRow>(
      `SELECT ${COLUMNS} FROM ${FROM} WHERE ${cond} ORDER BY c.academic_year DESC, c.kind, c.seq DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
      params,
    );
    return { rows, total: total?.n ?? 0 };
  }

  async bumpPrintCount(id: string): Promise<number> {
    const [row] = await this.rows<{ print_count: number }>(`UPDATE certificates SET print_count = print_count + 1 WHERE school_id = $1 AND id = $2 RETURNING print_count`, [this.schoolId, id]);
    return row.print_count;
  }

  async cancel(id: string, by: string | null, reason: string, now: Date): Promise<void> {
    await this.m.query(`UPDATE certificates SET status = 'cancelled', cancelled_at = $3, cancelled_by = $4, cancel_reason = $5 WHERE school_id = $1 AND id = $2`, [
      this.schoolId,
      id,
      now,
      by,
      reason,
    ]);
  }

  /** The public check: by code alone (no school is known yet); active schools only. */
  byVerifyCode(code: string): Promise<PublicCertificateRow | null> {
    return this.one<PublicCertificateRow>(
      `SELECT c.kind, c.number, c.status, c.first_name, c.last_name, to_char(c.issued_on, 'YYYY-MM-DD') AS issued_on, s.name AS school_name
         FROM certificates c JOIN schools s ON s.id = c.school_id
        WHERE c.verify_code = $1 AND s.is_active`,
      [code],
    );
  }

  async school(): Promise<CertificateSchool | null> {
    return this.one<CertificateSchool>(
      `SELECT s.name, s.subdomain, s.address1, s.address2, s.locality, s.city, s.state, s.pin_code, s.phone_numbers, s.email, s.affiliation_number, s.school_code,
              s.board, s.principal_name, r.logo
         FROM schools s LEFT JOIN school_report_settings r ON r.school_id = s.id
        WHERE s.id = $1`,
      [this.schoolId],
    );
  }

  /** The first enrolment (year and class) and the subjects of the class last studied. */
  async studentFacts(studentId: string, classId: string | null): Promise<StudentFacts> {
    const first = await this.one<{ class_name: string; academic_year: string; created_at: Date }>(
      `SELECT c.name AS class_name, y.name AS academic_year, e.created_at
         FROM student_enrolments e
         JOIN classes c ON c.id = e.class_id
         JOIN academic_years y ON y.school_id = e.school_id AND y.id = e.academic_year_id
        WHERE e.school_id = $1 AND e.student_id = $2
        ORDER BY y.name, e.created_at LIMIT 1`,
      [this.schoolId, studentId],
    );
    const subjects = classId
      ? await this.rows<{ name: string }>(
          `SELECT g.name FROM class_subjects cs JOIN global_subjects g ON g.id = cs.subject_id JOIN classes c ON c.id = cs.class_id
            WHERE cs.class_id = $1 AND c.school_id = $2 ORDER BY g.sort_order, g.name`,
          [classId, this.schoolId],
        )
      : [];
    return {
      first_class_name: first?.class_name ?? null,
      first_year: first?.academic_year ?? null,
      first_enrolled_on: first ? first.created_at.toISOString().slice(0, 10) : null,
      subjects: subjects.map((s) => s.name),
    };
  }

  /**
   * How the student's year ended, for a TC's "qualified for promotion" and "result" lines: the
   * applied year-end decision of that year (promote, detain, passed out, left) with the result the
   * promotion recorded; else the result kept on the year's enrolment; else the last published
   * exam's report card of that year (its name, pass or fail, grade).
   */
  async yearOutcome(studentId: string, academicYear: string): Promise<YearOutcome> {
    const line = await this.one<{ decision: YearOutcome['decision']; target_class_name: string | null; result: 'pass' | 'fail' | null; result_grade: string | null }>(
      `SELECT l.decision, l.target_class_name, l.result, l.result_grade
         FROM promotion_lines l JOIN promotions p ON p.school_id = l.school_id AND p.id = l.promotion_id
        WHERE l.school_id = $1 AND l.student_id = $2 AND p.from_year = $3 AND p.status = 'applied'`,
      [this.schoolId, studentId, academicYear],
    );
    const enrolment = await this.one<{ result: 'pass' | 'fail' | null; result_grade: string | null }>(
      `SELECT e.result, e.result_grade FROM student_enrolments e JOIN academic_years y ON y.school_id = e.school_id AND y.id = e.academic_year_id
        WHERE e.school_id = $1 AND e.student_id = $2 AND y.name = $3`,
      [this.schoolId, studentId, academicYear],
    );
    const exam = await this.one<{ name: string; result: string | null; grade: string | null }>(
      `SELECT x.name, s.data->'term'->>'result' AS result, s.data->'term'->>'grade' AS grade
         FROM report_card_snapshots s JOIN exams x ON x.school_id = s.school_id AND x.id = s.exam_id
        WHERE s.school_id = $1 AND s.student_id = $2 AND x.academic_year = $3 AND x.published_at IS NOT NULL
        ORDER BY x.term DESC, x.published_at DESC, x.created_at DESC LIMIT 1`,
      [this.schoolId, studentId, academicYear],
    );
    const examResult = exam?.result === 'pass' || exam?.result === 'fail' ? exam.result : null;
    return {
      decision: line?.decision ?? null,
      targetClassName: line?.target_class_name ?? null,
      result: line?.result ?? enrolment?.result ?? examResult,
      grade: line?.result_grade ?? enrolment?.result_grade ?? exam?.grade ?? null,
      examName: exam?.name ?? null,
    };
  }

  /** The class's students who left or passed out (their last placement was in it), by roll number then name, with a live TC if any. */
  leavers(classId: string): Promise<LeaverRow[]> {
    return this.rows<LeaverRow>(
      `SELECT s.id, s.admission_number, s.first_name, s.last_name, s.status, to_char(s.left_on, 'YYYY-MM-DD') AS left_on, se.name AS section_name,
              c.id AS certificate_id, c.number AS certificate_number
         FROM students s
         LEFT JOIN sections se ON se.id = s.section_id
         LEFT JOIN certificates c ON c.school_id = s.school_id AND c.student_id = s.id AND c.kind = 'transfer' AND c.status = 'issued'
        WHERE s.school_id = $1 AND s.class_id = $2 AND s.status IN ('left', 'passed_out')
        ORDER BY se.name NULLS LAST, s.roll_number NULLS LAST, lower(s.first_name), lower(coalesce(s.last_name, '')), s.admission_number`,
      [this.schoolId, classId],
    );
  }

  async publishSetting(): Promise<boolean> {
    const row = await this.one<{ publish_tc_list: boolean }>(`SELECT publish_tc_list FROM certificate_settings WHERE school_id = $1`, [this.schoolId]);
    return row?.publish_tc_list ?? false;
  }

  async savePublishSetting(publish: boolean, by: string | null, now: Date): Promise<void> {
    await this.m.query(
      `INSERT INTO certificate_settings (school_id, publish_tc_list, updated_by, updated_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (school_id) DO UPDATE SET publish_tc_list = EXCLUDED.publish_tc_list, updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at`,
      [this.schoolId, publish, by, now],
    );
  }

  /** An active school by its subdomain, with whether it publishes its TC list (the public list; no school context yet). */
  publishingSchool(subdomain: string): Promise<{ id: string; name: string; publish: boolean } | null> {
    return this.one(
      `SELECT s.id, s.name, coalesce(cs.publish_tc_list, false) AS publish
         FROM schools s LEFT JOIN certificate_settings cs ON cs.school_id = s.id
        WHERE s.subdomain = $1 AND s.is_active`,
      [subdomain],
    );
  }

  /** The academic years the school issued a TC in, newest first. */
  async transferYears(): Promise<string[]> {
    const rows = await this.rows<{ academic_year: string }>(`SELECT DISTINCT academic_year FROM certificates WHERE school_id = $1 AND kind = 'transfer' ORDER BY academic_year DESC`, [this.schoolId]);
    return rows.map((r) => r.academic_year);
  }

  /** A year's TCs in number order, for the published list. */
  publishedTransfers(academicYear: string): Promise<{ number: string; first_name: string; last_name: string | null; class_name: string | null; issued_on: string; status: CertificateStatus }[]> {
    return this.rows(
      `SELECT number, first_name, last_name, class_name, to_char(issued_on, 'YYYY-MM-DD') AS issued_on, status
         FROM certificates WHERE school_id = $1 AND kind = 'transfer' AND academic_year = $2 ORDER BY seq`,
      [this.schoolId, academicYear],
    );
  }

  /** A section's active students for their ID cards, by roll number then name. */
  idCards(sectionId: string): Promise<IdCardRow[]> {
    return this.rows<IdCardRow>(
      `SELECT s.id, s.admission_number, s.first_name, s.last_name, s.blood_group, s.apaar_id, s.roll_number,
              (SELECT g.phone FROM student_guardians g WHERE g.school_id = s.school_id AND g.student_id = s.id ORDER BY g.position LIMIT 1) AS guardian_phone,
              p.bytes AS photo, p.content_type AS photo_type
         FROM students s LEFT JOIN student_photos p ON p.school_id = s.school_id AND p.student_id = s.id
        WHERE s.school_id = $1 AND s.section_id = $2 AND s.status = 'active'
        ORDER BY s.roll_number NULLS LAST, lower(s.first_name), lower(coalesce(s.last_name, ''))`,
      [this.schoolId, sectionId],
    );
  }
}
