import { Injectable } from '@nestjs/common';
import { WORKSPACE_MESSAGES } from '@vidyalaya/shared';
import {
  academicYearProblem,
  defaultYearDates,
  type AcademicYearList,
  type AcademicYearRecord,
  type AcademicYearResult,
  type CreateAcademicYearInput,
} from '@vidyalaya/shared/academic-years';
import { DomainException } from '../../common/domain.exception';
import { AccessService } from '../../common/workspace/access.service';
import { SchoolWrites } from '../../common/workspace/school-writes';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import { AcademicYearsRepository, type AcademicYearRow } from './academic-years.repository';

function toRecord(r: AcademicYearRow): AcademicYearRecord {
  return { id: r.id, name: r.name, startsOn: r.starts_on, endsOn: r.ends_on, isCurrent: r.is_current };
}

/** Academic years as records (DECISIONS "Academic years"): April–March by default, one current per school. */
@Injectable()
export class AcademicYearsService {
  constructor(
    private readonly repo: AcademicYearsRepository,
    private readonly access: AccessService,
    private readonly writes: SchoolWrites,
  ) {}

  /** For other modules: the school's year of that name ('2026-27'), or null when it keeps none. */
  async byName(name: string): Promise<AcademicYearRecord | null> {
    const row = await this.repo.findByName(name);
    return row ? toRecord(row) : null;
  }

  /**
   * For the modules that write a year's marks and attendance: refuses (409 YEAR_CLOSED) once a later
   * year is current. The closing year stays readable (registers, marks, receipts, report cards).
   */
  async ensureOpen(yearName: string): Promise<void> {
    const later = await this.repo.laterCurrent(yearName);
    if (!later) return;
    throw new DomainException('YEAR_CLOSED', {
      message: `${yearName} is closed: ${later.name} is the current year, so ${yearName}’s marks and attendance can be read but no longer changed.`,
      data: { academicYear: yearName, currentYear: later.name },
    });
  }

  async list(): Promise<AcademicYearList> {
    const items = (await this.repo.list()).map(toRecord);
    return { items, total: items.length, page: 1, pageSize: Math.max(items.length, 1) };
  }

  /** The first year of a school becomes its current one; later ones are made current explicitly. */
  async create(ctx: WorkspaceContext, input: CreateAcademicYearInput): Promise<AcademicYearResult> {
    const bounds = defaultYearDates(input.name);
    if (!bounds) throw new DomainException('ACADEMIC_YEAR_INVALID', { message: WORKSPACE_MESSAGES.yearNameFormat, details: { name: WORKSPACE_MESSAGES.yearNameFormat } });
    const startsOn = input.startsOn ?? bounds.startsOn;
    const endsOn = input.endsOn ?? bounds.endsOn;
    const problem = academicYearProblem(input.name, startsOn, endsOn);
    if (problem) {
      const field = problem === WORKSPACE_MESSAGES.yearEndsBeforeStart ? 'endsOn' : 'startsOn';
      throw new DomainException('ACADEMIC_YEAR_INVALID', { message: problem, details: { [field]: problem } });
    }
    return this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      await repo.lockSchoolYears();
      const isCurrent = (await repo.current()) === null;
      const row = await repo.insert({ name: input.name, startsOn, endsOn, isCurrent, now: tx.now });
      if (!row) throw new DomainException('ACADEMIC_YEAR_EXISTS');
      await tx.audit({ action: 'academic_year.created', entity: 'academic_year', entityId: row.id, after: toRecord(row) });
      return { academicYear: toRecord(row) };
    });
  }

  async makeCurrent(ctx: WorkspaceContext, yearId: string): Promise<AcademicYearResult> {
    await this.access.require(ctx, 'academicYear', [yearId]);
    return this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      await repo.lockSchoolYears();
      const before = await repo.current();
      const year = await repo.find(yearId);
      if (!year) throw new DomainException('NOT_FOUND');
      if (before?.id === yearId) {
        tx.nothingChanged();
        return { academicYear: toRecord(year) };
      }
      await repo.makeCurrent(yearId);
      await tx.audit({
        action: 'academic_year.made_current',
        entity: 'academic_year',
        entityId: yearId,
        before: before ? { currentYear: before.name } : null,
        after: { currentYear: year.name },
      });
      return { academicYear: { ...toRecord(year), isCurrent: true } };
    });
  }
}
