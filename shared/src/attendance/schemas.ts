import { z } from 'zod';
import { optionalField } from '../schemas/common';
import { isoDateSchema } from '../workspace/common';

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
