import { Injectable } from '@nestjs/common';
import { permissionsOf, type Language } from '@vidyalaya/shared';
import { type MySchoolsResult, type PreferencesResult, type WorkspaceHome } from '@vidyalaya/shared/people';
import { Clock } from '../../common/clock';
import { DomainException } from '../../common/domain.exception';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import { WorkspaceRepository } from './workspace.repository';

/** The signed-in user's schools and preferences, and a school's workspace home. */
@Injectable()
export class WorkspaceService {
  constructor(
    private readonly repo: WorkspaceRepository,
    private readonly clock: Clock,
  ) {}

  async mySchools(userId: string): Promise<MySchoolsResult> {
    const rows = await this.repo.mySchools(userId);
    return {
      schools: rows.map((r) => ({ id: r.id, name: r.name, subdomain: r.subdomain, role: r.role, approvalStatus: r.approval_status, isActive: r.is_active })),
    };
  }

  async preferences(userId: string): Promise<PreferencesResult> {
    const language = await this.repo.language(userId);
    if (!language) throw new DomainException('UNAUTHENTICATED');
    return { preferences: { language } };
  }

  async setPreferences(userId: string, language: Language): Promise<PreferencesResult> {
    await this.repo.setLanguage(userId, language, this.clock.now());
    return this.preferences(userId);
  }

  async home(ctx: WorkspaceContext): Promise<WorkspaceHome> {
    const r = await this.repo.home();
    if (!r) throw new DomainException('SCHOOL_NOT_FOUND');
    return {
      school: {
        id: r.id,
        name: r.name,
        subdomain: r.subdomain,
        approvalStatus: r.approval_status,
        isActive: r.is_active,
        planType: r.plan_type,
        trialEndsAt: r.trial_ends_at ? r.trial_ends_at.toISOString() : null,
        maxStudents: r.max_students,
      },
      role: ctx.role,
      permissions: permissionsOf(ctx.role),
      academicYear: r.year_id ? { id: r.year_id, name: r.year_name!, startsOn: r.starts_on!, endsOn: r.ends_on! } : null,
      counts: { students: r.students, members: r.members, classes: r.classes, sections: r.sections },
    };
  }
}
