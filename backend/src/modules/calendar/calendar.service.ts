import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { addDays, schoolPortalUrl } from '@vidyalaya/shared';
import {
  CALENDAR_FEED_FILE,
  DEFAULT_CALENDAR_SETTINGS,
  eventDatesProblem,
  holidayOn,
  holidaysBetween,
  workingDays,
  type CalendarEvent,
  type CalendarExamPaperList,
  type CalendarExamPapersQuery,
  type CalendarEventList,
  type CalendarEventResult,
  type CalendarFeedRotated,
  type CalendarFeedStatus,
  type CalendarRuleEvent,
  type CalendarSettings,
  type CalendarSettingsResult,
  normaliseCalendarEvent,
  type CreateCalendarEventBody,
  type CreateCalendarEventInput,
  type HolidayAnswer,
  type ListCalendarEventsQuery,
  type UpdateCalendarEventInput,
  type WorkingDaysQuery,
  type WorkingDaysResult,
} from '@vidyalaya/shared/calendar';
import { Clock } from '../../common/clock';
import { DomainException } from '../../common/domain.exception';
import { AccessService } from '../../common/workspace/access.service';
import { SchoolWrites } from '../../common/workspace/school-writes';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { StaffService } from '../staff/staff.service';
import { CalendarExamPapers } from './exam-papers.source';
import { buildIcal } from './ical';
import { CalendarRepository, type EventFields, type EventRow } from './calendar.repository';
import { isUuid } from '../../common/uuid';
import { runInSchool } from '../../common/request-context';
import { AcademicsService } from '../academics/academics.service';

function toEvent(r: EventRow): CalendarEvent {
  return {
    id: r.id,
    title: r.title,
    kind: r.kind,
    startsOn: r.starts_on,
    endsOn: r.ends_on,
    classIds: r.class_ids ?? [],
    description: r.description,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

const toRule = (r: EventRow): CalendarRuleEvent => ({ title: r.title, kind: r.kind, startsOn: r.starts_on, endsOn: r.ends_on, classIds: r.class_ids ?? [] });

const hashToken = (token: string): Buffer => createHash('sha256').update(token, 'utf8').digest();
const schoolIdOfToken = (token: string): string => {
  const h = token.slice(0, 32);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
};

/**
 * The academic calendar: events (CRUD, audited), the school's working-day rules, and the secret
 * iCalendar feed. Other modules ask it `isHoliday` and `workingDays` (attendance counts its
 * working days here), so every part of the product agrees on which days the school is open.
 */
@Injectable()
export class CalendarService {
  constructor(
    private readonly repo: CalendarRepository,
    private readonly access: AccessService,
    private readonly writes: SchoolWrites,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly staff: StaffService,
    private readonly academics: AcademicsService,
    @Optional() private readonly paperSource?: CalendarExamPapers,
  ) {}

  // ── for other modules ─────────────────────────────────────────────────
  async settingsOf(): Promise<CalendarSettings> {
    const s = await this.repo.settings();
    return s ? { sundayHoliday: s.sundayHoliday, saturdaysOff: s.saturdaysOff } : { ...DEFAULT_CALENDAR_SETTINGS };
  }

  /** Is the school (or, with `classId`, that class) closed on `date`, and why. */
  async isHoliday(date: string, classId?: string): Promise<HolidayAnswer> {
    const [settings, events] = await Promise.all([this.settingsOf(), this.repo.closingBetween(date, date)]);
    return holidayOn(date, events.map(toRule), settings, classId);
  }

  /**
   * `isHoliday` for many days at once (e.g. an exam's papers, each of a class): one look at the
   * settings and at the closing events between the first and the last day, answers in `days` order.
   */
  async holidaysOn(days: readonly { date: string; classId?: string }[]): Promise<HolidayAnswer[]> {
    if (days.length === 0) return [];
    const dates = days.map((d) => d.date).sort();
    const [settings, rows] = await Promise.all([this.settingsOf(), this.repo.closingBetween(dates[0], dates[dates.length - 1])]);
    const events = rows.map(toRule);
    return days.map((d) => holidayOn(d.date, events, settings, d.classId));
  }

  /** The working days from `from` to `to` (both included) for the school or one class. */
  async workingDays(from: string, to: string, classId?: string): Promise<string[]> {
    const [settings, events] = await Promise.all([this.settingsOf(), this.repo.closingBetween(from, to)]);
    return workingDays(from, to, events.map(toRule), settings, classId);
  }

  // ── the API ─────────────────────────────────────────────────────────────
  /**
   * The events of a range. A guardian sees only the whole school's and their children's classes'
   * (GUARDIAN_CALENDAR_EVENT_SQL); `mine=true` narrows a teacher's list the same way to the
   * classes of the sections they teach or are class teacher of.
   */
  async list(ctx: WorkspaceContext, q: ListCalendarEventsQuery): Promise<CalendarEventList> {
    const guardianUserId = ctx.role === 'guardian' ? ctx.userId : undefined;
    const classIds = q.mine === 'true' && ctx.role !== 'guardian' ? await this.academics.classesOfSections(await this.staff.sectionsTaughtBy(ctx.userId)) : undefined;
    const { rows, total } = await this.repo.list({ ...q, guardianUserId, classIds }, q.page, q.pageSize);
    return { items: rows.map(toEvent), total, page: q.page, pageSize: q.pageSize };
  }

  async get(ctx: WorkspaceContext, eventId: string): Promise<CalendarEventResult> {
    await this.access.require(ctx, 'calendarEvent', [eventId]);
    const row = await this.repo.find(eventId);
    if (!row) throw new DomainException('NOT_FOUND');
    return { event: toEvent(row) };
  }

  async create(ctx: WorkspaceContext, body: CreateCalendarEventBody): Promise<CalendarEventResult> {
    const input: CreateCalendarEventInput = normaliseCalendarEvent(body);
    await this.access.require(ctx, 'class', input.classIds);
    return this.writes.run(ctx, async (tx) => {
      const row = await this.repo.in(tx.m).create(input, tx.now);
      const event = toEvent(row);
      await tx.audit({ action: 'calendar_event.created', entity: 'calendar_event', entityId: row.id, after: event });
      return { event };
    });
  }

  async update(ctx: WorkspaceContext, eventId: string, input: UpdateCalendarEventInput): Promise<CalendarEventResult> {
    await this.access.require(ctx, 'calendarEvent', [eventId]);
    if (input.classIds) await this.access.require(ctx, 'class', input.classIds);
    return this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const before = await repo.find(eventId, true);
      if (!before) throw new DomainException('NOT_FOUND');
      const next: EventFields = {
        title: input.title ?? before.title,
        kind: input.kind ?? before.kind,
        startsOn: input.startsOn ?? before.starts_on,
        endsOn: input.endsOn ?? before.ends_on,
        classIds: input.classIds ?? before.class_ids,
        description: input.description === undefined ? before.description : input.description || null,
      };
      const problem = eventDatesProblem(next.startsOn, next.endsOn);
      if (problem) throw new DomainException('VALIDATION_FAILED', { details: { [problem.field]: problem.message } });
      const after = await repo.update(eventId, next, tx.now);
      await tx.audit({ action: 'calendar_event.updated', entity: 'calendar_event', entityId: eventId, before: toEvent(before), after: toEvent(after) });
      return { event: toEvent(after) };
    });
  }

  async remove(ctx: WorkspaceContext, eventId: string): Promise<{ deleted: true }> {
    await this.access.require(ctx, 'calendarEvent', [eventId]);
    return this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const before = await repo.find(eventId, true);
      if (!before) throw new DomainException('NOT_FOUND');
      await repo.remove(eventId);
      await tx.audit({ action: 'calendar_event.deleted', entity: 'calendar_event', entityId: eventId, before: toEvent(before) });
      return { deleted: true as const };
    });
  }

  async getSettings(): Promise<CalendarSettingsResult> {
    return { settings: await this.settingsOf() };
  }

  async putSettings(ctx: WorkspaceContext, input: CalendarSettings): Promise<CalendarSettingsResult> {
    return this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const before = await repo.settings();
      await repo.saveSettings(input, tx.now);
      await tx.audit({
        action: 'calendar_settings.updated',
        entity: 'calendar_settings',
        entityId: ctx.schoolId,
        before: before ? { sundayHoliday: before.sundayHoliday, saturdaysOff: before.saturdaysOff } : DEFAULT_CALENDAR_SETTINGS,
        after: input,
      });
      return { settings: { sundayHoliday: input.sundayHoliday, saturdaysOff: input.saturdaysOff } };
    });
  }

  /** GET …/calendar/working-days: the days and the holidays of a range, for the school or a class. */
  async workingDaysReport(q: WorkingDaysQuery): Promise<WorkingDaysResult> {
    const [settings, rows] = await Promise.all([this.settingsOf(), this.repo.closingBetween(q.from, q.to)]);
    const events = rows.map(toRule);
    const days = workingDays(q.from, q.to, events, settings, q.classId);
    return { from: q.from, to: q.to, classId: q.classId ?? null, count: days.length, days, holidays: holidaysBetween(q.from, q.to, events, settings, q.classId) };
  }

  /** GET …/calendar/exam-papers: the exam papers of a range (the date sheets), for the month view. */
  async examPapers(ctx: WorkspaceContext, q: CalendarExamPapersQuery): Promise<CalendarExamPaperList> {
    if (q.classId) await this.access.require(ctx, 'class', [q.classId]);
    return { items: this.paperSource ? await this.paperSource.papersBetween(q.from, q.to, q.classId) : [] };
  }

  // ── the feed ────────────────────────────────────────────────────────────
  async feedStatus(): Promise<CalendarFeedStatus> {
    const s = await this.repo.settings();
    return { feed: { enabled: !!s?.feedCreatedAt, createdAt: s?.feedCreatedAt?.toISOString() ?? null } };
  }

  /** Makes a new secret feed address (the old one stops working). The address is shown only now. */
  async rotateFeed(ctx: WorkspaceContext): Promise<CalendarFeedRotated> {
    const token = `${ctx.schoolId.replace(/-/g, '').toLowerCase()}${randomBytes(32).toString('base64url')}`;
    return this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      await repo.setFeedToken(hashToken(token), tx.now);
      await tx.audit({ action: 'calendar_feed.rotated', entity: 'calendar_feed', entityId: ctx.schoolId });
      const school = await repo.schoolOf();
      const url = `${schoolPortalUrl(school!.subdomain, this.config.appDomain)}/api/v1/public/calendar/${token}.ics`;
      return { feed: { enabled: true as const, createdAt: tx.now.toISOString(), url } };
    });
  }

  /**
   * The feed for `{token}.ics`; anything else (unknown, rotated away, malformed) is 404. With
   * `classId`: the whole school's events and that class's, and that class's exam papers; a class
   * id that is malformed, unknown or another school's is the same 404 (checked after the token).
   */
  async feed(file: string, classId?: string): Promise<string> {
    const match = CALENDAR_FEED_FILE.exec(file);
    if (!match) throw new DomainException('NOT_FOUND');
    const token = match[1];
    const schoolId = schoolIdOfToken(token);
    if (!isUuid(schoolId)) throw new DomainException('NOT_FOUND');
    // A public call: the token names its school, bound for the reads below.
    return runInSchool(schoolId, () => this.feedOf(token, classId));
  }

  private async feedOf(token: string, classId?: string): Promise<string> {
    const school = await this.repo.schoolOfFeed(hashToken(token));
    if (!school) throw new DomainException('NOT_FOUND');
    let calendarName = school.name;
    if (classId !== undefined) {
      const cls = isUuid(classId) ? await this.academics.classOf(classId) : null;
      if (!cls) throw new DomainException('NOT_FOUND');
      calendarName = `${school.name}: ${cls.name}`;
    }
    const now = this.clock.now();
    const since = addDays(now.toISOString().slice(0, 10), -550);
    const [rows, papers] = await Promise.all([
      this.repo.forFeed(since, classId),
      this.paperSource ? this.paperSource.papersBetween(since, addDays(since, 1100), classId) : Promise.resolve([]),
    ]);
    return buildIcal({
      calendarName,
      host: `${school.subdomain}.${this.config.appDomain.replace(/:\d+$/, '')}`,
      now,
      events: rows.map((r) => ({ id: r.id, title: r.title, kind: r.kind, startsOn: r.starts_on, endsOn: r.ends_on, description: r.description, updatedAt: r.updated_at })),
      timed: papers.map((p) => ({
        uid: `paper-${p.examId}-${p.classId}-${p.subjectId}`,
        title: `${p.examName}: ${p.className} ${p.subjectName}`,
        kind: 'exam',
        date: p.date,
        startsAt: p.startsAt,
        endsAt: p.endsAt,
        description: `${p.examName}, Class ${p.className}, ${p.subjectName}, ${p.startsAt}–${p.endsAt} IST`,
      })),
    });
  }
}
