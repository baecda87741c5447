import { Injectable } from '@nestjs/common';
import type {
  ClassTeacherResult,
  CreateStaffInput,
  ListStaffQuery,
  PutTeachingAssignmentsInput,
  StaffList,
  StaffMember,
  StaffResult,
  TeachingAssignmentList,
  TeachingAssignmentsQuery,
  UpdateStaffInput,
} from '@vidyalaya/shared/staff';
import { DomainException } from '../../common/domain.exception';
import { AccessService } from '../../common/workspace/access.service';
import { SchoolWrites } from '../../common/workspace/school-writes';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import { violatedUniqueIndex } from '../../database/unique-violation';
import { StaffRepository, type StaffFields, type StaffRow } from './staff.repository';

export function toStaff(r: StaffRow): StaffMember {
  return {
    id: r.id,
    employeeCode: r.employee_code,
    name: r.name,
    designation: r.designation,
    subjectIds: r.subject_ids ?? [],
    qualification: r.qualification,
    joiningDate: r.joining_date,
    phone: r.phone,
    email: r.email,
    userId: r.user_id,
    status: r.status,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

/** A unique index of the staff table → the conflict it means. */
function staffConflict(err: unknown): never {
  const index = violatedUniqueIndex(err);
  if (index === 'staff_code_uq') throw new DomainException('EMPLOYEE_CODE_TAKEN', { details: { employeeCode: 'Another staff member already has this employee code' } });
  if (index === 'staff_user_uq') throw new DomainException('STAFF_ACCOUNT_LINKED', { details: { userId: 'This member account is already linked to another staff record' } });
  throw err;
}

/**
 * Staff records, class teachers and teaching assignments. Other modules ask `sectionsTaughtBy`
 * which sections a teacher (a member, by user id) may work with.
 */
@Injectable()
export class StaffService {
  constructor(
    private readonly repo: StaffRepository,
    private readonly access: AccessService,
    private readonly writes: SchoolWrites,
  ) {}

  /** The sections a member teaches (assignments, timetable) or is class teacher of; empty when not linked to a staff record. */
  sectionsTaughtBy(userId: string): Promise<string[]> {
    return this.repo.sectionsTaughtBy(userId);
  }

  /** The sections a member is class teacher of (their own sections, listed first on the attendance page). */
  classTeacherSectionsOf(userId: string): Promise<string[]> {
    return this.repo.classTeacherSectionsOf(userId);
  }

  /** The staff record a member account is linked to, or null. */
  async staffOfUser(userId: string): Promise<StaffMember | null> {
    const row = await this.repo.findByUser(userId);
    return row ? toStaff(row) : null;
  }

  async list(ctx: WorkspaceContext, q: ListStaffQuery): Promise<StaffList> {
    const { rows, total } = await this.repo.list({ search: q.search, status: q.status ?? 'active' }, q.page, q.pageSize);
    return { items: rows.map(toStaff), total, page: q.page, pageSize: q.pageSize };
  }

  async get(ctx: WorkspaceContext, staffId: string): Promise<StaffResult> {
    const row = await this.repo.find(staffId);
    if (!row) throw new DomainException('NOT_FOUND');
    return { staff: toStaff(row) };
  }

  private async checkFields(ctx: WorkspaceContext, s: StaffFields, exceptId: string | null): Promise<void> {
    if (s.userId) {
      await this.access.require(ctx, 'member', [s.userId]);
      // A parent's account never signs in as a staff member (issue 36: the form offered guardians).
      if ((await this.repo.memberRole(s.userId)) === 'guardian')
        throw new DomainException('VALIDATION_FAILED', { details: { userId: 'A guardian’s account cannot be linked to a staff record' } });
    }
    const unknown = await this.repo.unknownSubjects(s.subjectIds);
    if (unknown.length > 0) throw new DomainException('VALIDATION_FAILED', { details: { subjectIds: 'Some of these subjects do not exist' } });
    if (await this.repo.codeTaken(s.employeeCode, exceptId))
      throw new DomainException('EMPLOYEE_CODE_TAKEN', { details: { employeeCode: 'Another staff member already has this employee code' } });
    if (s.userId && (await this.repo.userLinked(s.userId, exceptId)))
      throw new DomainException('STAFF_ACCOUNT_LINKED', { details: { userId: 'This member account is already linked to another staff record' } });
  }

  async create(ctx: WorkspaceContext, input: CreateStaffInput): Promise<StaffResult> {
    const fields: StaffFields = {
      employeeCode: input.employeeCode,
      name: input.name,
      designation: input.designation ?? null,
      subjectIds: input.subjectIds ?? [],
      qualification: input.qualification ?? null,
      joiningDate: input.joiningDate ?? null,
      phone: input.phone ?? null,
      email: input.email ?? null,
      userId: input.userId?.toLowerCase() ?? null,
      status: 'active',
    };
    await this.checkFields(ctx, fields, null);
    try {
      return await this.writes.run(ctx, async (tx) => {
        const row = await this.repo.in(tx.m).create(fields, tx.now);
        const staff = toStaff(row);
        await tx.audit({ action: 'staff.created', entity: 'staff', entityId: row.id, after: staff });
        return { staff };
      });
    } catch (e) {
      staffConflict(e);
    }
  }

  async update(ctx: WorkspaceContext, staffId: string, input: UpdateStaffInput): Promise<StaffResult> {
    await this.access.require(ctx, 'staff', [staffId]);
    const current = await this.repo.find(staffId);
    if (!current) throw new DomainException('NOT_FOUND');
    const pick = <K extends keyof UpdateStaffInput, V>(key: K, was: V): V => (input[key] === undefined ? was : (input[key] as V));
    const fields: StaffFields = {
      employeeCode: pick('employeeCode', current.employee_code),
      name: pick('name', current.name),
      designation: pick('designation', current.designation) || null,
      subjectIds: pick('subjectIds', current.subject_ids),
      qualification: pick('qualification', current.qualification) || null,
      joiningDate: pick('joiningDate', current.joining_date),
      phone: pick('phone', current.phone),
      email: pick('email', current.email),
      userId: pick('userId', current.user_id)?.toLowerCase() ?? null,
      status: pick('status', current.status),
    };
    await this.checkFields(ctx, fields, staffId);
    try {
      return await this.writes.run(ctx, async (tx) => {
        const repo = this.repo.in(tx.m);
        const before = await repo.find(staffId, true);
        if (!before) throw new DomainException('NOT_FOUND');
        const after = await repo.update(staffId, fields, tx.now);
        await tx.audit({ action: 'staff.updated', entity: 'staff', entityId: staffId, before: toStaff(before), after: toStaff(after) });
        return { staff: toStaff(after) };
      });
    } catch (e) {
      staffConflict(e);
    }
  }

  /** PUT …/sections/{sectionId}/class-teacher {staffId|null}. */
  async setClassTeacher(ctx: WorkspaceContext, sectionId: string, staffId: string | null): Promise<ClassTeacherResult> {
    await this.access.require(ctx, 'section', [sectionId]);
    if (staffId) await this.access.require(ctx, 'staff', [staffId]);
    return this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const before = await repo.classTeacher(sectionId);
      await repo.setClassTeacher(sectionId, staffId);
      const after = await repo.classTeacher(sectionId);
      await tx.audit({
        action: 'section.class_teacher_set',
        entity: 'section',
        entityId: sectionId,
        before: { staffId: before?.staff_id ?? null },
        after: { staffId: after?.staff_id ?? null },
      });
      return { classTeacher: { sectionId, staffId: after?.staff_id ?? null, name: after?.name ?? null } };
    });
  }

  async assignments(ctx: WorkspaceContext, q: TeachingAssignmentsQuery): Promise<TeachingAssignmentList> {
    if (q.sectionId) await this.access.require(ctx, 'section', [q.sectionId]);
    if (q.staffId) await this.access.require(ctx, 'staff', [q.staffId]);
    const academicYear = q.academicYear ?? (await this.repo.currentYear());
    const [rows, teachers] = await Promise.all([
      this.repo.assignments({ academicYear, sectionId: q.sectionId, staffId: q.staffId }),
      this.repo.classTeachers(academicYear),
    ]);
    return {
      academicYear,
      items: rows.map((r) => ({
        sectionId: r.section_id,
        sectionName: r.section_name,
        classId: r.class_id,
        className: r.class_name,
        academicYear: r.academic_year,
        subjectId: r.subject_id,
        subjectName: r.subject_name,
        staffId: r.staff_id,
        staffName: r.staff_name,
      })),
      classTeachers: teachers
        .filter((c) => !q.sectionId || c.section_id === q.sectionId)
        .map((c) => ({ sectionId: c.section_id, staffId: c.staff_id, name: c.name })),
    };
  }

  /** PUT …/teaching-assignments: sets or clears each named section × subject; the others stay as they are. */
  async putAssignments(ctx: WorkspaceContext, input: PutTeachingAssignmentsInput): Promise<TeachingAssignmentList> {
    const list = input.assignments.map((a) => ({ sectionId: a.sectionId.toLowerCase(), subjectId: a.subjectId.toLowerCase(), staffId: a.staffId?.toLowerCase() ?? null }));
    await this.access.require(ctx, 'section', list.map((a) => a.sectionId));
    await this.access.require(ctx, 'staff', list.flatMap((a) => (a.staffId ? [a.staffId] : [])));
    const notInClass = await this.repo.pairsNotInClass(list);
    if (notInClass.size > 0) {
      const details: Record<string, string> = {};
      list.forEach((a, i) => {
        if (notInClass.has(`${a.sectionId}:${a.subjectId}`)) details[`assignments.${i}.subjectId`] = 'This subject is not taught in this section’s class';
      });
      throw new DomainException('VALIDATION_FAILED', { details });
    }
    await this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      for (const a of list) await repo.setAssignment(a.sectionId, a.subjectId, a.staffId);
      await tx.audit({ action: 'teaching_assignments.set', entity: 'teaching_assignment', entityId: null, after: list });
    });
    return this.assignments(ctx, { academicYear: undefined, sectionId: undefined, staffId: undefined });
  }
}
