import { Injectable } from '@nestjs/common';
import type {
  GuardianAccountList,
  GuardianInvitationsResult,
  MyChildrenResult,
  PublishedResultsResult,
  StudentGuardianInvitationInput,
} from '@vidyalaya/shared/guardians';
import type { Invitation } from '@vidyalaya/shared/people';
import { DomainException } from '../../common/domain.exception';
import { AccessService } from '../../common/workspace/access.service';
import { SchoolWrites } from '../../common/workspace/school-writes';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import { ExamsService } from '../exams/exams.service';
import { InvitationsService, PeopleService } from '../members';
import { GuardiansRepository, type StudentEmailRow } from './guardians.repository';

/**
 * Guardian accounts (DECISIONS "Guardians"): invited from a student's record (the guardians'
 * e-mails on it) or for a whole section or class, linked to their children when they accept.
 * Siblings share one invitation (one address, one account); an address that is already this
 * school's guardian is linked at once (InvitationsService). The links themselves live in
 * `student_guardian_users`; AccessService reads them on every guardian request.
 */
@Injectable()
export class GuardiansService {
  constructor(
    private readonly repo: GuardiansRepository,
    private readonly access: AccessService,
    private readonly writes: SchoolWrites,
    private readonly invitations: InvitationsService,
    private readonly exams: ExamsService,
    private readonly people: PeopleService,
  ) {}

  /** POST …/students/{studentId}/guardian-invitations: each guardian of the record with an e-mail (or the one named). */
  async inviteFromStudent(ctx: WorkspaceContext, studentId: string, input: StudentGuardianInvitationInput): Promise<GuardianInvitationsResult> {
    await this.access.require(ctx, 'student', [studentId]);
    let rows = await this.repo.guardianEmails({ studentIds: [studentId.toLowerCase()] });
    if (input.email) {
      rows = rows.filter((r) => r.email === input.email!.toLowerCase());
      if (rows.length === 0) throw new DomainException('NO_GUARDIAN_EMAIL');
    }
    return this.invite(ctx, rows);
  }

  /** POST …/sections/{sectionId}/guardian-invitations: the guardians of every active student of the section. */
  async inviteSection(ctx: WorkspaceContext, sectionId: string): Promise<GuardianInvitationsResult> {
    await this.access.require(ctx, 'section', [sectionId]);
    return this.invite(ctx, await this.repo.guardianEmails({ sectionId }));
  }

  /** POST …/classes/{classId}/guardian-invitations: the guardians of every active student of the class. */
  async inviteClass(ctx: WorkspaceContext, classId: string): Promise<GuardianInvitationsResult> {
    await this.access.require(ctx, 'class', [classId]);
    return this.invite(ctx, await this.repo.guardianEmails({ classId }));
  }

  /** One invitation per address for the students it is not yet linked to; the rest are reported as skipped. */
  private async invite(ctx: WorkspaceContext, rows: StudentEmailRow[]): Promise<GuardianInvitationsResult> {
    const skipped: GuardianInvitationsResult['skipped'] = [];
    const byEmail = new Map<string, { name: string; studentIds: string[] }>();
    const withEmail = new Set(rows.filter((r) => r.email).map((r) => r.student_id));
    for (const r of rows) {
      if (!r.email) {
        if (!withEmail.has(r.student_id) && !skipped.some((s) => s.studentId === r.student_id)) skipped.push({ studentId: r.student_id, email: null, reason: 'no_email' });
        continue;
      }
      if (r.linked) {
        skipped.push({ studentId: r.student_id, email: r.email, reason: 'already_linked' });
        continue;
      }
      const entry = byEmail.get(r.email) ?? { name: r.guardian_name, studentIds: [] };
      if (!entry.studentIds.includes(r.student_id)) entry.studentIds.push(r.student_id);
      byEmail.set(r.email, entry);
    }
    const invitations: Invitation[] = [];
    for (const [email, { name, studentIds }] of byEmail) {
      try {
        const { invitation } = await this.invitations.create(ctx, { email, name: name || email, role: 'guardian', studentIds });
        invitations.push(invitation);
      } catch (e) {
        // A member of another role, too many invitations this hour, or no mail: the others still go.
        if (!(e instanceof DomainException)) throw e;
        for (const studentId of studentIds) skipped.push({ studentId, email, reason: 'not_invited' });
      }
    }
    return { invitations, skipped };
  }

  /** GET …/students/{studentId}/guardian-accounts: the accounts that see this student. */
  async accounts(ctx: WorkspaceContext, studentId: string): Promise<GuardianAccountList> {
    await this.access.require(ctx, 'student', [studentId]);
    const rows = await this.repo.accounts(studentId);
    const people = await this.people.of(rows.map((r) => r.user_id));
    const items = rows.flatMap((r) => {
      const p = people.get(r.user_id);
      return p ? [{ userId: r.user_id, username: p.username, name: p.memberName, email: p.email, linkedAt: r.linked_at.toISOString() }] : [];
    });
    // Oldest link first; links made at the same moment by username.
    items.sort((a, b) => a.linkedAt.localeCompare(b.linkedAt) || a.username.localeCompare(b.username));
    return { items };
  }

  /** DELETE …/students/{studentId}/guardian-accounts/{userId}: the account no longer sees the student. */
  async unlink(ctx: WorkspaceContext, studentId: string, userId: string): Promise<{ removed: true }> {
    await this.access.require(ctx, 'student', [studentId]);
    return this.writes.run(ctx, async (tx) => {
      if (!(await this.repo.in(tx.m).unlink(studentId, userId))) throw new DomainException('NOT_FOUND');
      await tx.audit({ action: 'guardian.unlinked', entity: 'student', entityId: studentId, before: { userId } });
      return { removed: true as const };
    });
  }

  /**
   * GET …/students/{studentId}/published-results?academicYear=: the child's published exams on
   * screen, from the exams module's frozen snapshots (through ExamsService, which scopes the row:
   * a guardian's other child answers 404).
   */
  async publishedResults(ctx: WorkspaceContext, studentId: string, academicYear: string): Promise<PublishedResultsResult> {
    const exams = await this.exams.publishedResults(ctx, studentId, academicYear);
    return { results: { studentId: studentId.toLowerCase(), academicYear, exams } };
  }

  /** GET /me/children: the caller's children in every school where they are a guardian. */
  async myChildren(userId: string): Promise<MyChildrenResult> {
    const rows = await this.repo.myChildren(userId);
    return {
      children: rows.map((r) => ({
        schoolId: r.school_id,
        schoolName: r.school_name,
        subdomain: r.subdomain,
        studentId: r.student_id,
        name: [r.first_name, r.last_name].filter(Boolean).join(' '),
        admissionNumber: r.admission_number,
        classId: r.class_id,
        className: r.class_name,
        sectionId: r.section_id,
        sectionName: r.section_name,
        status: r.status,
      })),
    };
  }
}
