import { z } from 'zod';
import { ATTENDANCE_STATUSES } from './schemas';

/**
 * The answers of the attendance calls (schemas.ts holds the rules and the requests): one schema
 * each, the types inferred from them. The back end's OpenAPI document wraps these in the success
 * envelope (attendance.responses.ts); the renderer imports only the types, so no schema here enters
 * its bundles.
 */
const statusSchema = z.enum(ATTENDANCE_STATUSES);
/** date → status, for the working days marked. */
const daysSchema = z.record(z.string(), statusSchema);

export const attendanceMarkSchema = z.object({
  studentId: z.uuid(),
  admissionNumber: z.string(),
  name: z.string(),
  rollNumber: z.int().nullable(),
  /** null: not marked that day. */
  status: statusSchema.nullable(),
  note: z.string().nullable(),
});
export type AttendanceMark = z.output<typeof attendanceMarkSchema>;
export const attendanceCountsSchema = z.object({ present: z.int(), absent: z.int(), late: z.int(), halfDay: z.int(), leave: z.int() });
export type AttendanceCounts = z.output<typeof attendanceCountsSchema>;
export const attendanceDaySchema = z.object({
  sectionId: z.uuid(),
  className: z.string(),
  sectionName: z.string(),
  date: z.string(),
  marked: z.boolean(),
  markedBy: z.object({ userId: z.uuid(), name: z.string() }).nullable(),
  markedAt: z.string().nullable(),
  /** Whether the day is a holiday for this section, and its name. */
  holiday: z.object({ name: z.string() }).nullable(),
  counts: attendanceCountsSchema,
  records: z.array(attendanceMarkSchema),
  /** Who changed what, when (newest first). */
  history: z.array(z.object({ studentId: z.uuid(), from: statusSchema.nullable(), to: statusSchema.nullable(), changedBy: z.string(), changedAt: z.string() })),
});
export type AttendanceDay = z.output<typeof attendanceDaySchema>;
export const attendanceDayResultSchema = z.object({ attendance: attendanceDaySchema });
export type AttendanceDayResult = z.output<typeof attendanceDayResultSchema>;

export const registerStudentSchema = z.object({
  studentId: z.uuid(),
  admissionNumber: z.string(),
  name: z.string(),
  rollNumber: z.int().nullable(),
  days: daysSchema,
  totals: attendanceCountsSchema,
  percentage: z.number().nullable(),
});
export type RegisterStudent = z.output<typeof registerStudentSchema>;
export const attendanceRegisterSchema = z.object({
  sectionId: z.uuid(),
  className: z.string(),
  sectionName: z.string(),
  month: z.string(),
  /** The working days of the month up to today (holidays excluded). */
  workingDays: z.array(z.string()),
  holidays: z.array(z.object({ date: z.string(), name: z.string() })),
  /** The working days on which the section was marked. */
  markedDays: z.array(z.string()),
  /** The section's first marked day this academic year (null: never marked); percentages count working days from it. */
  countedFrom: z.string().nullable(),
  /** The working days of the month the percentages are over. */
  countedDays: z.int(),
  students: z.array(registerStudentSchema),
});
export type AttendanceRegister = z.output<typeof attendanceRegisterSchema>;
export const attendanceRegisterResultSchema = z.object({ register: attendanceRegisterSchema });
export type AttendanceRegisterResult = z.output<typeof attendanceRegisterResultSchema>;

export const todaySectionSchema = z.object({
  sectionId: z.uuid(),
  classId: z.uuid(),
  className: z.string(),
  sectionName: z.string(),
  students: z.int(),
  /** Whether the caller may mark it (a teacher: the sections assigned to them). */
  canMark: z.boolean(),
  /** The caller is its class teacher (listed first). A teacher is answered only the sections they may mark. */
  mine: z.boolean(),
  marked: z.boolean(),
  markedBy: z.string().nullable(),
  markedAt: z.string().nullable(),
  present: z.int(),
  absent: z.int(),
  counts: attendanceCountsSchema,
});
export type TodaySection = z.output<typeof todaySectionSchema>;
export const attendanceTodaySchema = z.object({
  date: z.string(),
  holiday: z.object({ name: z.string() }).nullable(),
  sections: z.array(todaySectionSchema),
  markedCount: z.int(),
  unmarkedCount: z.int(),
});
export type AttendanceToday = z.output<typeof attendanceTodaySchema>;

export const studentAttendanceSchema = z.object({
  studentId: z.uuid(),
  name: z.string(),
  asOf: z.string(),
  from: z.string(),
  workingDays: z.int(),
  totals: attendanceCountsSchema,
  percentage: z.number().nullable(),
  months: z.array(
    z.object({
      month: z.string(),
      workingDays: z.int(),
      totals: attendanceCountsSchema,
      percentage: z.number().nullable(),
      days: daysSchema,
      /** The month's counted working days (YYYY-MM-DD, holidays excluded), marked or not. */
      workingDates: z.array(z.string()),
    }),
  ),
});
export type StudentAttendance = z.output<typeof studentAttendanceSchema>;
export const studentAttendanceResultSchema = z.object({ attendance: studentAttendanceSchema });
export type StudentAttendanceResult = z.output<typeof studentAttendanceResultSchema>;

export const belowThresholdItemSchema = z.object({
  studentId: z.uuid(),
  admissionNumber: z.string(),
  name: z.string(),
  classId: z.uuid().nullable(),
  className: z.string().nullable(),
  sectionId: z.uuid().nullable(),
  sectionName: z.string().nullable(),
  workingDays: z.int(),
  percentage: z.number().nullable(),
  /** The last 30 days' percentage (the trend). */
  recentPercentage: z.number().nullable(),
  risk: z.enum(['below', 'heading_below']),
  /** Classes 10 and 12: the figure as on 1 January of the academic year (null before that date). */
  asOnJanuaryFirst: z.number().nullable(),
});
export type BelowThresholdItem = z.output<typeof belowThresholdItemSchema>;
export const belowThresholdResultSchema = z.object({ asOf: z.string(), threshold: z.number(), items: z.array(belowThresholdItemSchema), total: z.int() });
export type BelowThresholdResult = z.output<typeof belowThresholdResultSchema>;
export const attendanceSettingsResultSchema = z.object({ settings: z.object({ absenceNotices: z.boolean() }) });
export type AttendanceSettingsResult = z.output<typeof attendanceSettingsResultSchema>;
