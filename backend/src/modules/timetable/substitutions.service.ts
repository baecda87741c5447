import { Inject, Injectable } from '@nestjs/common';
import { IST_OFFSET_MINUTES, timetableDayOf } from '@vidyalaya/shared';
import {
  DAY_NAMES,
  type MyTimetableResult,
  type AbsentPeriodsResult,
  type CreateSubstitutionsInput,
  type FreeTeachersResult,
  type Substitution,
  type SubstitutionList,
  type SubstitutionsResult,
} from '@vidyalaya/shared/timetable';
import type { Logger } from 'pino';
import { Clock } from '../../common/clock';
import { DomainException } from '../../common/domain.exception';
import { LOGGER } from '../../common/envelope.filter';
import { AccessService } from '../../common/workspace/access.service';
import { SchoolWrites } from '../../common/workspace/school-writes';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import { CalendarService } from '../calendar/calendar.service';
import { MailService } from '../mail/mail.service';
import { violatedUniqueIndex } from '../../database/unique-violation';
import { substitutionMail } from './substitution-mail';
import { TimetableRepository, type SubstitutionRow } from './timetable.repository';
import { toSlot } from './timetable.service';

function toSubstitution(r: SubstitutionRow): Substitution {
  return {
    id: r.id,
    date: r.on_date,
    period: r.period,
    sectionId: r.section_id,
    sectionName: r.section_name,
    className: r.class_name,
    subjectId: r.subject_id,
    subjectName: r.subject_name,
    absentStaffId: r.absent_staff_id,
    absentStaffName: r.absent_staff_name,
    substituteStaffId: r.substitute_staff_id,
    substituteStaffName: r.substitute_staff_name,
    note: r.note,
    notified: r.notified_at !== null,
  };
}

/**
 * Substitutions: a teacher absent on a date, their periods, the teachers free in each period
 * (no lesson then, not already substituting, not absent themselves), and an e-mail to each
 * substitute. A substitute is in one place per period (a unique index), and the school must be
 * open that day (the calendar decides).
 */
@Injectable()
export class SubstitutionsService {
  constructor(
    private readonly repo: TimetableRepository,
    private readonly access: AccessService,
    private readonly writes: SchoolWrites,
    private readonly calendar: CalendarService,
    private readonly mail: MailService,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly clock: Clock,
  ) {}

  /** The timetable day of an open school day, or 422 SCHOOL_CLOSED naming why it is closed. */
  private async openDay(date: string): Promise<number> {
    const closed = await this.calendar.isHoliday(date);
    const day = timetableDayOf(date);
    if (closed.holiday || day === null) throw new DomainException('SCHOOL_CLOSED', { message: `The school is closed on ${date}${closed.name ? ` (${closed.name})` : ''}.` });
    return day;
  }

  /** The member's own week and the periods they substitute on `date` (their home page). */
  async mine(ctx: WorkspaceContext, date: string | undefined): Promise<MyTimetableResult> {
    const on = date ?? new Date(this.clock.now().getTime() + IST_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
    const staff = await this.repo.staffOfUser(ctx.userId);
    if (!staff) return { date: on, staff: null, slots: [], substitutions: [] };
    const year = await this.repo.yearOfDate(on);
    const [slots, subs] = await Promise.all([this.repo.staffSlots(staff.id, year), this.repo.substitutionsOn(on)]);
    return {
      date: on,
      staff,
      slots: slots.map(toSlot),
      substitutions: subs.filter((s) => s.substitute_staff_id === staff.id || s.absent_staff_id === staff.id).map(toSubstitution),
    };
  }

  async freeTeachers(ctx: WorkspaceContext, date: string, period: number): Promise<FreeTeachersResult> {
    const day = await this.openDay(date);
    const year = await this.repo.yearOfDate(date);
    const rows = await this.repo.freeTeachers(year, date, day, period);
    return {
      date,
      period,
      items: rows.map((r) => ({ staffId: r.id, name: r.name, designation: r.designation, subjectIds: r.subject_ids ?? [], periodsThatDay: r.load })),
    };
  }

  async list(ctx: WorkspaceContext, date: string): Promise<SubstitutionList> {
    if (ctx.role === 'guardian') throw new DomainException('FORBIDDEN');
    const rows = await this.repo.substitutionsOn(date);
    return { date, items: rows.map(toSubstitution) };
  }

  /** The absent teacher's lessons that day, each with its substitute when one is set. */
  async absentPeriods(ctx: WorkspaceContext, date: string, staffId: string): Promise<AbsentPeriodsResult> {
    await this.access.require(ctx, 'staff', [staffId]);
    const day = await this.openDay(date);
    const year = await this.repo.yearOfDate(date);
    const [slots, subs] = await Promise.all([this.repo.staffSlots(staffId, year), this.repo.substitutionsOn(date)]);
    return {
      date,
      staffId,
      items: slots
        .filter((s) => s.day === day)
        .map((s) => {
          const sub = subs.find((x) => x.section_id === s.section_id && x.period === s.period);
          return {
            day: s.day,
            period: s.period,
            subjectId: s.subject_id,
            subjectName: s.subject_name,
            sectionId: s.section_id,
            sectionName: s.section_name,
            classId: s.class_id,
            className: s.class_name,
            substitute: sub ? { staffId: sub.substitute_staff_id, name: sub.substitute_staff_name } : null,
          };
        }),
    };
  }

  async create(ctx: WorkspaceContext, input: CreateSubstitutionsInput): Promise<SubstitutionsResult> {
    const absentId = input.absentStaffId.toLowerCase();
    const periods = input.periods.map((p) => ({ ...p, substituteStaffId: p.substituteStaffId.toLowerCase() }));
    await this.access.require(ctx, 'staff', [absentId, ...periods.map((p) => p.substituteStaffId)]);
    const day = await this.openDay(input.date);
    const year = await this.repo.yearOfDate(input.date);
    const lessons = (await this.repo.staffSlots(absentId, year)).filter((s) => s.day === day);
    const staff = new Map((await this.repo.staffStatus([absentId, ...periods.map((p) => p.substituteStaffId)])).map((s) => [s.id, s]));
    const absentName = staff.get(absentId)!.name;

    const details: Record<string, string> = {};
    periods.forEach((p, i) => {
      if (!lessons.some((l) => l.period === p.period)) details[`periods.${i}.period`] = `${absentName} has no lesson in period ${p.period} on ${DAY_NAMES[day]}`;
      if (p.substituteStaffId === absentId) details[`periods.${i}.substituteStaffId`] = 'Choose someone other than the absent teacher';
      else if (staff.get(p.substituteStaffId)?.status !== 'active') details[`periods.${i}.substituteStaffId`] = 'This teacher has left the school';
    });
    if (Object.keys(details).length > 0) throw new DomainException('VALIDATION_FAILED', { details });

    let ids: string[];
    try {
      ids = await this.writes.run(ctx, async (tx) => {
        const repo = this.repo.in(tx.m);
        const made: string[] = [];
        for (const [i, p] of periods.entries()) {
          const lesson = lessons.find((l) => l.period === p.period)!;
          if (await repo.busy(year, input.date, day, p.period, p.substituteStaffId, lesson.section_id)) {
            const name = staff.get(p.substituteStaffId)!.name;
            throw new DomainException('SUBSTITUTE_NOT_FREE', {
              message: `${name} is not free in period ${p.period} on ${input.date}.`,
              details: { [`periods.${i}.substituteStaffId`]: `${name} is not free in period ${p.period}` },
            });
          }
          made.push(
            await repo.upsertSubstitution({
              date: input.date,
              period: p.period,
              sectionId: lesson.section_id,
              subjectId: lesson.subject_id,
              absentStaffId: absentId,
              substituteStaffId: p.substituteStaffId,
              note: p.note ?? null,
              createdBy: ctx.userId,
              now: tx.now,
            }),
          );
        }
        await tx.audit({ action: 'substitutions.created', entity: 'substitution', entityId: null, after: { date: input.date, absentStaffId: absentId, periods, ids: made } });
        return made;
      });
    } catch (e) {
      if (violatedUniqueIndex(e) === 'substitutions_substitute_uq') throw new DomainException('SUBSTITUTE_NOT_FREE');
      throw e;
    }
    await this.notify(ctx, input.date, ids, staff);
    const rows = await this.repo.substitutionsOn(input.date, ids);
    return { substitutions: rows.map(toSubstitution) };
  }

  /** One e-mail per substitute; a failed or impossible e-mail leaves `notified` false and never undoes the substitution. */
  private async notify(ctx: WorkspaceContext, date: string, ids: string[], staff: Map<string, { name: string; email: string | null }>): Promise<void> {
    const rows = await this.repo.substitutionsOn(date, ids);
    const school = await this.repo.schoolName();
    const bySubstitute = new Map<string, SubstitutionRow[]>();
    for (const r of rows) bySubstitute.set(r.substitute_staff_id, [...(bySubstitute.get(r.substitute_staff_id) ?? []), r]);
    const sent: string[] = [];
    for (const [substituteId, list] of bySubstitute) {
      const person = staff.get(substituteId);
      if (!person?.email) continue;
      try {
        await this.mail.send({
          to: person.email,
          ...substitutionMail({
            name: person.name,
            schoolName: school,
            date: list[0].on_date,
            absentName: list[0].absent_staff_name,
            periods: list.map((r) => ({ period: r.period, className: r.class_name, sectionName: r.section_name, subjectName: r.subject_name, note: r.note })),
          }),
        });
        sent.push(...list.map((r) => r.id));
      } catch {
        this.logger.warn({ schoolId: ctx.schoolId, substituteId }, 'substitution e-mail not sent');
      }
    }
    if (sent.length > 0) {
      await this.writes.run(ctx, async (tx) => {
        await this.repo.in(tx.m).markNotified(sent, tx.now);
        await tx.audit({ action: 'substitutions.notified', entity: 'substitution', entityId: null, after: { ids: sent } });
      });
    }
  }

  async remove(ctx: WorkspaceContext, id: string): Promise<{ deleted: true }> {
    await this.access.require(ctx, 'substitution', [id]);
    return this.writes.run(ctx, async (tx) => {
      const row = await this.repo.in(tx.m).deleteSubstitution(id);
      if (!row) throw new DomainException('NOT_FOUND');
      await tx.audit({ action: 'substitution.deleted', entity: 'substitution', entityId: id, before: toSubstitution(row) });
      return { deleted: true as const };
    });
  }
}
