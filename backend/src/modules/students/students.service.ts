import { Injectable } from '@nestjs/common';
import { CATALOGUE_CLASSES } from '@vidyalaya/shared';
import {
  formatAdmissionNumber,
  type AadhaarReveal,
  type AdmissionNumbering,
  type AdmissionNumberingResult,
  type CreateStudentInput,
  type EnrolmentHistory,
  type ListStudentsQuery,
  type ReadmitStudentInput,
  type StudentList,
  type Student,
  type StudentListItem,
  type StudentResult,
  type StudentSectionList,
  type UpdateStudentInput,
} from '@vidyalaya/shared/students';
import { Clock } from '../../common/clock';
import { DomainException } from '../../common/domain.exception';
import { AccessService } from '../../common/workspace/access.service';
import { SchoolWrites, type SchoolTx } from '../../common/workspace/school-writes';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import { isUuid } from '../../common/uuid';
import { violatedUniqueIndex } from '../../database/unique-violation';
import { AadhaarCipher } from './aadhaar-cipher';
import { ensureBornBy, ensureRoom, guardianRows, newStudentRows, searchText, toListItem, toStudent } from './student.mapper';
import { checkedImageType } from '../../common/pdf/image-check';
import { StudentsRepository, type SectionInfo, type StudentScope } from './students.repository';

export const ADMISSION_SEQUENCE = 'admission';
const ADMISSION_DEFAULTS = { prefix: '', digits: 4 };

/** Maps the students table's unique indexes to their 409 codes (a race the in-transaction checks did not see). */
export function studentConflict(e: unknown): never {
  const index = violatedUniqueIndex(e);
  if (index === 'students_admission_number_uq') throw new DomainException('ADMISSION_NUMBER_TAKEN', { details: { admissionNumber: 'Another student already has this admission number' } });
  if (index === 'students_aadhaar_uq') throw new DomainException('AADHAAR_DUPLICATE', { details: { aadhaar: 'Another student of this school has this Aadhaar number' } });
  throw e;
}

/**
 * The student register (DECISIONS "Students"): create, list, read, edit, leave; Aadhaar sealed at
 * rest and only ever answered masked, the full number revealed to an admin through an audited call.
 * Row scoping: admin, office and accountant see the school's students; a teacher the sections
 * they teach or are class teacher of; a guardian only the children linked to their account.
 * Every change to the active count locks the school row first, so the trial limit holds under
 * concurrent creates, admissions and imports.
 */
@Injectable()
export class StudentsService {
  private assignmentsKnown = false;

  constructor(
    private readonly repo: StudentsRepository,
    private readonly access: AccessService,
    private readonly writes: SchoolWrites,
    private readonly cipher: AadhaarCipher,
    private readonly clock: Clock,
  ) {}

  async scopeOf(ctx: WorkspaceContext): Promise<StudentScope> {
    if (ctx.role === 'guardian') return { kind: 'guardian', userId: ctx.userId };
    if (ctx.role === 'teacher') {
      if (!this.assignmentsKnown) this.assignmentsKnown = await this.repo.teacherAssignmentsExist();
      return { kind: 'teacher', userId: ctx.userId, assignmentsKnown: this.assignmentsKnown };
    }
    return { kind: 'all' };
  }

  /** The current year's sections in catalogue class order (the register's filters, the forms' choices). */
  async sections(): Promise<StudentSectionList> {
    const rows = await this.repo.currentYearSections();
    const rank = (name: string) => {
      const i = (CATALOGUE_CLASSES as readonly string[]).indexOf(name);
      return i < 0 ? CATALOGUE_CLASSES.length : i;
    };
    rows.sort((x, y) => rank(x.class_name) - rank(y.class_name) || x.class_name.localeCompare(y.class_name) || x.section_name.localeCompare(y.section_name));
    return {
      items: rows.map((r) => ({ classId: r.class_id, className: r.class_name, sectionId: r.section_id, sectionName: r.section_name, academicYear: r.academic_year })),
    };
  }

  async list(ctx: WorkspaceContext, q: ListStudentsQuery): Promise<StudentList> {
    const scope = await this.scopeOf(ctx);
    const [{ rows, total }, counts] = await Promise.all([
      this.repo.list(scope, {
        search: q.search,
        classId: q.classId,
        sectionId: q.sectionId,
        status: q.status ?? 'active',
        sort: q.sort ?? 'name',
        order: q.order ?? 'asc',
        page: q.page,
        pageSize: q.pageSize,
      }),
      this.repo.counts(),
    ]);
    return { items: rows.map(toListItem), total, page: q.page, pageSize: q.pageSize, activeCount: counts.active, maxStudents: counts.max };
  }

  /** The active students of the classes the caller may read, each class's in the register's name order (the fees' defaulters). */
  async activeOfClasses(ctx: WorkspaceContext, classIds: string[]): Promise<StudentListItem[]> {
    if (classIds.length === 0) return [];
    return (await this.repo.activeOfClasses(await this.scopeOf(ctx), classIds)).map(toListItem);
  }

  async get(ctx: WorkspaceContext, studentId: string): Promise<StudentResult> {
    await this.access.require(ctx, 'student', [studentId]);
    const row = await this.repo.find(studentId, await this.scopeOf(ctx));
    if (!row) throw new DomainException('NOT_FOUND');
    const years = await this.repo.enrolments(row.id);
    const enrolments = years.map((r) => ({
      academicYear: r.academic_year,
      classId: r.class_id,
      className: r.class_name,
      sectionId: r.section_id,
      sectionName: r.section_name,
      rollNumber: r.roll_number,
      result: r.result,
      resultGrade: r.result_grade,
      attendancePercent: r.attendance_percent === null ? null : Number(r.attendance_percent),
      current: r.is_current,
    }));
    return { student: { ...toStudent(row), enrolments } };
  }

  /**
   * A student the caller may read, as `get` answers it but without the enrolment history, in one
   * statement instead of three (the same 404 otherwise): for a write that needs only the record and
   * its current enrolment (a fee payment, issue 32).
   */
  async record(ctx: WorkspaceContext, studentId: string): Promise<Student> {
    if (!isUuid(studentId)) throw new DomainException('NOT_FOUND');
    const row = await this.repo.find(studentId, await this.scopeOf(ctx));
    if (!row) throw new DomainException('NOT_FOUND');
    return toStudent(row);
  }

  async enrolments(ctx: WorkspaceContext, studentId: string): Promise<EnrolmentHistory> {
    await this.get(ctx, studentId);
    const rows = await this.repo.enrolments(studentId);
    return {
      items: rows.map((r) => ({
        academicYear: r.academic_year,
        classId: r.class_id,
        className: r.class_name,
        sectionId: r.section_id,
        sectionName: r.section_name,
        rollNumber: r.roll_number,
        enrolledAt: r.created_at.toISOString(),
      })),
    };
  }

  async section(ctx: Pick<WorkspaceContext, 'schoolId'>, sectionId: string, repo = this.repo): Promise<SectionInfo> {
    await this.access.require(ctx, 'section', [sectionId]);
    const section = await repo.section(sectionId);
    if (!section) throw new DomainException('NOT_FOUND');
    return section;
  }

  /** POST …/students. 201 {student}; 422 STUDENT_LIMIT_REACHED at the limit; 409 on a taken admission number or Aadhaar. */
  async create(ctx: WorkspaceContext, input: CreateStudentInput): Promise<StudentResult> {
    ensureBornBy(input.dateOfBirth, this.clock.now());
    const section = await this.section(ctx, input.sectionId);
    try {
      return await this.writes.run(ctx, async (tx) => {
        const id = await this.createIn(tx, input, section, null);
        const row = (await this.repo.in(tx.m).find(id))!;
        const student = toStudent(row);
        await tx.audit({ action: 'student.created', entity: 'student', entityId: id, after: student });
        return { student };
      });
    } catch (e) {
      studentConflict(e);
    }
  }

  /** Makes one student inside a write (create and admit): limit, admission number, uniqueness, insert. Answers the id. */
  async createIn(tx: SchoolTx, input: Omit<CreateStudentInput, 'sectionId'>, section: SectionInfo, applicationId: string | null): Promise<string> {
    const schoolId = tx.actor.schoolId;
    const repo = this.repo.in(tx.m);
    ensureRoom(await repo.lockSchool(), 1);
    let admissionNumber = input.admissionNumber;
    if (admissionNumber) {
      if ((await repo.existingAdmissionNumbers([admissionNumber])).size > 0) {
        // A child who left keeps their number for life: coming back is a re-admission of that record.
        const holder = await repo.holderOfAdmissionNumber(admissionNumber);
        if (holder && holder.status !== 'active') {
          const name = [holder.first_name, holder.last_name].filter(Boolean).join(' ');
          const went = holder.status === 'passed_out' ? 'passed out' : 'left';
          throw new DomainException('ADMISSION_NUMBER_TAKEN', {
            message: `Admission number ${admissionNumber} belongs to ${name}, who ${went}. Re-admit them from their record instead: they keep this number.`,
            details: { admissionNumber: `This admission number belongs to ${name}, who ${went}: re-admit them instead` },
            data: { studentId: holder.id, status: holder.status },
          });
        }
        throw new DomainException('ADMISSION_NUMBER_TAKEN', { details: { admissionNumber: 'Another student already has this admission number' } });
      }
    } else {
      admissionNumber = await this.nextAdmissionNumber(tx);
    }
    if (input.aadhaar) {
      const hash = this.cipher.hmac(schoolId, input.aadhaar).toString('hex');
      if ((await repo.existingAadhaarHashes([hash])).size > 0) {
        throw new DomainException('AADHAAR_DUPLICATE', { details: { aadhaar: 'Another student of this school has this Aadhaar number' } });
      }
    }
    const { student, guardians } = newStudentRows(schoolId, { ...input, admissionNumber }, section, this.cipher, applicationId);
    await repo.insertStudents([student], guardians, tx.now);
    return student.id;
  }

  /** The school's next free admission number in its pattern (skipping numbers typed by hand). */
  private async nextAdmissionNumber(tx: SchoolTx): Promise<string> {
    const repo = this.repo.in(tx.m);
    for (let attempt = 0; attempt < 1000; attempt++) {
      const { first, prefix, digits } = await repo.take(ADMISSION_SEQUENCE, 1, ADMISSION_DEFAULTS);
      const candidate = formatAdmissionNumber({ prefix, digits }, first);
      if ((await repo.existingAdmissionNumbers([candidate])).size === 0) return candidate;
    }
    throw new Error('No free admission number after 1000 tries');
  }

  /** PATCH …/students/{id}: any field; leaving is {status:'left', leftOn, leavingReason}. */
  async update(ctx: WorkspaceContext, studentId: string, input: UpdateStudentInput): Promise<StudentResult> {
    await this.access.require(ctx, 'student', [studentId]);
    ensureBornBy(input.dateOfBirth, this.clock.now());
    const section = input.sectionId ? await this.section(ctx, input.sectionId) : null;
    try {
      return await this.writes.run(ctx, async (tx) => {
        const repo = this.repo.in(tx.m);
        const counts = await repo.lockSchool();
        const beforeRow = await repo.find(studentId);
        if (!beforeRow) throw new DomainException('NOT_FOUND');
        const before = toStudent(beforeRow);
        const cols: Record<string, unknown> = {};
        const set = <K extends keyof UpdateStudentInput>(key: K, column: string, map: (v: NonNullable<UpdateStudentInput[K]>) => unknown = (v) => v) => {
          if (input[key] === undefined) return;
          cols[column] = input[key] === null ? null : map(input[key] as NonNullable<UpdateStudentInput[K]>);
        };
        set('admissionNumber', 'admission_number');
        set('firstName', 'first_name');
        set('lastName', 'last_name');
        set('dateOfBirth', 'date_of_birth');
        set('gender', 'gender');
        set('pen', 'pen');
        set('apaarId', 'apaar_id');
        set('motherTongue', 'mother_tongue');
        set('socialCategory', 'social_category');
        set('religion', 'religion');
        set('bloodGroup', 'blood_group');
        for (const [key, column] of [['cwsn', 'cwsn'], ['rte', 'rte'], ['bpl', 'bpl']] as const) {
          if (input[key] !== undefined) cols[column] = input[key] ?? false;
        }
        set('admissionDate', 'admission_date');
        if (input.address !== undefined) {
          const a = input.address;
          Object.assign(cols, { address1: a?.address1 ?? null, locality: a?.locality ?? null, city: a?.city ?? null, state: a?.state ?? null, pin_code: a?.pinCode ?? null });
        }
        if (input.rollNumber !== undefined) cols.roll_number = input.rollNumber;
        if (section) Object.assign(cols, { section_id: section.section_id, class_id: section.class_id, academic_year_id: section.academic_year_id });

        if (input.admissionNumber && input.admissionNumber.toLowerCase() !== before.admissionNumber.toLowerCase()) {
          if ((await repo.existingAdmissionNumbers([input.admissionNumber])).size > 0) {
            throw new DomainException('ADMISSION_NUMBER_TAKEN', { details: { admissionNumber: 'Another student already has this admission number' } });
          }
        }
        let aadhaarChanged = false;
        if (input.aadhaar !== undefined) {
          aadhaarChanged = true;
          if (input.aadhaar === null) Object.assign(cols, { aadhaar_cipher: null, aadhaar_last4: null, aadhaar_hmac: null });
          else {
            const sealed = this.cipher.seal(ctx.schoolId, input.aadhaar);
            if ((await repo.existingAadhaarHashes([sealed.hmac.toString('hex')], studentId)).size > 0) {
              throw new DomainException('AADHAAR_DUPLICATE', { details: { aadhaar: 'Another student of this school has this Aadhaar number' } });
            }
            Object.assign(cols, { aadhaar_cipher: sealed.cipher, aadhaar_last4: sealed.last4, aadhaar_hmac: sealed.hmac });
          }
        }
        if (input.status !== undefined && input.status !== before.status) {
          if (input.status === 'active') ensureRoom(counts, 1);
          cols.status = input.status;
        }
        const status = (cols.status as string | undefined) ?? before.status;
        if (status === 'active') Object.assign(cols, { left_on: null, leaving_reason: null });
        else {
          if (input.leftOn !== undefined) cols.left_on = input.leftOn;
          if (input.leavingReason !== undefined) cols.leaving_reason = input.leavingReason;
        }
        const phones = input.guardians ? input.guardians.map((g) => g.phone) : before.guardians.map((g) => g.phone);
        cols.search_text = searchText(
          (cols.first_name as string | undefined) ?? before.firstName,
          cols.last_name !== undefined ? (cols.last_name as string | null) : before.lastName,
          (cols.admission_number as string | undefined) ?? before.admissionNumber,
          phones,
        );
        await repo.update(studentId, cols, tx.now);
        if (input.guardians) await repo.replaceGuardians(studentId, guardianRows(studentId, input.guardians));
        if (section || input.rollNumber !== undefined) {
          const enrolSection = section ?? (beforeRow.section_id ? await repo.section(beforeRow.section_id) : null);
          if (enrolSection) {
            const roll = input.rollNumber !== undefined ? input.rollNumber : beforeRow.roll_number;
            await repo.upsertEnrolment(studentId, enrolSection, roll, tx.now);
          }
        }
        const after = toStudent((await repo.find(studentId))!);
        const action = before.status !== after.status ? (after.status === 'left' ? 'student.left' : after.status === 'passed_out' ? 'student.passed_out' : 'student.readmitted') : 'student.updated';
        // aadhaarMasked is the only Aadhaar the audit ever holds; a changed number is recorded as a fact.
        await tx.audit({ action, entity: 'student', entityId: studentId, before, after: aadhaarChanged ? { ...after, aadhaarChanged: true } : after });
        return { student: after };
      });
    } catch (e) {
      studentConflict(e);
    }
  }

  /**
   * POST …/students/{id}/readmit: a student who left or passed out comes back into `sectionId` (its
   * year). The same record, so the admission number, guardians and every year's enrolment are kept;
   * left-on and the reason are cleared; the trial limit applies (422). An active student: 422
   * STUDENT_NOT_LEFT.
   */
  async readmit(ctx: WorkspaceContext, studentId: string, input: ReadmitStudentInput): Promise<StudentResult> {
    await this.access.require(ctx, 'student', [studentId]);
    const section = await this.section(ctx, input.sectionId);
    await this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const counts = await repo.lockSchool();
      const beforeRow = await repo.find(studentId);
      if (!beforeRow) throw new DomainException('NOT_FOUND');
      const before = toStudent(beforeRow);
      if (before.status === 'active') {
        throw new DomainException('STUDENT_NOT_LEFT', { message: `${before.name} is on the roll already: only a student who left or passed out can be re-admitted.` });
      }
      ensureRoom(counts, 1);
      const rollNumber = input.rollNumber ?? null;
      await repo.update(
        studentId,
        { status: 'active', left_on: null, leaving_reason: null, section_id: section.section_id, class_id: section.class_id, academic_year_id: section.academic_year_id, roll_number: rollNumber },
        tx.now,
      );
      await repo.upsertEnrolment(studentId, section, rollNumber, tx.now);
      const after = toStudent((await repo.find(studentId))!);
      await tx.audit({
        action: 'student.readmitted',
        entity: 'student',
        entityId: studentId,
        before,
        after: { ...after, readmittedTo: { academicYear: section.academic_year, className: section.class_name, sectionName: section.section_name } },
      });
    });
    return this.get(ctx, studentId);
  }

  /** POST …/students/{id}/aadhaar/reveal (students.revealAadhaar): the full number, written to the audit log. */
  async revealAadhaar(ctx: WorkspaceContext, studentId: string): Promise<AadhaarReveal> {
    await this.access.require(ctx, 'student', [studentId]);
    return this.writes.run(ctx, async (tx) => {
      const cipher = await this.repo.in(tx.m).aadhaarCipher(studentId);
      if (!cipher) throw new DomainException('NOT_FOUND', { message: 'No Aadhaar number is recorded for this student.' });
      const aadhaar = this.cipher.open(ctx.schoolId, cipher);
      await tx.audit({ action: 'student.aadhaar_revealed', entity: 'student', entityId: studentId, after: { aadhaarMasked: `XXXX XXXX ${aadhaar.slice(-4)}` } });
      return { aadhaar };
    });
  }

  /** PUT …/students/{id}/photo: the image type is read from the bytes; audited without the image. */
  async setPhoto(ctx: WorkspaceContext, studentId: string, bytes: Buffer): Promise<StudentResult> {
    await this.access.require(ctx, 'student', [studentId]);
    // The whole image checked, not only its first bytes (issue 33 row 5).
    const type = checkedImageType(bytes, ['image/jpeg', 'image/png', 'image/webp']);
    if (!type) throw new DomainException('PHOTO_INVALID');
    return this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      await repo.setPhoto(studentId, type, bytes, tx.now);
      await tx.audit({ action: 'student.photo_set', entity: 'student', entityId: studentId, after: { contentType: type, bytes: bytes.length } });
      return { student: toStudent((await repo.find(studentId))!) };
    });
  }

  async removePhoto(ctx: WorkspaceContext, studentId: string): Promise<StudentResult> {
    await this.access.require(ctx, 'student', [studentId]);
    return this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      if (await repo.removePhoto(studentId)) await tx.audit({ action: 'student.photo_removed', entity: 'student', entityId: studentId });
      else tx.nothingChanged();
      return { student: toStudent((await repo.find(studentId))!) };
    });
  }

  /** GET …/students/{id}/photo, for whoever may read the student. */
  async photo(ctx: WorkspaceContext, studentId: string): Promise<{ contentType: string; bytes: Buffer }> {
    await this.get(ctx, studentId);
    const photo = await this.repo.photo(studentId);
    if (!photo) throw new DomainException('NOT_FOUND');
    return { contentType: photo.content_type, bytes: photo.bytes };
  }

  async numbering(): Promise<AdmissionNumberingResult> {
    const n = await this.repo.numbering(ADMISSION_SEQUENCE);
    const numbering = { prefix: n.prefix, digits: n.digits, nextNumber: n.next_value };
    return { numbering: { ...numbering, example: formatAdmissionNumber(numbering, numbering.nextNumber) } };
  }

  async setNumbering(ctx: WorkspaceContext, input: AdmissionNumbering): Promise<AdmissionNumberingResult> {
    return this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const before = await repo.numbering(ADMISSION_SEQUENCE);
      await repo.setNumbering(ADMISSION_SEQUENCE, { prefix: input.prefix, digits: input.digits, nextValue: input.nextNumber });
      await tx.audit({
        action: 'students.numbering_changed',
        entity: 'school',
        entityId: ctx.schoolId,
        before: { prefix: before.prefix, digits: before.digits, nextNumber: before.next_value },
        after: input,
      });
      return { numbering: { ...input, example: formatAdmissionNumber(input, input.nextNumber) } };
    });
  }
}
