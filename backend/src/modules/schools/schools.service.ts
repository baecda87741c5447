import { Injectable } from '@nestjs/common';
import {
  AVAILABLE_PLAN_TYPES,
  isReservedSubdomain,
  MESSAGES,
  setupProgressFromSummary,
  subdomainCandidates,
  subdomainProblem,
  type PlanType,
} from '@vidyalaya/shared';
import { type ListSchoolsQuery } from '@vidyalaya/shared/admin';
import { type CreateSchoolPayload, type SchoolResult, type SchoolSummary, type SubdomainAvailability } from '@vidyalaya/shared/schools';
import type { EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth/access-tokens';
import { Clock } from '../../common/clock';
import { RawJson } from '../../common/success-envelope';
import { DomainException } from '../../common/domain.exception';
import { AcademicsService } from '../academics/academics.service';
import type { SchoolEntity } from './school.entity';
import { schoolColumns, toSchoolDto } from './school.mapper';
import { SchoolsRepository } from './schools.repository';
import { schoolConflictCode, violatedUniqueIndex } from './unique-violation';
import { runInSchool } from '../../common/request-context';

const sameSubdomain = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * A school's profile, plan and summary (spec §3, §4, §5, §7; DECISIONS "Schools, setup and
 * approval"). Uniqueness is the database's job: unique indexes on owner, subdomain and school code,
 * whose violations map to their 409 codes, so no check-then-insert race can make a duplicate.
 */
@Injectable()
export class SchoolsService {
  constructor(
    private readonly repo: SchoolsRepository,
    private readonly clock: Clock,
    private readonly academics: AcademicsService,
  ) {}

  /**
   * POST /school/create. One school per administrator. Sending the same create again (same
   * subdomain) is a retry: it answers the school made the first time, unchanged; a different
   * school for the same administrator is 409 SCHOOL_ALREADY_EXISTS.
   */
  async create(user: AuthUser, payload: CreateSchoolPayload): Promise<SchoolResult> {
    if (isReservedSubdomain(payload.subdomain)) throw new DomainException('SUBDOMAIN_RESERVED');
    const existing = await this.repo.findByOwner(user.id);
    if (existing) return this.retriedCreate(existing, payload);
    const now = this.clock.now();
    try {
      const school = await this.repo.insert({
        ...schoolColumns(payload),
        ownerId: user.id,
        isActive: false,
        approvalStatus: 'pending',
        rejectionReason: null,
        planType: 'free_trial',
        approvedAt: null,
        trialEndsAt: null,
        submittedAt: now,
        createdAt: now,
        updatedAt: now,
      });
      return { school: toSchoolDto(school) };
    } catch (e) {
      const index = violatedUniqueIndex(e);
      if (index === null) throw e;
      // A concurrent twin of this request may have won the race: then this one is its retry.
      const mine = await this.repo.findByOwner(user.id);
      if (mine) return this.retriedCreate(mine, payload);
      const code = schoolConflictCode(index);
      throw code ? new DomainException(code) : e;
    }
  }

  private retriedCreate(existing: SchoolEntity, payload: CreateSchoolPayload): SchoolResult {
    if (!sameSubdomain(existing.subdomain, payload.subdomain)) throw new DomainException('SCHOOL_ALREADY_EXISTS');
    return { school: toSchoolDto(existing) };
  }

  /**
   * PATCH /school/{id} with the full create payload. Pending: edited, stays pending. Rejected:
   * edited and re-submitted, so pending again (the rejection stays in the decision history).
   * Approved: edited and stays approved, but its subdomain (the portal's address) is locked, and a
   * new name sends it back for review (pending, inactive) (issue 20).
   */
  async update(school: SchoolEntity, payload: CreateSchoolPayload): Promise<SchoolResult> {
    return this.repo.transaction(async (tx) => {
      const current = await this.repo.in(tx).lockById(school.id);
      if (!current) throw new DomainException('SCHOOL_NOT_FOUND');
      const subdomainChanged = !sameSubdomain(current.subdomain, payload.subdomain);
      if (subdomainChanged && current.approvalStatus === 'approved') {
        throw new DomainException('SCHOOL_NOT_EDITABLE', { message: MESSAGES.errors.subdomainLocked });
      }
      if (subdomainChanged && isReservedSubdomain(payload.subdomain)) throw new DomainException('SUBDOMAIN_RESERVED');
      const now = this.clock.now();
      // Issue 20: staff approved the school under its name; an approved school that takes another
      // name (not merely other letter case or spacing) goes back to the queue for a new review. Its
      // approval date and trial are kept, so a re-approval does not restart the trial.
      const renamedWhileApproved = current.approvalStatus === 'approved' && nameKey(current.name) !== nameKey(payload.name);
      const resubmitted = current.approvalStatus === 'rejected' || renamedWhileApproved;
      Object.assign(current, schoolColumns(payload), { updatedAt: now });
      if (resubmitted) Object.assign(current, { approvalStatus: 'pending', isActive: false, rejectionReason: null, submittedAt: now });
      await this.save(tx, current);
      return { school: toSchoolDto(current) };
    });
  }

  /** Saves the school inside the caller's transaction; a unique index's violation answers its 409 code. */
  async save(tx: EntityManager, school: SchoolEntity): Promise<void> {
    try {
      await this.repo.in(tx).save(school);
    } catch (e) {
      const index = violatedUniqueIndex(e);
      const code = index === null ? null : schoolConflictCode(index);
      throw code ? new DomainException(code) : e;
    }
  }

  /** PATCH /school/{id}/plan: only the free trial can be chosen now (DECISIONS "Plans"). */
  async updatePlan(school: SchoolEntity, planType: PlanType): Promise<SchoolResult> {
    if (!(AVAILABLE_PLAN_TYPES as readonly PlanType[]).includes(planType)) throw new DomainException('PLAN_COMING_SOON');
    const now = this.clock.now();
    await this.repo.setPlan(school.id, planType, now);
    return { school: toSchoolDto({ ...school, planType, updatedAt: now }) };
  }

  /**
   * GET /school/subdomain-availability: a format message, 'This subdomain is reserved' or
   * 'Subdomain already taken' as the reason; the caller's own school's subdomain is available to them.
   */
  async availability(user: AuthUser, subdomain: string, city?: string): Promise<SubdomainAvailability> {
    const problem = subdomainProblem(subdomain);
    if (problem === MESSAGES.errors.subdomainReserved) return { available: false, reason: problem, suggestions: await this.freeSubdomains(subdomain, city) };
    if (problem) return { available: false, reason: problem };
    const owner = await this.repo.subdomainOwner(subdomain);
    if (owner !== null && owner !== user.id) {
      return { available: false, reason: MESSAGES.errors.subdomainTaken, suggestions: await this.freeSubdomains(subdomain, city) };
    }
    return { available: true };
  }

  /** Up to three subdomains like `subdomain` that no school has (issue 20), checked in one query. */
  private async freeSubdomains(subdomain: string, city?: string): Promise<string[]> {
    const candidates = subdomainCandidates(subdomain, city);
    if (candidates.length === 0) return [];
    const used = new Set(await this.repo.takenSubdomains(candidates));
    return candidates.filter((c) => !used.has(c)).slice(0, 3);
  }

  /** GET /auth/my-school: 404 with `data.school` null when the user has no school (spec §7). */
  async mySchool(user: AuthUser): Promise<SchoolResult> {
    const school = await this.repo.findByOwner(user.id);
    if (!school) throw new DomainException('SCHOOL_NOT_FOUND', { data: { school: null } });
    return { school: toSchoolDto(school) };
  }

  /**
   * GET /auth/my-school-detailed, from the read model (migration 1763800003000): one prepared query
   * answers the stored summary while it is current; otherwise it is rebuilt, and stored only if nothing
   * changed the school meanwhile (its data_version is still the one read first).
   */
  async storedSummary(user: AuthUser): Promise<RawJson<SchoolSummary>> {
    const row = await this.repo.storedSummary(user.id);
    if (!row) throw new DomainException('SCHOOL_NOT_FOUND');
    if (row.body !== null && row.format === SUMMARY_FORMAT && row.built_version === row.data_version) return new RawJson(row.body);
    const school = await this.repo.findById(row.id);
    if (!school) throw new DomainException('SCHOOL_NOT_FOUND');
    const body = JSON.stringify(await this.summaryOf(school));
    if (row.data_version !== null) {
      await this.repo.storeSummary(row.id, SUMMARY_FORMAT, body, row.data_version);
    }
    return new RawJson(body);
  }

  /**
   * The school summary of spec §3 in two queries whatever the number of classes. It describes the
   * newest academic year that has classes (named in `academicYear`); totalSections counts that
   * year's sections, totalSubjects its class-subject links (the sum over classes, as the original
   * back end counts them: DECISIONS "Compatibility fixes").
   */
  async summaryOf(school: SchoolEntity): Promise<SchoolSummary> {
    // The owner's or the reviewer's look at one school: its reads bound to it.
    const classes = await runInSchool(school.id, () => this.academics.classesWithDetails('latest'));
    const totalSections = classes.reduce((sum, c) => sum + c.sections.length, 0);
    const totalSubjects = classes.reduce((sum, c) => sum + c.subjects.length, 0);
    const dto = toSchoolDto(school);
    return {
      school: dto,
      classes,
      totalSections,
      totalSubjects,
      setupProgress: setupProgressFromSummary({ school: dto, classes, totalSections, totalSubjects }),
      academicYear: classes[0]?.academicYear ?? null,
    };
  }

  // ---------------------------------------------------------------- for other modules

  /** The active school at a (lower-case) subdomain, or null: the public profile page. */
  findActiveBySubdomain(subdomain: string): Promise<SchoolEntity | null> {
    return this.repo.findActiveBySubdomain(subdomain);
  }

  /** Provider staff's queue: a page of schools with their administrators, and the total. */
  listWithOwners(query: ListSchoolsQuery): Promise<[SchoolEntity[], number]> {
    return this.repo.listWithOwners(query);
  }

  /** One school with its administrator, or null. */
  findWithOwner(id: string): Promise<SchoolEntity | null> {
    return this.repo.findWithOwner(id);
  }

  /** The school row-locked inside the caller's transaction (a staff decision), or null. */
  lockForUpdate(tx: EntityManager, id: string): Promise<SchoolEntity | null> {
    return this.repo.in(tx).lockById(id);
  }
}

/**
 * The stored summary's shape: bump it whenever the summary's code changes what it answers, so the
 * bodies stored by the previous release are rebuilt on their next read.
 */
export const SUMMARY_FORMAT = 3; // 2: totalSubjects counts class-subject links (issue 20); 3: studentStrength is the active students

/** A school name as staff judged it: letter case and runs of spaces do not make a new name. */
function nameKey(name: string): string {
  return name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}
