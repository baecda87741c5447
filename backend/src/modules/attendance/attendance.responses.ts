import { applyDecorators } from '@nestjs/common';
import { ApiProduces, ApiResponse } from '@nestjs/swagger';
import {
  attendanceDayResultSchema,
  attendanceRegisterResultSchema,
  attendanceSettingsResultSchema,
  attendanceTodaySchema,
  belowThresholdResultSchema,
  studentAttendanceResultSchema,
} from '@vidyalaya/shared/attendance';
import { createZodDto } from 'nestjs-zod';
import { successEnvelope } from '../../common/openapi';

/**
 * The answers of the attendance calls, for the OpenAPI document (common/openapi.ts): the shared
 * answer schemas (shared/src/attendance/answers.ts, whose types are inferred from them) in the
 * success envelope. The register's files (PDF, XLSX) are not JSON: `ApiFile` documents them.
 */
export class AttendanceDayResponse extends createZodDto(successEnvelope(attendanceDayResultSchema)) {}
export class AttendanceRegisterResponse extends createZodDto(successEnvelope(attendanceRegisterResultSchema)) {}
export class AttendanceTodayResponse extends createZodDto(successEnvelope(attendanceTodaySchema)) {}
export class StudentAttendanceResponse extends createZodDto(successEnvelope(studentAttendanceResultSchema)) {}
export class BelowThresholdResponse extends createZodDto(successEnvelope(belowThresholdResultSchema)) {}
export class AttendanceSettingsResponse extends createZodDto(successEnvelope(attendanceSettingsResultSchema)) {}

/** A route answering a file (the register as PDF or XLSX), not the JSON envelope. */
export const ApiFile = (description: string, type: string) =>
  applyDecorators(ApiProduces(type), ApiResponse({ status: 200, description, content: { [type]: { schema: { type: 'string', format: 'binary' } } } }));
