import { z } from 'zod';
import { optionalField, requiredText } from '../schemas/common';
import { addDays, daysBetweenInclusive, weekdayOf } from '../rules/school-days';
import { isoDateSchema, pageQueryShape, pageSchema } from '../workspace/common';

/**
 * The academic calendar (DECISIONS "Staff, timetable, calendar"): terms, holidays, vacations, exams
 * and events, for the whole school or some classes, and the rules that say which days are working
 * days. The rules are pure functions here, so the server (attendance counts) and the renderer (the
 * month view) agree on every day.
 */
export const CALENDAR_EVENT_KINDS = ['holiday', 'vacation', 'exam', 'event', 'term'] as const;
export type CalendarEventKind = (typeof CALENDAR_EVENT_KINDS)[number];
/** The kinds that close the school (for the classes they name). */
export const CLOSING_KINDS: readonly CalendarEventKind[] = ['holiday', 'vacation'];

export const CALENDAR_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: 'Title must not exceed 120 characters',
  kindInvalid: 'Kind must be holiday, vacation, exam, event or term',
  endsBeforeStart: 'The end date must be on or after the start date',
  tooLong: 'An event lasts at most 366 days',
  classIdsInvalid: 'Each class must be a valid ID',
  tooManyClasses: 'At most 50 classes can be named',
  descriptionTooLong: 'Description must not exceed 500 characters',
  saturdaysInvalid: 'Saturdays off are numbered 1 to 5 (the first to the fifth Saturday of a month)',
  rangeInvalid: 'Choose a range of at most 366 days, from on or before to',
  nothingToChange: 'Send at least one field to change',
} as const;
const M = CALENDAR_MESSAGES;

export const CALENDAR_RANGE_MAX_DAYS = 366;

// ── settings ──────────────────────────────────────────────────────────────
export interface CalendarSettings {
  /** Sunday is a holiday (default true). */
  sundayHoliday: boolean;
  /** Which Saturdays of every month are holidays: 2 is "second Saturday", [2, 4] second and fourth. */
  saturdaysOff: number[];
}
export const DEFAULT_CALENDAR_SETTINGS: CalendarSettings = { sundayHoliday: true, saturdaysOff: [] };

export const calendarSettingsSchema = z.object({
  sundayHoliday: z.boolean({ error: 'Say whether Sunday is a holiday (true or false)' }),
  saturdaysOff: z
    .array(z.number({ error: M.saturdaysInvalid }).int(M.saturdaysInvalid).min(1, M.saturdaysInvalid).max(5, M.saturdaysInvalid), {
      error: M.saturdaysInvalid,
    })
    .max(5, M.saturdaysInvalid)
    .overwrite((v) => [...new Set(v)].sort((a, b) => a - b)),
});
export type CalendarSettingsInput = z.output<typeof calendarSettingsSchema>;

// ── the rules ─────────────────────────────────────────────────────────────
/** What the rules need of an event. `classIds` empty = the whole school. */
export interface CalendarRuleEvent {
  title: string;
  kind: CalendarEventKind;
  startsOn: string;
  endsOn: string;
  classIds: readonly string[];
}

export interface HolidayAnswer {
  holiday: boolean;
  /** Why: the holiday's or vacation's title, 'Sunday', or e.g. 'Second Saturday'. */
  name?: string;
}

const ORDINALS = ['First', 'Second', 'Third', 'Fourth', 'Fifth'];

/** Whether an event applies to a class: school-wide events apply to all; a class's events only to it. */
function appliesTo(event: CalendarRuleEvent, classId: string | undefined): boolean {
  return event.classIds.length === 0 || (classId !== undefined && event.classIds.includes(classId));
}

/**
 * Is `date` a holiday (for `classId`, or for the whole school when absent)? A holiday or vacation
 * covering the date names it (holidays before vacations); otherwise Sunday (when the school keeps
 * it) and the school's n-th Saturdays are holidays. Exams, events and terms never close the school.
 */
export function holidayOn(date: string, events: readonly CalendarRuleEvent[], settings: CalendarSettings, classId?: string): HolidayAnswer {
  let vacation: string | undefined;
  for (const e of events) {
    if (!CLOSING_KINDS.includes(e.kind) || e.startsOn > date || e.endsOn < date || !appliesTo(e, classId)) continue;
    if (e.kind === 'holiday') return { holiday: true, name: e.title };
    vacation ??= e.title;
  }
  if (vacation !== undefined) return { holiday: true, name: vacation };
  const weekday = weekdayOf(date);
  if (weekday === 0 && settings.sundayHoliday) return { holiday: true, name: 'Sunday' };
  if (weekday === 6) {
    const nth = Math.ceil(Number(date.slice(8, 10)) / 7);
    if (settings.saturdaysOff.includes(nth)) return { holiday: true, name: `${ORDINALS[nth - 1]} Saturday` };
  }
  return { holiday: false };
}

/** The working days from `from` to `to` (both included), in order: every day that is not a holiday. */
export function workingDays(from: string, to: string, events: readonly CalendarRuleEvent[], settings: CalendarSettings, classId?: string): string[] {
  const days: string[] = [];
  const n = daysBetweenInclusive(from, to);
  const relevant = events.filter((e) => CLOSING_KINDS.includes(e.kind) && e.endsOn >= from && e.startsOn <= to);
  for (let i = 0; i < n; i += 1) {
    const day = addDays(from, i);
    if (!holidayOn(day, relevant, settings, classId).holiday) days.push(day);
  }
  return days;
}

/** The holidays from `from` to `to`, each with its reason. */
export function holidaysBetween(
  from: string,
  to: string,
  events: readonly CalendarRuleEvent[],
  settings: CalendarSettings,
  classId?: string,
): { date: string; name: string }[] {
  const out: { date: string; name: string }[] = [];
  const n = daysBetweenInclusive(from, to);
  for (let i = 0; i < n; i += 1) {
    const day = addDays(from, i);
    const answer = holidayOn(day, events, settings, classId);
    if (answer.holiday) out.push({ date: day, name: answer.name ?? '' });
  }
  return out;
}

// ── events on the wire ────────────────────────────────────────────────────
const titleField = requiredText(120, M.titleRequired, M.titleTooLong);
const kindField = z.enum(CALENDAR_EVENT_KINDS, { error: M.kindInvalid });
const classIdsField = z
  .array(z.uuid({ error: M.classIdsInvalid }), { error: M.classIdsInvalid })
  .max(50, M.tooManyClasses)
  .overwrite((v) => [...new Set(v.map((id) => id.toLowerCase()))]);
const descriptionField = z.string().trim().max(500, M.descriptionTooLong);

/** The problem with an event's dates, or null. */
export function eventDatesProblem(startsOn: string, endsOn: string): { field: 'endsOn'; message: string } | null {
  if (endsOn < startsOn) return { field: 'endsOn', message: M.endsBeforeStart };
  if (daysBetweenInclusive(startsOn, endsOn) > CALENDAR_RANGE_MAX_DAYS) return { field: 'endsOn', message: M.tooLong };
  return null;
}

export const createCalendarEventSchema = z
  .object({
    title: titleField,
    kind: kindField,
    startsOn: isoDateSchema,
    /** Absent: a one-day event. */
    endsOn: optionalField(isoDateSchema),
    classIds: classIdsField.optional(),
    description: optionalField(descriptionField),
  })
  .superRefine((v, ctx) => {
    const problem = eventDatesProblem(v.startsOn, v.endsOn ?? v.startsOn);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
  });
export type CreateCalendarEventBody = z.output<typeof createCalendarEventSchema>;
/** A valid create body as stored: a one-day event ends on its start, no classes = the whole school. */
export function normaliseCalendarEvent(v: z.output<typeof createCalendarEventSchema>): CreateCalendarEventInput {
  return { title: v.title, kind: v.kind, startsOn: v.startsOn, endsOn: v.endsOn ?? v.startsOn, classIds: v.classIds ?? [], description: v.description ?? null };
}
export interface CreateCalendarEventInput {
  title: string;
  kind: CalendarEventKind;
  startsOn: string;
  endsOn: string;
  classIds: string[];
  description: string | null;
}

export const updateCalendarEventSchema = z
  .object({
    title: titleField.optional(),
    kind: kindField.optional(),
    startsOn: isoDateSchema.optional(),
    endsOn: isoDateSchema.optional(),
    classIds: classIdsField.optional(),
    description: descriptionField.nullable().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: M.nothingToChange, path: ['title'] });
export type UpdateCalendarEventInput = z.output<typeof updateCalendarEventSchema>;

export const listCalendarEventsQuerySchema = z.object({
  from: optionalField(isoDateSchema),
  to: optionalField(isoDateSchema),
  kind: optionalField(kindField),
  classId: optionalField(z.uuid({ error: M.classIdsInvalid })),
  /** 'true': only what applies to the caller's own classes (a teacher's sections' classes) and the whole school. A guardian always sees only their children's classes' events and the whole school's. */
  mine: optionalField(z.enum(['true', 'false'], { error: 'mine must be true or false' })),
  ...pageQueryShape,
});
export type ListCalendarEventsQuery = z.output<typeof listCalendarEventsQuerySchema>;

/** `from`..`to` (at most 366 days) and an optional class. */
export const workingDaysQuerySchema = z
  .object({ from: isoDateSchema, to: isoDateSchema, classId: optionalField(z.uuid({ error: M.classIdsInvalid })) })
  .refine((v) => v.to >= v.from && daysBetweenInclusive(v.from, v.to) <= CALENDAR_RANGE_MAX_DAYS, { message: M.rangeInvalid, path: ['to'] });
export type WorkingDaysQuery = z.output<typeof workingDaysQuerySchema>;

// ── the answers: one schema each, the types inferred from them (the back end's OpenAPI document
// wraps these in the success envelope, calendar.responses.ts) ─────────────────────────────────────
export const calendarEventSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  kind: z.enum(CALENDAR_EVENT_KINDS),
  startsOn: z.string(),
  endsOn: z.string(),
  classIds: z.array(z.uuid()),
  description: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CalendarEvent = z.output<typeof calendarEventSchema>;
export const calendarEventListSchema = pageSchema(calendarEventSchema);
export type CalendarEventList = z.output<typeof calendarEventListSchema>;
export const calendarEventResultSchema = z.object({ event: calendarEventSchema });
export type CalendarEventResult = z.output<typeof calendarEventResultSchema>;
export const calendarSettingsResultSchema = z.object({ settings: z.object({ sundayHoliday: z.boolean(), saturdaysOff: z.array(z.int()) }) });
export type CalendarSettingsResult = z.output<typeof calendarSettingsResultSchema>;

export const workingDaysResultSchema = z.object({
  from: z.string(),
  to: z.string(),
  classId: z.uuid().nullable(),
  count: z.int(),
  days: z.array(z.string()),
  holidays: z.array(z.object({ date: z.string(), name: z.string() })),
});
export type WorkingDaysResult = z.output<typeof workingDaysResultSchema>;

/** The per-school secret iCalendar feed. The token is shown once, when it is made. */
export const calendarFeedStatusSchema = z.object({ feed: z.object({ enabled: z.boolean(), createdAt: z.string().nullable() }) });
export type CalendarFeedStatus = z.output<typeof calendarFeedStatusSchema>;
export const calendarFeedRotatedSchema = z.object({ feed: z.object({ enabled: z.literal(true), createdAt: z.string(), url: z.string() }) });
export type CalendarFeedRotated = z.output<typeof calendarFeedRotatedSchema>;
/** `{token}.ics`: 32 hex digits (the school) then 43 base64url characters (256 random bits). */
export const CALENDAR_FEED_FILE = /^([0-9a-f]{32}[A-Za-z0-9_-]{43})\.ics$/;
/**
 * `{token}.ics?classId=`: the whole school's events plus that class's (and its exam papers) instead
 * of every class's. Any text passes here: a class id that is malformed, unknown or another school's
 * answers 404 exactly as an unknown token does, so the feed tells nothing about other schools.
 */
export const calendarFeedQuerySchema = z.object({ classId: optionalField(z.string()) });
export type CalendarFeedQuery = z.output<typeof calendarFeedQuerySchema>;

/**
 * An exam paper on the calendar (the exams module's date sheets): the month view and the
 * iCalendar feed show each paper of each exam, with its class, subject, date and time (IST).
 */
export const calendarExamPaperSchema = z.object({
  examId: z.uuid(),
  examName: z.string(),
  classId: z.uuid(),
  className: z.string(),
  subjectId: z.uuid(),
  subjectName: z.string(),
  date: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
});
export type CalendarExamPaper = z.output<typeof calendarExamPaperSchema>;
export const calendarExamPaperListSchema = z.object({ items: z.array(calendarExamPaperSchema) });
export type CalendarExamPaperList = z.output<typeof calendarExamPaperListSchema>;
/** GET …/calendar/exam-papers: `from`..`to` (at most 366 days) and an optional class. */
export const calendarExamPapersQuerySchema = workingDaysQuerySchema;
export type CalendarExamPapersQuery = WorkingDaysQuery;
