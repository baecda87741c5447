import { classTeacherResultSchema, staffListSchema, staffResultSchema, teachingAssignmentListSchema } from '@vidyalaya/shared/staff';
import { createZodDto } from 'nestjs-zod';
import { successEnvelope } from '../../common/openapi';

/** The answers of the staff, class-teacher and teaching-assignment calls, for the OpenAPI document (common/openapi.ts): the shared schemas in the envelope. */
export class StaffListResponse extends createZodDto(successEnvelope(staffListSchema)) {}
export class StaffResponse extends createZodDto(successEnvelope(staffResultSchema)) {}
export class ClassTeacherResponse extends createZodDto(successEnvelope(classTeacherResultSchema)) {}
export class TeachingAssignmentListResponse extends createZodDto(successEnvelope(teachingAssignmentListSchema)) {}
