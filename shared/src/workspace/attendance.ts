import { z } from 'zod';
import { optionalField } from '../schemas/common';
import { isoDateSchema } from './common';

/**
 * Daily attendance per section (DECISIONS "Attendance"): the marks of a day, the month register,
 * today's overview, a student's running percentage and the 75 % early-warning list.
 * Percentage = (present + late + ½ × half_day) ÷ working days (calendar holidays excluded), the
 * working days counted from the day the section's register began this academic year (or the
 * child's admission, when later), so a school that starts mid-year is not shown at 0 %.
 */
export const ATTENDANCE_STATUSES = ['present', 'absent', 'late', 'half_day', 'leave'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
/** The paper register's letters. */
export const ATTENDANCE_LETTERS: Readonly<Record<AttendanceStatus, string>> = { present: 'P', absent: 'A', late: 'L', half_day: 'H', leave: 'LV' };
/** The CBSE minimum. */
export const ATTENDANCE_THRESHOLD = 75;
/** Classes whose figure as on 1 January CBSE asks for. */
export const ATTENDANCE_BOARD_CLASSES = ['Class 10', 'Class 12'] as const;

export const ATTENDANCE_MESSAGES = {
  statusInvalid: 'Status must be present, absent, late, half_day or leave',
  studentIdInvalid: 'Each student must be a valid ID',
  noteTooLong: 'Note must not exceed 200 characters',
  recordsRequired: 'Send the marks of at least one student',
  tooManyRecords: 'A section has at most 300 students',
  studentTwice: 'A student is marked twice',
  monthInvalid: 'Enter a month as YYYY-MM',
  basedOnInvalid: 'basedOn must be the time the marks were last saved, or null',
  notInSection: 'This student is not in this section',
} as const;
const M = ATTENDANCE_MESSAGES;

/** Rounds a percentage to two decimals (null when there are no working days). */
export function attendancePercent(t: { present: number; late: number; halfDay: number }, workingDays: number): number | null {
  if (workingDays <= 0) return null;
  return Math.round(((t.present + t.late + t.halfDay / 2) / workingDays) * 10_000) / 100;
}

export const attendanceRecordSchema = z.object({
  studentId: z.uuid({ error: M.studentIdInvalid }).overwrite((v) => v.toLowerCase()),
  status: z.enum(ATTENDANCE_STATUSES, { error: M.statusInvalid }),
  note: optionalField(z.string().trim().max(200, M.noteTooLong)),
});
export const putAttendanceSchema = z
  .object({
    records: z.array(attendanceRecordSchema, { error: M.recordsRequired }).min(1, M.recordsRequired).max(300, M.tooManyRecords),
    /** The `markedAt` the client started from (null: it believed the day unmarked); a stale one answers 409. */
    basedOn: z.iso.datetime({ error: M.basedOnInvalid, offset: true }).nullable().optional(),
  })
  .refine((v) => new Set(v.records.map((r) => r.studentId)).size === v.records.length, { message: M.studentTwice, path: ['records'] });
export type PutAttendanceInput = z.output<typeof putAttendanceSchema>;

export const attendanceDayParamSchema = z.object({
  schoolId: z.uuid({ error: 'Must be a valid ID' }),
  sectionId: z.uuid({ error: 'Must be a valid ID' }),
  date: isoDateSchema,
});
export const monthQuerySchema = z.object({ month: z.string({ error: M.monthInvalid }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, M.monthInvalid) });
export const asOfQuerySchema = z.object({ asOf: optionalField(isoDateSchema) });
export const attendanceSettingsSchema = z.object({ absenceNotices: z.boolean({ error: 'Say whether absence notices are sent (true or false)' }) });
export type AttendanceSettings = z.output<typeof attendanceSettingsSchema>;

export interface AttendanceMark {
  studentId: string;
  admissionNumber: string;
  name: string;
  rollNumber: number | null;
  /** null: not marked that day. */
  status: AttendanceStatus | null;
  note: string | null;
}
export interface AttendanceCounts {
  present: number;
  absent: number;
  late: number;
  halfDay: number;
  leave: number;
}
export interface AttendanceDay {
  sectionId: string;
  className: string;
  sectionName: string;
  date: string;
  marked: boolean;
  markedBy: { userId: string; name: string } | null;
  markedAt: string | null;
  /** Whether the day is a holiday for this section, and its name. */
  holiday: { name: string } | null;
  counts: AttendanceCounts;
  records: AttendanceMark[];
  /** Who changed what, when (newest first). */
  history: { studentId: string; from: AttendanceStatus | null; to: AttendanceStatus | null; changedBy: string; changedAt: string }[];
}
export interface AttendanceDayResult {
  attendance: AttendanceDay;
}

export interface RegisterStudent {
  studentId: string;
  admissionNumber: string;
  name: string;
  rollNumber: number | null;
  /** date → status, for the working days marked. */
  days: Record<string, AttendanceStatus>;
  totals: AttendanceCounts;
  percentage: number | null;
}
export interface AttendanceRegister {
  sectionId: string;
  className: string;
  sectionName: string;
  month: string;
  /** The working days of the month up to today (holidays excluded). */
  workingDays: string[];
  holidays: { date: string; name: string }[];
  /** The working days on which the section was marked. */
  markedDays: string[];
  /** The section's first marked day this academic year (null: never marked); percentages count working days from it. */
  countedFrom: string | null;
  /** The working days of the month the percentages are over. */
  countedDays: number;
  students: RegisterStudent[];
}
export interface AttendanceRegisterResult {
  register: AttendanceRegister;
}

export interface TodaySection {
  sectionId: string;
  classId: string;
  className: string;
  sectionName: string;
  students: number;
  /** Whether the caller may mark it (a teacher: the sections assigned to them). */
  canMark: boolean;
  /** The caller is its class teacher (listed first). A teacher is answered only the sections they may mark. */
  mine: boolean;
  marked: boolean;
  markedBy: string | null;
  markedAt: string | null;
  present: number;
  absent: number;
  counts: AttendanceCounts;
}
export interface AttendanceToday {
  date: string;
  holiday: { name: string } | null;
  sections: TodaySection[];
  markedCount: number;
  unmarkedCount: number;
}

export interface StudentAttendance {
  studentId: string;
  name: string;
  asOf: string;
  from: string;
  workingDays: number;
  totals: AttendanceCounts;
  percentage: number | null;
  months: {
    month: string;
    workingDays: number;
    totals: AttendanceCounts;
    percentage: number | null;
    days: Record<string, AttendanceStatus>;
    /** The month's counted working days (YYYY-MM-DD, holidays excluded), marked or not. */
    workingDates: string[];
  }[];
}
export interface StudentAttendanceResult {
  attendance: StudentAttendance;
}

export interface BelowThresholdItem {
  studentId: string;
  admissionNumber: string;
  name: string;
  classId: string | null;
  className: string | null;
  sectionId: string | null;
  sectionName: string | null;
  workingDays: number;
  percentage: number | null;
  /** The last 30 days' percentage (the trend). */
  recentPercentage: number | null;
  risk: 'below' | 'heading_below';
  /** Classes 10 and 12: the figure as on 1 January of the academic year (null before that date). */
  asOnJanuaryFirst: number | null;
}
export interface BelowThresholdResult {
  asOf: string;
  threshold: number;
  items: BelowThresholdItem[];
  total: number;
}
export interface AttendanceSettingsResult {
  settings: AttendanceSettings;
}
