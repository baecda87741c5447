import { applyDecorators } from '@nestjs/common';
import { ApiProduces, ApiResponse } from '@nestjs/swagger';
import {
  ATTENDANCE_STATUSES,
  type AttendanceDayResult,
  type AttendanceRegisterResult,
  type AttendanceSettingsResult,
  type AttendanceToday,
  type BelowThresholdResult,
  type StudentAttendanceResult,
} from '@vidyalaya/shared';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { successEnvelope } from '../../common/openapi';

/** The answers of the attendance calls, for the OpenAPI document (common/openapi.ts). */
const status = z.enum(ATTENDANCE_STATUSES);
const counts = z.object({ present: z.int(), absent: z.int(), late: z.int(), halfDay: z.int(), leave: z.int() });
const days = z.record(z.string(), status);

const day = z.object({
  sectionId: z.uuid(),
  className: z.string(),
  sectionName: z.string(),
  date: z.string(),
  marked: z.boolean(),
  markedBy: z.object({ userId: z.uuid(), name: z.string() }).nullable(),
  markedAt: z.string().nullable(),
  holiday: z.object({ name: z.string() }).nullable(),
  counts,
  records: z.array(
    z.object({
      studentId: z.uuid(),
      admissionNumber: z.string(),
      name: z.string(),
      rollNumber: z.int().nullable(),
      status: status.nullable(),
      note: z.string().nullable(),
    }),
  ),
  history: z.array(z.object({ studentId: z.uuid(), from: status.nullable(), to: status.nullable(), changedBy: z.string(), changedAt: z.string() })),
});
export class AttendanceDayResponse extends createZodDto(successEnvelope(z.object({ attendance: day }) satisfies z.ZodType<AttendanceDayResult>)) {}

const register = z.object({
  sectionId: z.uuid(),
  className: z.string(),
  sectionName: z.string(),
  month: z.string(),
  workingDays: z.array(z.string()),
  holidays: z.array(z.object({ date: z.string(), name: z.string() })),
  markedDays: z.array(z.string()),
  countedFrom: z.string().nullable(),
  countedDays: z.int(),
  students: z.array(
    z.object({
      studentId: z.uuid(),
      admissionNumber: z.string(),
      name: z.string(),
      rollNumber: z.int().nullable(),
      days,
      totals: counts,
      percentage: z.number().nullable(),
    }),
  ),
});
export class AttendanceRegisterResponse extends createZodDto(successEnvelope(z.object({ register }) satisfies z.ZodType<AttendanceRegisterResult>)) {}

export class AttendanceTodayResponse extends createZodDto(
  successEnvelope(
    z.object({
      date: z.string(),
      holiday: z.object({ name: z.string() }).nullable(),
      sections: z.array(
        z.object({
          sectionId: z.uuid(),
          classId: z.uuid(),
          className: z.string(),
          sectionName: z.string(),
          students: z.int(),
          canMark: z.boolean(),
          mine: z.boolean(),
          marked: z.boolean(),
          markedBy: z.string().nullable(),
          markedAt: z.string().nullable(),
          present: z.int(),
          absent: z.int(),
          counts,
        }),
      ),
      markedCount: z.int(),
      unmarkedCount: z.int(),
    }) satisfies z.ZodType<AttendanceToday>,
  ),
) {}

export class StudentAttendanceResponse extends createZodDto(
  successEnvelope(
    z.object({
      attendance: z.object({
        studentId: z.uuid(),
        name: z.string(),
        asOf: z.string(),
        from: z.string(),
        workingDays: z.int(),
        totals: counts,
        percentage: z.number().nullable(),
        months: z.array(z.object({ month: z.string(), workingDays: z.int(), totals: counts, percentage: z.number().nullable(), days, workingDates: z.array(z.string()) })),
      }),
    }) satisfies z.ZodType<StudentAttendanceResult>,
  ),
) {}

export class BelowThresholdResponse extends createZodDto(
  successEnvelope(
    z.object({
      asOf: z.string(),
      threshold: z.number(),
      items: z.array(
        z.object({
          studentId: z.uuid(),
          admissionNumber: z.string(),
          name: z.string(),
          classId: z.uuid().nullable(),
          className: z.string().nullable(),
          sectionId: z.uuid().nullable(),
          sectionName: z.string().nullable(),
          workingDays: z.int(),
          percentage: z.number().nullable(),
          recentPercentage: z.number().nullable(),
          risk: z.enum(['below', 'heading_below']),
          asOnJanuaryFirst: z.number().nullable(),
        }),
      ),
      total: z.int(),
    }) satisfies z.ZodType<BelowThresholdResult>,
  ),
) {}

export class AttendanceSettingsResponse extends createZodDto(
  successEnvelope(z.object({ settings: z.object({ absenceNotices: z.boolean() }) }) satisfies z.ZodType<AttendanceSettingsResult>),
) {}

/** A route answering a file (the register as PDF or XLSX), not the JSON envelope. */
export const ApiFile = (description: string, type: string) =>
  applyDecorators(ApiProduces(type), ApiResponse({ status: 200, description, content: { [type]: { schema: { type: 'string', format: 'binary' } } } }));
