import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { defaultAcademicYear, formatRupees, istDate, schoolPortalUrl, subdomainParamSchema } from '@vidyalaya/shared';
import {
  certificateVerifyPath,
  dateInWords,
  formatCertificateNumber,
  nameInitials,
  nameWithSurnameInitial,
  VERIFY_CODE_PATTERN,
  type BulkSkipCode,
  type BulkTransferInput,
  type BulkTransferResult,
  type CancelCertificateInput,
  type CertificateSettings,
  type CertificateSettingsResult,
  type Certificate,
  type CertificateList,
  type CertificateResult,
  type IssueCertificateInput,
  type LeaverList,
  type ListCertificatesQuery,
  type PublicCertificate,
  type PublicTcList,
} from '@vidyalaya/shared/certificates';
import { type StudentFees } from '@vidyalaya/shared/fees';
import { type Student } from '@vidyalaya/shared/students';
import { Clock } from '../../common/clock';
import { DomainException } from '../../common/domain.exception';
import { RateLimitService, type RateRule } from '../../common/rate-limit/rate-limit.service';
import { AccessService } from '../../common/workspace/access.service';
import { SchoolWrites } from '../../common/workspace/school-writes';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { violatedUniqueIndex } from '../../database/unique-violation';
import { AttendanceService } from '../attendance/attendance.service';
import { FeesService } from '../fees/fees.service';
import { StudentsService } from '../students/students.service';
import { renderCertificatePdf, shownDate, type CertificateLang } from './certificate-pdf';
import { PeopleService, type Person } from '../members';
import { CertificatesRepository, type CertificateRow, type YearOutcome } from './certificates.repository';
import { renderIdCardsPdf } from './id-cards-pdf';
import { bindSchool } from '../../common/request-context';
import { AcademicsService } from '../academics/academics.service';

const MINUTE = 60;

/** The public check: per client address, and per code (a code tried from many addresses). */
export const VERIFY_LIMITS = {
  ip: (ip: string): RateRule => ({ key: `cert-verify:ip:${ip}`, limit: 30, windowSeconds: 10 * MINUTE, perAddress: true }),
  /** The published TC list of a school's portal page. */
  list: (ip: string): RateRule => ({ key: `cert-list:ip:${ip}`, limit: 60, windowSeconds: 10 * MINUTE, perAddress: true }),
};

const PASSED = { pass: 'Passed', fail: 'Failed' } as const;

/**
 * A TC's "result" and "qualified for promotion" lines from how the last year ended (the applied
 * year-end decision, else the year's result from the published exams), as the office would write
 * them; blank where nothing is known yet, for the office to fill. A passed-out student with no
 * recorded result completed the school's last class.
 */
export function outcomeLines(o: YearOutcome, academicYear: string, passedOut: boolean): { boardResult: string; qualifiedForPromotion: string } {
  const grade = o.grade ? ` (grade ${o.grade})` : '';
  const boardResult = o.result ? `${o.examName ? `${o.examName} ${academicYear}` : `Annual result ${academicYear}`}: ${PASSED[o.result]}${grade}` : passedOut ? 'Passed' : '';
  let qualified = '';
  if (o.decision === 'promote') qualified = o.targetClassName ? `Yes, to ${o.targetClassName}` : 'Yes';
  else if (o.decision === 'detain') qualified = 'No';
  else if (o.result === 'fail') qualified = 'No';
  else if (o.result === 'pass' || o.decision === 'passed_out' || passedOut) qualified = 'Yes';
  return { boardResult, qualifiedForPromotion: qualified };
}

const CATEGORY: Record<string, string> = { general: 'No (General)', sc: 'Yes (SC)', st: 'Yes (ST)', obc: 'Yes (OBC)' };

/** A certificate's answer; `issuers` holds the issuers' usernames by id (PeopleService). */
export function toCertificate(r: CertificateRow, issuers: ReadonlyMap<string, Person>): Certificate {
  return {
    id: r.id,
    kind: r.kind,
    number: r.number,
    status: r.status,
    issuedOn: r.issued_on,
    verifyCode: r.verify_code,
    academicYear: r.academic_year,
    studentId: r.student_id,
    studentName: r.student_name,
    admissionNumber: r.admission_number,
    className: r.class_name,
    purpose: r.purpose,
    fields: r.fields ?? {},
    printCount: r.print_count,
    duesOverridden: r.dues_overridden,
    replacesNumber: r.replaces_number,
    cancelledAt: r.cancelled_at ? r.cancelled_at.toISOString() : null,
    cancelReason: r.cancel_reason,
    issuedByName: (r.issued_by && issuers.get(r.issued_by)?.username) ?? null,
    createdAt: r.created_at.toISOString(),
  };
}

/** The last instalment paid in full, as a TC's "fees paid up to" line (`Quarter 2 (10/07/2026)`). */
export function feesPaidUpTo(fees: StudentFees): string {
  let last: string | null = null;
  for (const i of fees.instalments) {
    if (i.balance > 0) break;
    last = `${i.name} (${shownDate(i.dueOn)})`;
  }
  if (!fees.structureId) return 'No fees set for the class';
  return last ?? 'None paid';
}

/**
 * Certificates (DECISIONS "Certificates"; issue 30): a student's transfer, bonafide and character
 * certificates with gap-free numbers per kind and academic year, the TC's rules (left or passed
 * out, no dues unless an admin overrides, one live TC), prints (the first the original, every
 * later one DUPLICATE), cancellation and reissue, the register, the public check, ID cards.
 */
@Injectable()
export class CertificatesService {
  constructor(
    private readonly repo: CertificatesRepository,
    private readonly students: StudentsService,
    private readonly fees: FeesService,
    private readonly attendance: AttendanceService,
    private readonly access: AccessService,
    private readonly writes: SchoolWrites,
    private readonly rates: RateLimitService,
    private readonly clock: Clock,
    private readonly people: PeopleService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly academics: AcademicsService,
  ) {}

  private today(): string {
    return istDate(this.clock.now());
  }

  /** The TC's lines from the record, each overridable by `fields`. */
  private async transferFields(student: Student, fees: StudentFees, today: string): Promise<Record<string, string>> {
    const enrolment = student.enrolment;
    // Attendance counts up to the day the child left (a passed-out child: to the year's end or today).
    const leftOn = student.status === 'left' && student.leftOn ? student.leftOn : undefined;
    const [facts, attendance, outcome] = await Promise.all([
      this.repo.studentFacts(student.id, enrolment?.classId ?? null),
      enrolment ? this.attendance.yearSummary(student.id, enrolment.academicYear, leftOn) : Promise.resolve(null),
      enrolment ? this.repo.yearOutcome(student.id, enrolment.academicYear) : Promise.resolve(null),
    ]);
    const parent = (relation: string) => student.guardians.find((g) => g.relation === relation)?.name;
    const firstDate = student.admissionDate ?? facts.first_enrolled_on;
    const firstAdmission = [firstDate ? shownDate(firstDate) : null, facts.first_class_name].filter(Boolean).join(', ');
    const passedOut = student.status === 'passed_out';
    const lines = outcome && enrolment ? outcomeLines(outcome, enrolment.academicYear, passedOut) : { boardResult: passedOut ? 'Passed' : '', qualifiedForPromotion: passedOut ? 'Yes' : '' };
    return {
      studentName: student.name,
      fatherName: parent('father') ?? parent('guardian') ?? '',
      motherName: parent('mother') ?? '',
      nationality: 'Indian',
      category: student.socialCategory ? CATEGORY[student.socialCategory] : '',
      firstAdmission,
      dateOfBirth: student.dateOfBirth,
      dateOfBirthInWords: dateInWords(student.dateOfBirth),
      classLastStudied: enrolment ? `${enrolment.className} (${enrolment.academicYear})` : '',
      boardResult: lines.boardResult,
      subjects: facts.subjects.join(', '),
      qualifiedForPromotion: lines.qualifiedForPromotion,
      feesPaidUpTo: feesPaidUpTo(fees),
      workingDays: attendance ? String(attendance.workingDays) : '',
      daysPresent: attendance ? String(attendance.present) : '',
      nccScouts: 'No',
      games: '',
      conduct: 'Good',
      dateOfApplication: today,
      dateOfIssue: today,
      reasonForLeaving: student.leavingReason ?? (passedOut ? 'Completed the school’s highest class' : ''),
      remarks: '',
    };
  }

  /** POST …/students/{studentId}/certificates → 201 {certificate}. */
  async issue(ctx: WorkspaceContext, studentId: string, input: IssueCertificateInput): Promise<CertificateResult> {
    const { student } = await this.students.get(ctx, studentId);
    if (input.overrideDues && ctx.role !== 'admin') throw new DomainException('FORBIDDEN', { message: 'Only an admin may issue a transfer certificate while dues are unpaid.' });
    const today = this.today();
    const academicYear = defaultAcademicYear(this.clock.now());
    let fields: Record<string, string> = {};
    let dues = 0;
    if (input.kind === 'transfer') {
      if (student.status === 'active') throw new DomainException('STUDENT_NOT_LEFT');
      const fees = await this.fees.studentFees(ctx, studentId, today);
      dues = fees.totals.overdue;
      if (dues > 0 && !input.overrideDues) {
        throw new DomainException('DUES_OUTSTANDING', {
          message: `${student.name} has ${formatRupees(dues)} of unpaid dues. Collect them first, or an admin may override with a reason.`,
          details: { dues: formatRupees(dues) },
        });
      }
      fields = { ...(await this.transferFields(student, fees, today)), ...(input.fields ?? {}) };
    } else {
      const parent = student.guardians.find((g) => g.relation === 'father') ?? student.guardians[0];
      fields = { fatherName: parent?.name ?? '', dateOfBirth: student.dateOfBirth, ...(input.fields ?? {}) };
    }
    const overridden = input.kind === 'transfer' && dues > 0 && input.overrideDues === true;
    const className = student.enrolment ? `${student.enrolment.className} ${student.enrolment.sectionName}`.trim() : null;

    const id = await this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      await repo.lockStudent(studentId);
      if (input.kind === 'transfer') {
        const live = await repo.liveTransfer(studentId);
        if (live) throw new DomainException('CERTIFICATE_EXISTS', { message: `${student.name} already has transfer certificate ${live.number}. Cancel it first to issue a corrected one.` });
      }
      const replaces = await repo.cancelledToReplace(studentId, input.kind);
      const seq = await repo.takeSeq(input.kind, academicYear);
      const number = formatCertificateNumber(input.kind, academicYear, seq);
      let certificateId: string;
      try {
        certificateId = await repo.insert(
          {
            kind: input.kind,
            academicYear,
            seq,
            number,
            studentId,
            studentName: student.name,
            firstName: student.firstName,
            lastName: student.lastName,
            admissionNumber: student.admissionNumber,
            className,
            purpose: input.kind === 'bonafide' ? (input.purpose ?? null) : null,
            fields,
            issuedOn: today,
            verifyCode: randomBytes(16).toString('base64url'),
            duesOverridden: overridden,
            overrideReason: overridden ? (input.reason ?? null) : null,
            duesPaise: dues,
            replacesId: replaces?.id ?? null,
            issuedBy: ctx.userId,
          },
          tx.now,
        );
      } catch (e) {
        if (violatedUniqueIndex(e) === 'certificates_live_tc_uq') throw new DomainException('CERTIFICATE_EXISTS');
        throw e;
      }
      await tx.audit({
        action: 'certificate.issued',
        entity: 'certificate',
        entityId: certificateId,
        after: {
          number,
          kind: input.kind,
          studentId,
          purpose: input.purpose ?? null,
          fields,
          replacesNumber: replaces?.number ?? null,
          ...(overridden ? { duesOverridden: true, duesPaise: dues, overrideReason: input.reason } : {}),
        },
      });
      return certificateId;
    });
    return { certificate: await this.byId(id) };
  }

  private async byId(id: string): Promise<Certificate> {
    const row = await this.repo.get(id);
    if (!row) throw new DomainException('NOT_FOUND');
    return toCertificate(row, await this.people.of([row.issued_by]));
  }

  async get(ctx: WorkspaceContext, certificateId: string): Promise<CertificateResult> {
    await this.access.require(ctx, 'certificate', [certificateId]);
    return { certificate: await this.byId(certificateId) };
  }

  /** GET …/certificates: the register, newest year first, by kind and number. */
  async list(ctx: WorkspaceContext, q: ListCertificatesQuery): Promise<CertificateList> {
    if (q.studentId) await this.students.get(ctx, q.studentId);
    const { rows, total } = await this.repo.list({ kind: q.kind, academicYear: q.academicYear, status: q.status, studentId: q.studentId }, q.page, q.pageSize);
    const issuers = await this.people.of(rows.map((r) => r.issued_by));
    return { items: rows.map((r) => toCertificate(r, issuers)), total, page: q.page, pageSize: q.pageSize };
  }

  /** POST …/certificates/{id}/cancel {reason}: keeps the number; a reissue refers to it. */
  async cancel(ctx: WorkspaceContext, certificateId: string, input: CancelCertificateInput): Promise<CertificateResult> {
    await this.access.require(ctx, 'certificate', [certificateId]);
    await this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const row = await repo.get(certificateId, true);
      if (!row) throw new DomainException('NOT_FOUND');
      if (row.status === 'cancelled') throw new DomainException('CERTIFICATE_CANCELLED');
      await repo.cancel(certificateId, ctx.userId, input.reason, tx.now);
      await tx.audit({
        action: 'certificate.cancelled',
        entity: 'certificate',
        entityId: certificateId,
        before: { number: row.number, status: row.status },
        after: { number: row.number, status: 'cancelled', reason: input.reason },
      });
    });
    return { certificate: await this.byId(certificateId) };
  }

  /** GET …/certificates/leavers?classId=: the class's students who left or passed out, their dues and live TC. */
  async leavers(ctx: WorkspaceContext, classId: string): Promise<LeaverList> {
    await this.access.require(ctx, 'class', [classId]);
    const cls = await this.academics.classOf(classId);
    if (!cls) throw new DomainException('NOT_FOUND');
    const today = this.today();
    const rows = await this.repo.leavers(classId);
    const items = [];
    for (const r of rows) {
      const dues = r.certificate_id ? null : await this.fees.studentFees(ctx, r.id, today);
      items.push({
        studentId: r.id,
        name: [r.first_name, r.last_name].filter(Boolean).join(' '),
        admissionNumber: r.admission_number,
        sectionName: r.section_name,
        status: r.status,
        leftOn: r.left_on,
        duesPaise: dues?.totals.overdue ?? 0,
        certificateNumber: r.certificate_number,
        certificateId: r.certificate_id,
      });
    }
    return { className: cls.name, academicYear: cls.academic_year, items };
  }

  /**
   * POST …/certificates/transfer/bulk: a TC for each leaver of the class (or each one named) in
   * turn, each issued exactly as one from the record (its own transaction, number and audit entry),
   * so a refusal skips that child and takes no number. The run itself is audited with what was
   * issued and what was skipped and why.
   */
  async bulkTransfer(ctx: WorkspaceContext, input: BulkTransferInput): Promise<BulkTransferResult> {
    const list = await this.leavers(ctx, input.classId);
    const wanted = input.studentIds ? new Set(input.studentIds.map((id) => id.toLowerCase())) : null;
    const out: BulkTransferResult = { issued: [], skipped: [] };
    if (wanted) {
      const known = new Set(list.items.map((l) => l.studentId));
      for (const id of wanted) if (!known.has(id)) out.skipped.push({ studentId: id, name: '', code: 'NOT_FOUND', message: `Not a student of ${list.className} who has left or passed out.` });
    }
    for (const l of list.items) {
      if (wanted && !wanted.has(l.studentId)) continue;
      if (l.certificateNumber) {
        out.skipped.push({ studentId: l.studentId, name: l.name, code: 'CERTIFICATE_EXISTS', message: `${l.name} already has transfer certificate ${l.certificateNumber}.` });
        continue;
      }
      try {
        const { certificate } = await this.issue(ctx, l.studentId, { kind: 'transfer', fields: input.fields });
        out.issued.push(certificate);
      } catch (e) {
        const code = e instanceof DomainException ? (e.code as BulkSkipCode) : null;
        if (!code || !['DUES_OUTSTANDING', 'CERTIFICATE_EXISTS', 'STUDENT_NOT_LEFT', 'NOT_FOUND'].includes(code)) throw e;
        out.skipped.push({ studentId: l.studentId, name: l.name, code, message: e instanceof DomainException ? e.message : code });
      }
    }
    await this.writes.run(ctx, (tx) =>
      tx.audit({
        action: 'certificate.bulk_issued',
        entity: 'class',
        entityId: input.classId,
        after: {
          className: list.className,
          academicYear: list.academicYear,
          issued: out.issued.map((c) => ({ studentId: c.studentId, number: c.number })),
          skipped: out.skipped.map((x) => ({ studentId: x.studentId, code: x.code })),
        },
      }),
    );
    return out;
  }

  async settings(): Promise<CertificateSettingsResult> {
    return { settings: { publishTcList: await this.repo.publishSetting() } };
  }

  /** PUT …/certificates/settings: an admin turns the published TC list on or off (audited). */
  async saveSettings(ctx: WorkspaceContext, input: CertificateSettings): Promise<CertificateSettingsResult> {
    if (ctx.role !== 'admin') throw new DomainException('FORBIDDEN', { message: 'Only an admin may change whether the school publishes its transfer certificates.' });
    await this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const before = await repo.publishSetting();
      await repo.savePublishSetting(input.publishTcList, ctx.userId, tx.now);
      await tx.audit({ action: 'certificate_settings.updated', entity: 'school', entityId: ctx.schoolId, before: { publishTcList: before }, after: { publishTcList: input.publishTcList } });
    });
    return this.settings();
  }

  /**
   * GET /public/schools/{subdomain}/transfer-certificates: the school's TCs of a year (default: the
   * newest with any) as number, initials, class, date and status; 404 unless the school is active
   * and publishes its list. Rate-limited per address.
   */
  async publicTransferList(rawSubdomain: string, academicYear: string | undefined, ip: string): Promise<PublicTcList> {
    await this.rates.hit(VERIFY_LIMITS.list(ip));
    const parsed = subdomainParamSchema.safeParse({ subdomain: rawSubdomain });
    const school = parsed.success ? await this.repo.publishingSchool(parsed.data.subdomain) : null;
    if (!school?.publish) throw new DomainException('NOT_FOUND', { message: 'This school does not publish its transfer certificates.' });
    // A public call: the subdomain named the school, which this request reads in from here on.
    bindSchool(school.id);
    const years = await this.repo.transferYears();
    const year = academicYear ?? years[0] ?? defaultAcademicYear(this.clock.now());
    const rows = await this.repo.publishedTransfers(year);
    return {
      schoolName: school.name,
      academicYear: year,
      academicYears: years,
      items: rows.map((r) => ({ number: r.number, initials: nameInitials(r.first_name, r.last_name), className: r.class_name, issuedOn: r.issued_on, status: r.status })),
    };
  }

  verifyUrl(subdomain: string, verifyCode: string): string {
    return `${schoolPortalUrl(subdomain, this.config.appDomain)}${certificateVerifyPath(verifyCode)}`;
  }

  /** The PDF: every print counted and audited; the first is the original, every later one DUPLICATE. */
  async pdf(ctx: WorkspaceContext, certificateId: string, lang: CertificateLang = 'en'): Promise<{ pdf: Buffer; number: string }> {
    await this.access.require(ctx, 'certificate', [certificateId]);
    const prints = await this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const row = await repo.get(certificateId, true);
      if (!row) throw new DomainException('NOT_FOUND');
      const count = await repo.bumpPrintCount(certificateId);
      await tx.audit({ action: 'certificate.printed', entity: 'certificate', entityId: certificateId, after: { number: row.number, print: count, lang } });
      return count;
    });
    const [certificate, school] = await Promise.all([this.byId(certificateId), this.repo.school()]);
    const pdf = await renderCertificatePdf(certificate, school!, { lang, duplicate: prints > 1, verifyUrl: this.verifyUrl(school!.subdomain, certificate.verifyCode) });
    return { pdf, number: certificate.number };
  }

  /** GET /public/certificates/{verifyCode}: no sign-in; rate-limited; unknown or malformed → 404. */
  async verify(verifyCode: string, ip: string): Promise<PublicCertificate> {
    await this.rates.hit(VERIFY_LIMITS.ip(ip));
    const row = VERIFY_CODE_PATTERN.test(verifyCode) ? await this.repo.byVerifyCode(verifyCode) : null;
    if (!row) throw new DomainException('NOT_FOUND', { message: 'No certificate has this verification code.' });
    return {
      kind: row.kind,
      number: row.number,
      schoolName: row.school_name,
      studentName: nameWithSurnameInitial(row.first_name, row.last_name),
      issuedOn: row.issued_on,
      status: row.status,
    };
  }

  /** GET …/sections/{sectionId}/id-cards: the section's active students as CR80 cards on A4. */
  async idCards(ctx: WorkspaceContext, sectionId: string): Promise<{ pdf: Buffer; name: string }> {
    const section = await this.students.section(ctx, sectionId);
    const [rows, school] = await Promise.all([this.repo.idCards(sectionId), this.repo.school()]);
    const className = `${section.class_name} ${section.section_name}`.trim();
    const pdf = await renderIdCardsPdf(
      school!.name,
      rows.map((r) => ({
        name: [r.first_name, r.last_name].filter(Boolean).join(' '),
        className,
        admissionNumber: r.admission_number,
        bloodGroup: r.blood_group,
        guardianPhone: r.guardian_phone,
        apaarId: r.apaar_id,
        photo: r.photo_type === 'image/jpeg' || r.photo_type === 'image/png' ? r.photo : null,
      })),
    );
    return { pdf, name: className.replace(/[^A-Za-z0-9]+/g, '-') };
  }
}
