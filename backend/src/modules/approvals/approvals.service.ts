import { Inject, Injectable } from '@nestjs/common';
import {
  CATALOGUE_CLASSES,
  trialEndsAt,
  type AdminSchoolClass,
  type AdminSchool,
  type AdminSchoolDetail,
  type AdminSchoolListResult,
  type ListSchoolsQuery,
  type SchoolDecisionKind,
  type SchoolDecisionResult,
} from '@vidyalaya/shared';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../common/auth/access-tokens';
import { Clock } from '../../common/clock';
import { DomainException } from '../../common/domain.exception';
import { LOGGER } from '../../common/logger';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { UserEntity } from '../auth';
import { MailService } from '../mail/mail.service';
import { SchoolEntity, toSchoolDto } from '../schools';
import { approvedMail, rejectedMail } from './decision-mail';
import { SchoolDecisionEntity } from './school-decision.entity';

/** A decision by another staff member younger than this cannot have been seen by the caller (issue 20). */
const RACE_WINDOW_MS = 10_000;

/** `%`, `_` and `\` match themselves in a LIKE pattern built from `text`. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function toStaffSchoolView(school: SchoolEntity, owner: UserEntity): AdminSchool {
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
    private readonly db: DataSource,
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
    const status = query.status ?? 'pending';
    const qb = this.db.getRepository(SchoolEntity).createQueryBuilder('s').innerJoinAndSelect('s.owner', 'u');
    if (status !== 'all') qb.andWhere('s.approvalStatus = :status', { status });
    if (query.search) {
      qb.andWhere(
        `(s.name ILIKE :pattern ESCAPE '\\' OR s.subdomain ILIKE :pattern ESCAPE '\\' OR s.city ILIKE :pattern ESCAPE '\\' OR u.username ILIKE :pattern ESCAPE '\\')`,
        { pattern: `%${escapeLike(query.search)}%` },
      );
    }
    if (status === 'pending') qb.orderBy('s.submittedAt', 'ASC');
    else qb.orderBy('s.updatedAt', 'DESC');
    qb.addOrderBy('s.id', 'ASC').offset((query.page - 1) * query.pageSize).limit(query.pageSize);
    const [schools, total] = await qb.getManyAndCount();
    return { schools: schools.map((s) => toStaffSchoolView(s, s.owner!)), total, page: query.page, pageSize: query.pageSize };
  }

  /** One school with its administrator and decision history, newest first. */
  async detail(id: string): Promise<AdminSchoolDetail> {
    const school = await this.db.getRepository(SchoolEntity).findOne({ where: { id }, relations: { owner: true } });
    if (!school) throw new DomainException('SCHOOL_NOT_FOUND');
    const decisions = await this.db.getRepository(SchoolDecisionEntity).find({
      where: { schoolId: id },
      relations: { decidedBy: true },
      order: { decidedAt: 'DESC', id: 'ASC' },
    });
    return {
      school: toStaffSchoolView(school, school.owner!),
      decisions: decisions.map((d) => ({
        id: d.id,
        decision: d.decision,
        reason: d.reason,
        decidedBy: { id: d.decidedById, username: d.decidedBy?.username ?? '' },
        decidedAt: d.decidedAt.toISOString(),
      })),
      classes: await this.classesOf(id),
    };
  }

  /** What the school has set up, for the reviewer: each class with its section and subject counts. */
  private async classesOf(schoolId: string): Promise<AdminSchoolClass[]> {
    const rows: { name: string; academic_year: string; sections: string | number; subjects: string | number }[] = await this.db.query(
      `SELECT c.name, c.academic_year,
              (SELECT count(*) FROM sections s WHERE s.class_id = c.id) AS sections,
              (SELECT count(*) FROM class_subjects cs WHERE cs.class_id = c.id) AS subjects
         FROM classes c WHERE c.school_id = $1`,
      [schoolId],
    );
    const order = new Map<string, number>(CATALOGUE_CLASSES.map((name, i) => [name, i]));
    return rows
      .map((r) => ({ name: r.name, academicYear: r.academic_year, sections: Number(r.sections), subjects: Number(r.subjects) }))
      .sort((a, b) => b.academicYear.localeCompare(a.academicYear) || (order.get(a.name) ?? 99) - (order.get(b.name) ?? 99));
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
    const school = await this.db.transaction(async (tx) => {
      const current = await tx.getRepository(SchoolEntity).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!current) throw new DomainException('SCHOOL_NOT_FOUND');
      if (current.approvalStatus === decision) throw new DomainException('ALREADY_DECIDED');
      const now = this.clock.now();
      // Issue 20: two staff members deciding one school at the same moment (one approves, one
      // rejects) must not both be recorded. The lock orders them; the second then finds a decision
      // by someone else only moments old, which it cannot have seen: refused. Reversing one's own
      // decision, or anyone's after a short while, stays possible.
      const [latest] = await tx.query(
        `SELECT decided_by, decided_at FROM school_decisions WHERE school_id = $1 ORDER BY decided_at DESC, id DESC LIMIT 1`,
        [id],
      );
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
      await tx.getRepository(SchoolEntity).save(current);
      await tx.getRepository(SchoolDecisionEntity).insert({ schoolId: id, decision, reason, decidedById: staff.id, decidedAt: now });
      return current;
    });
    const notified = await this.notify(school, decision, reason);
    return { ...(await this.detail(id)), notified };
  }

  /** E-mails the decision to the administrator; a mail outage is logged for the operator, the decision stands. */
  private async notify(school: SchoolEntity, decision: SchoolDecisionKind, reason: string | null): Promise<boolean> {
    const owner = await this.db.getRepository(UserEntity).findOneBy({ id: school.ownerId });
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
