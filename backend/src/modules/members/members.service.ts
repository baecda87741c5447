import { Injectable } from '@nestjs/common';
import type { SchoolRole } from '@vidyalaya/shared';
import type { Member, MemberList, MemberResult } from '@vidyalaya/shared/people';
import { DomainException } from '../../common/domain.exception';
import { AccessService } from '../../common/workspace/access.service';
import { SchoolWrites } from '../../common/workspace/school-writes';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import { MembersRepository, type MemberRow } from './members.repository';

export function toMember(r: MemberRow): Member {
  return { userId: r.user_id, username: r.username, name: r.name, email: r.email, role: r.role, joinedAt: r.created_at.toISOString() };
}

/** A school's members: list, change a role, remove; never leaving the school without an admin. */
@Injectable()
export class MembersService {
  constructor(
    private readonly repo: MembersRepository,
    private readonly access: AccessService,
    private readonly writes: SchoolWrites,
  ) {}

  async list(ctx: WorkspaceContext, page: number, pageSize: number): Promise<MemberList> {
    const { rows, total } = await this.repo.list(page, pageSize);
    return { items: rows.map(toMember), total, page, pageSize };
  }

  /**
   * PATCH …/members/{userId} {role}: the last admin cannot be demoted (422 LAST_ADMIN), nor the
   * school's owner, who keeps the onboarding calls checked by ownership (422 SCHOOL_OWNER).
   */
  async changeRole(ctx: WorkspaceContext, userId: string, role: SchoolRole): Promise<MemberResult> {
    await this.access.require(ctx, 'member', [userId]);
    return this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const admins = await repo.lockAdmins();
      const before = await repo.find(userId);
      if (!before) throw new DomainException('NOT_FOUND');
      if (before.role === role) {
        tx.nothingChanged();
        return { member: toMember(before) };
      }
      if (before.role === 'admin' && admins.length <= 1) throw new DomainException('LAST_ADMIN');
      if (await repo.isOwner(userId)) throw new DomainException('SCHOOL_OWNER');
      await repo.setRole(userId, role);
      const after = { ...before, role };
      await tx.audit({ action: 'member.role_changed', entity: 'member', entityId: userId, before: { role: before.role }, after: { role } });
      return { member: toMember(after) };
    });
  }

  /** DELETE …/members/{userId}: neither the last admin (422 LAST_ADMIN) nor the owner (422 SCHOOL_OWNER). */
  async remove(ctx: WorkspaceContext, userId: string): Promise<{ removed: true }> {
    await this.access.require(ctx, 'member', [userId]);
    return this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const admins = await repo.lockAdmins();
      const before = await repo.find(userId);
      if (!before) throw new DomainException('NOT_FOUND');
      if (before.role === 'admin' && admins.length <= 1) throw new DomainException('LAST_ADMIN');
      if (await repo.isOwner(userId)) throw new DomainException('SCHOOL_OWNER');
      await repo.remove(userId);
      await tx.audit({ action: 'member.removed', entity: 'member', entityId: userId, before: toMember(before) });
      return { removed: true as const };
    });
  }
}
