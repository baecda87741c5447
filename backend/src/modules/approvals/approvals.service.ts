import { Inject, Injectable } from '@nestjs/common';
import { trialEndsAt } from '@vidyalaya/shared';
import {
  type AdminSchool,
  type AdminSchoolDetail,
  type AdminSchoolListResult,
  type ListSchoolsQuery,
  type SchoolDecisionKind,
  type SchoolDecisionResult,
} from '@vidyalaya/shared/admin';
import type { Logger } from 'pino';
import type { AuthUser } from '../../common/auth/access-tokens';
import { Clock } from '../../common/clock';
import { DomainException } from '../../common/domain.exception';
import { LOGGER } from '../../common/logger';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { AcademicsService } from '../academics/academics.service';
import { AccountsService, type UserEntity } from '../auth';
import { MailService } from '../mail/mail.service';
import { toSchoolDto, type SchoolEntity } from '../schools';
import { SchoolsService } from '../schools/schools.service';
import { ApprovalsRepository } from './approvals.repository';
import { approvedMail, rejectedMail } from './decision-mail';
import { runInSchool } from '../../common/request-context';

/** A decision by another staff member younger than this cannot have been seen by the caller (issue 20). */
const RACE_WINDOW_MS = 10_000;

function toStaffSchoolView(school: SchoolEntity, owner: Pick<UserEntity, 'id' | 'username' | 'email'>): AdminSchool {
  return { ...toSchoolDto(school), owner: { id: owner.id, username: owner.username, email: owner.email } };
}

/**
 * Provider staff's approval queue (DECISIONS "Schools, setup and approval"): list, look, approve,
 * reject. Each decision is taken under a row lock, recorded with who/when/why, and e-mailed to the
 * school's administrator after it is committed.
 */
@Injectable()
export class ApprovalsService {
  constructor(
    private readonly repo: ApprovalsRepository,
    private readonly schools: SchoolsService,
    private readonly academics: AcademicsService,
    private readonly accounts: AccountsService,
    private readonly clock: Clock,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Schools with their administrators. No status means 'pending' (the queue, longest waiting
   * first); 'all' and the decided statuses list the most recently changed first. The search matches
   * name, subdomain, city or the administrator's username, ignoring case.
   */
  async list(query: ListSchoolsQuery): Promise<AdminSchoolListResult> {
    const [schools, total] = await this.schools.listWithOwners(query);
    return { schools: schools.map((s) => toStaffSchoolView(s, s.owner!)), total, page: query.page, pageSize: query.pageSize };
  }

  /** One school with its administrator and decision history, newest first. */
  async detail(id: string): Promise<AdminSchoolDetail> {
    const school = await this.schools.findWithOwner(id);
    if (!school) throw new DomainException('SCHOOL_NOT_FOUND');
    const decisions = await this.repo.history(id);
    return {
      school: toStaffSchoolView(school, school.owner!),
      decisions: decisions.map((d) => ({
        id: d.id,
        decision: d.decision,
        reason: d.reason,
        decidedBy: { id: d.decidedById, username: d.decidedBy?.username ?? '' },
        decidedAt: d.decidedAt.toISOString(),
      })),
      classes: await runInSchool(id, () => this.academics.classCounts()),
    };
  }

  /**
   * Approves: active, 'approved', and on the first approval approved_at and the trial's end (30 days
   * later). Approving an approved school is 422 ALREADY_DECIDED; a rejected one can be approved.
   */
  approve(staff: AuthUser, id: string): Promise<SchoolDecisionResult> {
    return this.decide(staff, id, 'approved', null);
  }

  /**
   * Rejects with a reason: inactive, 'rejected', reason kept. Rejecting a rejected school is 422
   * ALREADY_DECIDED; an approved one can be rejected (its portal goes offline).
   */
  reject(staff: AuthUser, id: string, reason: string): Promise<SchoolDecisionResult> {
    return this.decide(staff, id, 'rejected', reason);
  }

  private async decide(staff: AuthUser, id: string, decision: SchoolDecisionKind, reason: string | null): Promise<SchoolDecisionResult> {
    const school = await this.repo.transaction(async (tx) => {
      const current = await this.schools.lockForUpdate(tx, id);
      if (!current) throw new DomainException('SCHOOL_NOT_FOUND');
      if (current.approvalStatus === decision) throw new DomainException('ALREADY_DECIDED');
      const now = this.clock.now();
      // Issue 20: two staff members deciding one school at the same moment (one approves, one
      // rejects) must not both be recorded. The lock orders them; the second then finds a decision
      // by someone else only moments old, which it cannot have seen: refused. Reversing one's own
      // decision, or anyone's after a short while, stays possible.
      const latest = await this.repo.in(tx).latest(id);
      if (latest && latest.decided_by !== staff.id && now.getTime() - new Date(latest.decided_at).getTime() < RACE_WINDOW_MS) {
        throw new DomainException('ALREADY_DECIDED');
      }
      if (decision === 'approved') {
        current.approvedAt ??= now;
        current.trialEndsAt ??= trialEndsAt(current.approvedAt);
        Object.assign(current, { approvalStatus: 'approved', isActive: true, rejectionReason: null });
      } else {
        Object.assign(current, { approvalStatus: 'rejected', isActive: false, rejectionReason: reason });
      }
      current.updatedAt = now;
      await this.schools.save(tx, current);
      await this.repo.in(tx).record(id, decision, reason, staff.id, now);
      return current;
    });
    const notified = await this.notify(school, decision, reason);
    return { ...(await this.detail(id)), notified };
  }

  /** E-mails the decision to the administrator; a mail outage is logged for the operator, the decision stands. */
  private async notify(school: SchoolEntity, decision: SchoolDecisionKind, reason: string | null): Promise<boolean> {
    const owner = await this.accounts.find(null, school.ownerId);
    if (!owner) return false;
    const content = decision === 'approved' ? approvedMail(school, this.config.appDomain) : rejectedMail(school, reason ?? '');
    try {
      await this.mail.send({ to: owner.email, ...content });
      return true;
    } catch {
      this.logger.warn({ schoolId: school.id, decision }, 'school decision recorded, but its e-mail to the administrator could not be sent');
      return false;
    }
  }
}
