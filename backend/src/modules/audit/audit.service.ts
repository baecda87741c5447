import { Injectable } from '@nestjs/common';
import type { AuditLogPage } from '@vidyalaya/shared/audit';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import { PeopleService } from '../members';
import { AuditRepository } from './audit.repository';

/** The school's audit log, newest first (admins). */
@Injectable()
export class AuditService {
  constructor(
    private readonly repo: AuditRepository,
    private readonly people: PeopleService,
  ) {}

  async page(ctx: WorkspaceContext, entity: string | undefined, page: number, pageSize: number): Promise<AuditLogPage> {
    const { rows, total } = await this.repo.page(entity, page, pageSize);
    const actors = await this.people.of(rows.map((r) => r.actor_id));
    return {
      items: rows.map((r) => ({
        id: r.id,
        at: r.at.toISOString(),
        actor: r.actor_id ? { id: r.actor_id, username: actors.get(r.actor_id)?.username ?? '' } : null,
        action: r.action,
        entity: r.entity,
        entityId: r.entity_id,
        before: r.before,
        after: r.after,
      })),
      total,
      page,
      pageSize,
    };
  }
}
