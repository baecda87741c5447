import { Inject, Injectable } from '@nestjs/common';
import {
  INVITATION_TTL_DAYS,
  type AcceptInvitationInput,
  type AcceptInvitationResult,
  type CreateInvitationInput,
  type Invitation,
  type InvitationList,
  type InvitationPreview,
  type InvitationResult,
  type InvitationStatus,
} from '@vidyalaya/shared/people';
import type { AuthUser } from '../../common/auth/access-tokens';
import { Clock } from '../../common/clock';
import { DomainException } from '../../common/domain.exception';
import { isUuid } from '../../common/uuid';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import { AccessService } from '../../common/workspace/access.service';
import { SchoolWrites } from '../../common/workspace/school-writes';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { AccountsService } from '../auth';
import { MailService } from '../mail/mail.service';
import { guardianLinkedMail, invitationMail } from './invitation-mail';
import { hashInvitationToken, newInvitationToken, schoolIdOfToken } from './invitation-token';
import { INVITATION_LIMITS } from './members-rate-limits';
import { MembersRepository, type InvitationRow } from './members.repository';
import { bindSchool } from '../../common/request-context';

const DAY_MS = 86_400_000;

function statusAt(r: InvitationRow, now: Date): InvitationStatus {
  if (r.accepted_at) return 'accepted';
  if (r.revoked_at) return 'revoked';
  return r.expires_at.getTime() <= now.getTime() ? 'expired' : 'pending';
}

function toInvitation(r: InvitationRow, status: InvitationStatus): Invitation {
  return {
    id: r.id,
    email: r.email,
    role: r.role,
    name: r.name,
    expiresAt: r.expires_at.toISOString(),
    status,
    createdAt: r.created_at.toISOString(),
    studentIds: r.student_ids ?? [],
  };
}

/**
 * Invitations (DECISIONS "People and roles"): an admin invites by e-mail; the single-use link
 * (256-bit token, stored hashed, 7 days) makes the membership, with a new verified account or for
 * a signed-in user. An unknown, used, revoked or expired token, and another school's, all answer
 * 404 INVITATION_INVALID.
 */
@Injectable()
export class InvitationsService {
  constructor(
    private readonly repo: MembersRepository,
    private readonly access: AccessService,
    private readonly writes: SchoolWrites,
    private readonly accounts: AccountsService,
    private readonly mail: MailService,
    private readonly rates: RateLimitService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * POST …/invitations. A guardian invitation names the children (`studentIds`, this school's
   * students; another school's id answers 404). One account for all of a guardian's children:
   * a pending guardian invitation to the same address is superseded by one naming the children of
   * both, and an address that is already a guardian of this school is linked to the children at
   * once (the invitation answers `accepted`, and the guardian is told by e-mail).
   */
  async create(ctx: WorkspaceContext, input: CreateInvitationInput): Promise<InvitationResult> {
    await this.rates.hit(INVITATION_LIMITS.school(ctx.schoolId), INVITATION_LIMITS.email(input.email));
    const existing = await this.repo.memberByEmail(input.email);
    if (existing && !(input.role === 'guardian' && existing.role === 'guardian')) throw new DomainException('ALREADY_MEMBER');
    // A guardian's children must be this school's students (another school's id answers 404).
    await this.access.require(ctx, 'student', input.studentIds ?? []);
    const { token, hash } = newInvitationToken(ctx.schoolId);
    const { row, school } = await this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const superseded = await repo.revokePendingFor(input.email, tx.now);
      for (const id of superseded.ids) await tx.audit({ action: 'invitation.revoked', entity: 'invitation', entityId: id, after: { reason: 'superseded' } });
      const studentIds = input.role === 'guardian' ? [...new Set([...superseded.guardianStudentIds, ...(input.studentIds ?? []).map((id) => id.toLowerCase())])] : [];
      let row = await repo.createInvitation({
        email: input.email,
        name: input.name,
        role: input.role,
        studentIds,
        tokenHash: hash,
        invitedBy: ctx.userId,
        now: tx.now,
        expiresAt: new Date(tx.now.getTime() + INVITATION_TTL_DAYS * DAY_MS),
      });
      await tx.audit({ action: 'invitation.created', entity: 'invitation', entityId: row.id, after: toInvitation(row, 'pending') });
      if (existing) {
        // Already this school's guardian: the children are linked now (the link trigger runs on accepted_by).
        await repo.markAccepted(row.id, existing.user_id, tx.now);
        row = (await repo.findInvitation(row.id))!;
        await tx.audit({ action: 'guardian.linked', entity: 'member', entityId: existing.user_id, after: { invitationId: row.id, studentIds } });
      }
      return { row, school: await repo.schoolOf() };
    });
    if (existing) {
      try {
        await this.mail.send({ to: row.email, ...guardianLinkedMail({ name: row.name, schoolName: school!.name, subdomain: school!.subdomain, appDomain: this.config.appDomain }) });
      } catch {
        // The link is made; the note is a courtesy (the children show on their next sign-in).
      }
      return { invitation: toInvitation(row, 'accepted') };
    }
    try {
      await this.mail.send({
        to: row.email,
        ...invitationMail({
          name: row.name,
          role: row.role,
          schoolName: school!.name,
          subdomain: school!.subdomain,
          appDomain: this.config.appDomain,
          token,
          expiresAt: row.expires_at,
        }),
      });
    } catch (e) {
      // Nobody received the link: the invitation must not stay pending.
      await this.writes.run(ctx, async (tx) => {
        await this.repo.in(tx.m).revokeInvitation(row.id, tx.now);
        await tx.audit({ action: 'invitation.revoked', entity: 'invitation', entityId: row.id, after: { reason: 'e-mail not sent' } });
      });
      throw e;
    }
    return { invitation: toInvitation(row, 'pending') };
  }

  async list(ctx: WorkspaceContext, status: InvitationStatus | 'all', page: number, pageSize: number): Promise<InvitationList> {
    const { rows, total } = await this.repo.listInvitations(status, this.clock.now(), page, pageSize);
    return { items: rows.map((r) => toInvitation(r, r.status)), total, page, pageSize };
  }

  /** DELETE …/invitations/{id}: a pending invitation is revoked; a used or expired one answers 404 INVITATION_INVALID. */
  async revoke(ctx: WorkspaceContext, invitationId: string): Promise<{ revoked: true }> {
    await this.access.require(ctx, 'invitation', [invitationId]);
    return this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const row = await repo.findInvitation(invitationId, true);
      if (!row) throw new DomainException('NOT_FOUND');
      const status = statusAt(row, tx.now);
      if (status === 'revoked') {
        tx.nothingChanged();
        return { revoked: true as const };
      }
      if (status !== 'pending') throw new DomainException('INVITATION_INVALID');
      await repo.revokeInvitation(invitationId, tx.now);
      await tx.audit({ action: 'invitation.revoked', entity: 'invitation', entityId: invitationId, before: toInvitation(row, status) });
      return { revoked: true as const };
    });
  }

  /** GET /invitations/preview?token= (public): what the join page shows before accepting. */
  async preview(token: string, subdomain: string | undefined, ip: string): Promise<InvitationPreview> {
    await this.rates.hit(INVITATION_LIMITS.redeem(ip));
    const schoolId = schoolIdOfToken(token);
    if (!isUuid(schoolId)) throw new DomainException('INVITATION_INVALID');
    // A public call: the token names its school, which this request reads in from here on.
    bindSchool(schoolId.toLowerCase());
    const row = await this.repo.findByToken(hashInvitationToken(token));
    if (!row || statusAt(row, this.clock.now()) !== 'pending' || (subdomain !== undefined && subdomain !== row.subdomain.toLowerCase())) {
      throw new DomainException('INVITATION_INVALID');
    }
    return {
      invitation: { schoolName: row.school_name, subdomain: row.subdomain, role: row.role, name: row.name, email: row.email, expiresAt: row.expires_at.toISOString() },
    };
  }

  /**
   * POST /invitations/accept (public). `{token, username, password}` makes a verified account
   * with the invited e-mail; `{token}` alone adds the signed-in caller, whose verified e-mail must
   * be the invited address (else 403 INVITATION_EMAIL_MISMATCH). One transaction: the
   * invitation is locked, checked, used, and the membership made; a second accept of the same
   * token waits for the first and then finds it used.
   */
  async accept(input: AcceptInvitationInput, caller: AuthUser | null, ip: string): Promise<AcceptInvitationResult> {
    await this.rates.hit(INVITATION_LIMITS.redeem(ip));
    const newAccount = input.username !== undefined && input.password !== undefined;
    if (!newAccount && !caller) throw new DomainException('UNAUTHENTICATED');
    const schoolId = schoolIdOfToken(input.token).toLowerCase();
    if (!isUuid(schoolId)) throw new DomainException('INVITATION_INVALID');
    bindSchool(schoolId);
    // A cheap look first, so a bad token never costs a password hash.
    const seen = await this.repo.findByToken(hashInvitationToken(input.token));
    if (!seen || statusAt(seen, this.clock.now()) !== 'pending') throw new DomainException('INVITATION_INVALID');
    const passwordHash = newAccount ? await this.accounts.hashNewPassword(input.password!) : null;
    return this.writes.run({ schoolId, userId: caller?.id ?? null }, async (tx) => {
      const repo = this.repo.in(tx.m);
      const inv = await repo.findByToken(hashInvitationToken(input.token), true);
      if (!inv || statusAt(inv, tx.now) !== 'pending' || (input.subdomain !== undefined && input.subdomain !== inv.subdomain.toLowerCase())) {
        throw new DomainException('INVITATION_INVALID');
      }
      // Nobody joins a school awaiting approval (issue 33 row 3).
      if (inv.approval_status !== 'approved') throw new DomainException('SCHOOL_NOT_APPROVED');
      if (!newAccount) {
        // The link is bound to the address it was sent to (issue 33 row 2): a signed-in account
        // accepts only when its verified e-mail is that address, ignoring case; anyone else makes
        // a new account with the link (token, username, password).
        const address = await repo.accountAddress(caller!.id);
        if (!address) throw new DomainException('UNAUTHENTICATED');
        if (!address.is_email_verified || address.email.trim().toLowerCase() !== inv.email.trim().toLowerCase()) {
          throw new DomainException('INVITATION_EMAIL_MISMATCH');
        }
      }
      const user = newAccount
        ? await this.accounts.createVerified(tx.m, { username: input.username!, email: inv.email, passwordHash: passwordHash! })
        : await this.accounts.find(tx.m, caller!.id);
      if (!user) throw new DomainException('UNAUTHENTICATED');
      if (!(await repo.add(user.id, inv.role, inv.name, tx.now))) {
        // A guardian of this school accepting another guardian invitation gains its children; anyone else is already a member.
        if (!(inv.role === 'guardian' && (await repo.roleOf(user.id)) === 'guardian')) throw new DomainException('ALREADY_MEMBER');
      }
      await repo.markAccepted(inv.id, user.id, tx.now);
      // The staff record made with the invitation ("add a teacher") now signs in with this account.
      const staffId = inv.role === 'guardian' ? null : await repo.linkStaffRecord(user.id, inv.email, tx.now);
      if (staffId) await tx.audit({ action: 'staff.linked', entity: 'staff', entityId: staffId, actorId: user.id, after: { userId: user.id, invitationId: inv.id } });
      await tx.audit({
        action: 'invitation.accepted',
        entity: 'member',
        entityId: user.id,
        actorId: user.id,
        after: { userId: user.id, username: user.username, role: inv.role, invitationId: inv.id, studentIds: inv.student_ids },
      });
      return { membership: { schoolId, role: inv.role }, user: { id: user.id, username: user.username } };
    });
  }
}
