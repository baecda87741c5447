import { z } from 'zod';
import { optionalField, requiredText, uniqueEntries } from '../schemas/common';
import { isoDateSchema } from '../workspace/common';

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

// The answers are schemas, their types inferred from them (the back end wraps them in the envelope).
const timeRangeShape = { startsAt: z.string(), endsAt: z.string() };
export const bellScheduleAnswerSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  days: z.array(z.int()),
  periods: z.array(z.object({ period: z.int(), ...timeRangeShape })),
  breaks: z.array(z.object({ name: z.string(), ...timeRangeShape })),
});
export type BellSchedule = z.output<typeof bellScheduleAnswerSchema>;
export const bellSchedulesResultSchema = z.object({ schedules: z.array(bellScheduleAnswerSchema), dailyLoadLimit: z.int().nullable() });
export type BellSchedulesResult = z.output<typeof bellSchedulesResultSchema>;

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

/** A lesson: the day, the period, the subject and where (a section of a class). */
const lessonShape = {
  day: z.int(),
  period: z.int(),
  subjectId: z.uuid(),
  subjectName: z.string(),
  sectionId: z.uuid(),
  sectionName: z.string(),
  classId: z.uuid(),
  className: z.string(),
};
export const timetableSlotAnswerSchema = z.object({ ...lessonShape, teacherId: z.uuid(), teacherName: z.string() });
export type TimetableSlot = z.output<typeof timetableSlotAnswerSchema>;
export const sectionRefSchema = z.object({ id: z.uuid(), name: z.string(), classId: z.uuid(), className: z.string(), academicYear: z.string() });
export type SectionRef = z.output<typeof sectionRefSchema>;
export const sectionTimetableSchema = z.object({ section: sectionRefSchema, slots: z.array(timetableSlotAnswerSchema) });
export type SectionTimetable = z.output<typeof sectionTimetableSchema>;
export const sectionTimetableResultSchema = z.object({ timetable: sectionTimetableSchema });
export type SectionTimetableResult = z.output<typeof sectionTimetableResultSchema>;
export const copyTimetableResultSchema = z.object({
  timetable: sectionTimetableSchema,
  /** Source slots not copied: the target section has no teacher assigned for the subject, or does not teach it. */
  skipped: z.array(z.object({ day: z.int(), period: z.int(), subjectId: z.uuid(), reason: z.string() })),
});
export type CopyTimetableResult = z.output<typeof copyTimetableResultSchema>;
const staffRefSchema = z.object({ id: z.uuid(), name: z.string() });
export const staffTimetableResultSchema = z.object({ staff: staffRefSchema, slots: z.array(timetableSlotAnswerSchema) });
export type StaffTimetableResult = z.output<typeof staffTimetableResultSchema>;
export const schoolTimetableResultSchema = z.object({ academicYear: z.string().nullable(), sections: z.array(sectionTimetableSchema) });
export type SchoolTimetableResult = z.output<typeof schoolTimetableResultSchema>;
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
export const absentPeriodsQuerySchema = z.object({ date: isoDateSchema, staffId: idField });

export const substitutionSchema = z.object({
  id: z.uuid(),
  date: z.string(),
  period: z.int(),
  sectionId: z.uuid(),
  sectionName: z.string(),
  className: z.string(),
  subjectId: z.uuid(),
  subjectName: z.string(),
  absentStaffId: z.uuid(),
  absentStaffName: z.string(),
  substituteStaffId: z.uuid(),
  substituteStaffName: z.string(),
  note: z.string().nullable(),
  notified: z.boolean(),
});
export type Substitution = z.output<typeof substitutionSchema>;
export const substitutionsResultSchema = z.object({ substitutions: z.array(substitutionSchema) });
export type SubstitutionsResult = z.output<typeof substitutionsResultSchema>;
export const substitutionListSchema = z.object({ date: z.string(), items: z.array(substitutionSchema) });
export type SubstitutionList = z.output<typeof substitutionListSchema>;
/** The signed-in member's own week (through their linked staff record) and the periods they substitute on the date. */
export const myTimetableResultSchema = z.object({
  date: z.string(),
  staff: staffRefSchema.nullable(),
  slots: z.array(timetableSlotAnswerSchema),
  substitutions: z.array(substitutionSchema),
});
export type MyTimetableResult = z.output<typeof myTimetableResultSchema>;
export const freeTeacherSchema = z.object({
  staffId: z.uuid(),
  name: z.string(),
  designation: z.string().nullable(),
  subjectIds: z.array(z.uuid()),
  /** Periods this teacher already has that day (timetable plus substitutions): the lightest first. */
  periodsThatDay: z.int(),
});
export type FreeTeacher = z.output<typeof freeTeacherSchema>;
export const freeTeachersResultSchema = z.object({ date: z.string(), period: z.int(), items: z.array(freeTeacherSchema) });
export type FreeTeachersResult = z.output<typeof freeTeachersResultSchema>;
export const absentPeriodsResultSchema = z.object({
  date: z.string(),
  staffId: z.uuid(),
  items: z.array(z.object({ ...lessonShape, substitute: z.object({ staffId: z.uuid(), name: z.string() }).nullable() })),
});
export type AbsentPeriodsResult = z.output<typeof absentPeriodsResultSchema>;

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
