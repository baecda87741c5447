import { z } from 'zod';
import { optionalField, requiredText, uniqueEntries } from '../schemas/common';
import type { ClassWithDetails } from '../academics/types';
import { isoDateSchema } from './common';

/**
 * Bell schedules, section timetables and substitutions (DECISIONS "Staff, timetable, calendar").
 * Days are 1 = Monday … 6 = Saturday; periods are numbered from 1 within a day's schedule.
 */
export const TIMETABLE_DAYS = [1, 2, 3, 4, 5, 6] as const;
export const DAY_NAMES = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const PERIODS_MAX = 12;

export const TIMETABLE_MESSAGES = {
  dayInvalid: 'Day must be 1 (Monday) to 6 (Saturday)',
  periodInvalid: `Period must be a whole number from 1 to ${PERIODS_MAX}`,
  timeInvalid: 'Enter a time as HH:MM (24-hour)',
  endsBeforeStart: 'It must end after it starts',
  overlaps: 'It overlaps another period or break of this schedule',
  scheduleNameRequired: 'Schedule name is required',
  scheduleNameTooLong: 'Schedule name must not exceed 60 characters',
  breakNameRequired: 'Break name is required',
  daysRequired: 'Choose at least one day',
  dayTwice: 'This day already has a schedule',
  periodTwice: 'This period number is used twice',
  periodsRequired: 'Add at least one period',
  tooManySchedules: 'At most 6 schedules',
  loadInvalid: `The daily limit must be a whole number from 1 to ${PERIODS_MAX}, or empty for none`,
  slotTwice: 'This day and period are filled twice',
  tooManySlots: 'A week has at most 72 periods',
  idInvalid: 'Must be a valid ID',
  noScheduleForDay: 'The bell schedule has no lessons on this day',
  noSuchPeriod: 'The bell schedule has no such period on this day',
  subjectNotInClass: 'This subject is not taught in this section’s class',
  teacherUnknown: 'This teacher is not on the school’s staff',
  teacherLeft: 'This teacher has left the school',
  noteTooLong: 'Note must not exceed 200 characters',
  periodsListRequired: 'Choose at least one period',
} as const;
const M = TIMETABLE_MESSAGES;

const dayField = z.number({ error: M.dayInvalid }).int(M.dayInvalid).min(1, M.dayInvalid).max(6, M.dayInvalid);
const periodField = z.number({ error: M.periodInvalid }).int(M.periodInvalid).min(1, M.periodInvalid).max(PERIODS_MAX, M.periodInvalid);
const timeField = z.string({ error: M.timeInvalid }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, M.timeInvalid);
const idField = z.uuid({ error: M.idInvalid });

// ── bell schedules ────────────────────────────────────────────────────────
const bellScheduleSchema = z
  .object({
    name: requiredText(60, M.scheduleNameRequired, M.scheduleNameTooLong),
    days: z
      .array(dayField, { error: M.daysRequired })
      .min(1, M.daysRequired)
      .overwrite((v) => [...new Set(v)].sort((a, b) => a - b)),
    periods: z
      .array(z.object({ period: periodField, startsAt: timeField, endsAt: timeField }), { error: M.periodsRequired })
      .min(1, M.periodsRequired)
      .max(PERIODS_MAX, M.periodInvalid)
      .superRefine(uniqueEntries(M.periodTwice, (p) => String(p.period), ['period'])),
    breaks: z.array(z.object({ name: requiredText(40, M.breakNameRequired, M.scheduleNameTooLong), startsAt: timeField, endsAt: timeField })).max(6).default([]),
  })
  .superRefine((s, ctx) => {
    const items = [
      ...s.periods.map((p, i) => ({ path: ['periods', i], startsAt: p.startsAt, endsAt: p.endsAt })),
      ...s.breaks.map((b, i) => ({ path: ['breaks', i], startsAt: b.startsAt, endsAt: b.endsAt })),
    ];
    for (const item of items) {
      if (item.endsAt <= item.startsAt) ctx.addIssue({ code: 'custom', message: M.endsBeforeStart, path: [...item.path, 'endsAt'] });
    }
    const sorted = [...items].sort((a, b) => a.startsAt.localeCompare(b.startsAt));
    for (let i = 1; i < sorted.length; i += 1) {
      if (sorted[i].startsAt < sorted[i - 1].endsAt) ctx.addIssue({ code: 'custom', message: M.overlaps, path: [...sorted[i].path, 'startsAt'] });
    }
  });
export type BellScheduleInput = z.output<typeof bellScheduleSchema>;

export const putBellSchedulesSchema = z
  .object({
    schedules: z.array(bellScheduleSchema).max(6, M.tooManySchedules),
    /** The most periods one teacher may teach in a day (null: no limit). */
    dailyLoadLimit: z.number({ error: M.loadInvalid }).int(M.loadInvalid).min(1, M.loadInvalid).max(PERIODS_MAX, M.loadInvalid).nullable().default(null),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<number>();
    v.schedules.forEach((s, i) => {
      for (const d of s.days) {
        if (seen.has(d)) ctx.addIssue({ code: 'custom', message: `${DAY_NAMES[d]}: ${M.dayTwice.toLowerCase()}`, path: ['schedules', i, 'days'] });
        seen.add(d);
      }
    });
  });
export type PutBellSchedulesInput = z.output<typeof putBellSchedulesSchema>;

export interface BellSchedule {
  id: string;
  name: string;
  days: number[];
  periods: { period: number; startsAt: string; endsAt: string }[];
  breaks: { name: string; startsAt: string; endsAt: string }[];
}
export interface BellSchedulesResult {
  schedules: BellSchedule[];
  dailyLoadLimit: number | null;
}

/** The periods each day has under a set of schedules: day → period numbers. */
export function periodsByDay(schedules: readonly Pick<BellSchedule, 'days' | 'periods'>[]): Map<number, Set<number>> {
  const out = new Map<number, Set<number>>();
  for (const s of schedules) for (const d of s.days) out.set(d, new Set(s.periods.map((p) => p.period)));
  return out;
}

// ── timetable ─────────────────────────────────────────────────────────────
export const timetableSlotSchema = z.object({ day: dayField, period: periodField, subjectId: idField, teacherId: idField });
export type TimetableSlotInput = z.infer<typeof timetableSlotSchema>;

export const putTimetableSchema = z.object({
  slots: z
    .array(timetableSlotSchema)
    .max(72, M.tooManySlots)
    .superRefine(uniqueEntries(M.slotTwice, (s) => `${s.day}:${s.period}`)),
});
export type PutTimetableInput = z.infer<typeof putTimetableSchema>;

export const copyTimetableSchema = z.object({ toSectionId: idField });
export type CopyTimetableInput = z.infer<typeof copyTimetableSchema>;

export interface TimetableSlot {
  day: number;
  period: number;
  subjectId: string;
  subjectName: string;
  teacherId: string;
  teacherName: string;
  sectionId: string;
  sectionName: string;
  classId: string;
  className: string;
}
export interface SectionRef {
  id: string;
  name: string;
  classId: string;
  className: string;
  academicYear: string;
}
export interface SectionTimetable {
  section: SectionRef;
  slots: TimetableSlot[];
}
export interface SectionTimetableResult {
  timetable: SectionTimetable;
}
export interface CopyTimetableResult {
  timetable: SectionTimetable;
  /** Source slots not copied: the target section has no teacher assigned for the subject, or does not teach it. */
  skipped: { day: number; period: number; subjectId: string; reason: string }[];
}
export interface StaffTimetableResult {
  staff: { id: string; name: string };
  slots: TimetableSlot[];
}
export interface SchoolTimetableResult {
  academicYear: string | null;
  sections: SectionTimetable[];
}
/** GET …/timetable/classes: the year's classes with sections and subjects, for the editors. */
export interface TimetableClassesResult {
  academicYear: string | null;
  classes: ClassWithDetails[];
}
export const schoolTimetableQuerySchema = z.object({
  academicYear: optionalField(z.string().trim().regex(/^\d{4}-\d{2}$/, 'Academic year must look like 2026-27')),
});

/** The printed timetable's languages: English or Hindi labels (names stay as entered). */
export const TIMETABLE_PDF_LANGUAGES = ['en', 'hi'] as const;
export type TimetablePdfLanguage = (typeof TIMETABLE_PDF_LANGUAGES)[number];
/** GET …/timetable/pdf (a section's, a teacher's, the whole school's): ?lang=en|hi, ?academicYear= where it applies. */
export const timetablePdfQuerySchema = schoolTimetableQuerySchema.extend({
  lang: z.enum(TIMETABLE_PDF_LANGUAGES, { error: 'Language must be en or hi' }).default('en'),
});
export type TimetablePdfQuery = z.output<typeof timetablePdfQuerySchema>;

/** TIMETABLE_CLASH's `data`: each clash, with the slot's index in the request. */
export interface TimetableClash {
  slot: number;
  day: number;
  period: number;
  teacherId: string;
  teacherName: string;
  sectionId: string;
  sectionName: string;
  className: string;
}

// ── substitutions ─────────────────────────────────────────────────────────
export const createSubstitutionsSchema = z.object({
  date: isoDateSchema,
  absentStaffId: idField,
  periods: z
    .array(z.object({ period: periodField, substituteStaffId: idField, note: optionalField(z.string().trim().max(200, M.noteTooLong)) }), {
      error: M.periodsListRequired,
    })
    .min(1, M.periodsListRequired)
    .max(PERIODS_MAX)
    .superRefine(uniqueEntries(M.periodTwice, (p) => String(p.period), ['period'])),
});
export type CreateSubstitutionsInput = z.output<typeof createSubstitutionsSchema>;

export const freeTeachersQuerySchema = z.object({
  date: isoDateSchema,
  period: z.coerce.number({ error: M.periodInvalid }).int(M.periodInvalid).min(1, M.periodInvalid).max(PERIODS_MAX, M.periodInvalid),
});
export type FreeTeachersQuery = z.output<typeof freeTeachersQuerySchema>;

export const substitutionsQuerySchema = z.object({ date: isoDateSchema });
/** GET …/my-timetable?date= (today in India when absent). */
export const myTimetableQuerySchema = z.object({ date: optionalField(isoDateSchema) });
/** The signed-in member's own week (through their linked staff record) and the periods they substitute on the date. */
export interface MyTimetableResult {
  date: string;
  staff: { id: string; name: string } | null;
  slots: TimetableSlot[];
  substitutions: Substitution[];
}
export const absentPeriodsQuerySchema = z.object({ date: isoDateSchema, staffId: idField });

export interface Substitution {
  id: string;
  date: string;
  period: number;
  sectionId: string;
  sectionName: string;
  className: string;
  subjectId: string;
  subjectName: string;
  absentStaffId: string;
  absentStaffName: string;
  substituteStaffId: string;
  substituteStaffName: string;
  note: string | null;
  notified: boolean;
}
export interface SubstitutionsResult {
  substitutions: Substitution[];
}
export interface SubstitutionList {
  date: string;
  items: Substitution[];
}
export interface FreeTeacher {
  staffId: string;
  name: string;
  designation: string | null;
  subjectIds: string[];
  /** Periods this teacher already has that day (timetable plus substitutions): the lightest first. */
  periodsThatDay: number;
}
export interface FreeTeachersResult {
  date: string;
  period: number;
  items: FreeTeacher[];
}
export interface AbsentPeriodsResult {
  date: string;
  staffId: string;
  items: (Omit<TimetableSlot, 'teacherId' | 'teacherName'> & { substitute: { staffId: string; name: string } | null })[];
}

// ── the clash rules (pure: the server refuses with them, the grid editor shows them as you edit) ──
/** A lesson a teacher already has elsewhere (another section's slot). */
export interface BusySlot {
  teacherId: string;
  day: number;
  period: number;
  sectionId: string;
}

export interface TimetableConflicts<B extends BusySlot> {
  /** Slots whose teacher is already in another section then. */
  clashes: { slot: number; with: B }[];
  /** Slots whose teacher would be over the daily limit that day (every such slot of that teacher and day). */
  overloads: { slot: number; teacherId: string; day: number; count: number }[];
}

/**
 * The conflicts of a section's week (`slots`) with the teachers' lessons elsewhere (`others`, never
 * this section's own): a teacher in two places at once, and a teacher over `dailyLoadLimit`
 * periods in a day (null: no limit).
 */
export function timetableConflicts<B extends BusySlot>(
  slots: readonly Pick<TimetableSlotInput, 'day' | 'period' | 'teacherId'>[],
  others: readonly B[],
  dailyLoadLimit: number | null,
): TimetableConflicts<B> {
  const busy = new Map(others.map((o) => [`${o.teacherId}:${o.day}:${o.period}`, o]));
  const clashes: TimetableConflicts<B>['clashes'] = [];
  slots.forEach((s, slot) => {
    const other = busy.get(`${s.teacherId}:${s.day}:${s.period}`);
    if (other) clashes.push({ slot, with: other });
  });
  const overloads: TimetableConflicts<B>['overloads'] = [];
  if (dailyLoadLimit !== null) {
    const load = new Map<string, number>();
    const add = (teacherId: string, day: number) => load.set(`${teacherId}:${day}`, (load.get(`${teacherId}:${day}`) ?? 0) + 1);
    for (const o of others) add(o.teacherId, o.day);
    for (const s of slots) add(s.teacherId, s.day);
    slots.forEach((s, slot) => {
      const count = load.get(`${s.teacherId}:${s.day}`) ?? 0;
      if (count > dailyLoadLimit) overloads.push({ slot, teacherId: s.teacherId, day: s.day, count });
    });
  }
  return { clashes, overloads };
}
