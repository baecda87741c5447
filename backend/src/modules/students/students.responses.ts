import { applyDecorators } from '@nestjs/common';
import { ApiProduces, ApiResponse } from '@nestjs/swagger';
import {
  aadhaarRevealSchema,
  admissionNumberingResultSchema,
  admitResultSchema,
  applicationListSchema,
  applicationReceiptSchema,
  applicationResultSchema,
  enrolmentHistorySchema,
  importResultSchema,
  schoolFrontDoorResultSchema,
  schoolLimitResultSchema,
  studentListSchema,
  studentResultSchema,
  studentSectionListSchema,
} from '@vidyalaya/shared/students';
import { createZodDto } from 'nestjs-zod';
import { successEnvelope } from '../../common/openapi';

/**
 * The answers of the students, admissions and student-limit calls, for the OpenAPI document
 * (common/openapi.ts): the shared answer schemas (shared/src/students/answers.ts, whose
 * types are inferred from them) in the success envelope. The template, the UDISE+ export and the
 * photo are files, documented with `ApiFile` below.
 */
export class StudentListResponse extends createZodDto(successEnvelope(studentListSchema)) {}
export class StudentResponse extends createZodDto(successEnvelope(studentResultSchema)) {}
export class EnrolmentHistoryResponse extends createZodDto(successEnvelope(enrolmentHistorySchema)) {}
export class StudentSectionListResponse extends createZodDto(successEnvelope(studentSectionListSchema)) {}
export class AadhaarRevealResponse extends createZodDto(successEnvelope(aadhaarRevealSchema)) {}
export class AdmissionNumberingResponse extends createZodDto(successEnvelope(admissionNumberingResultSchema)) {}
export class ImportResultResponse extends createZodDto(successEnvelope(importResultSchema)) {}
export class ApplicationListResponse extends createZodDto(successEnvelope(applicationListSchema)) {}
export class ApplicationResponse extends createZodDto(successEnvelope(applicationResultSchema)) {}
export class AdmitResponse extends createZodDto(successEnvelope(admitResultSchema)) {}
export class SchoolFrontDoorResponse extends createZodDto(successEnvelope(schoolFrontDoorResultSchema)) {}
export class ApplicationReceiptResponse extends createZodDto(successEnvelope(applicationReceiptSchema)) {}
export class SchoolLimitResponse extends createZodDto(successEnvelope(schoolLimitResultSchema)) {}

/**
 * Documents a route that answers a file (the bytes themselves, not the JSON envelope): its media
 * types, each a binary string. The OpenAPI test accepts this in place of `@ApiData` only for the
 * routes it names as file answers.
 */
export const ApiFile = (description: string, ...types: string[]) =>
  applyDecorators(
    ApiProduces(...types),
    ApiResponse({ status: 200, description, content: Object.fromEntries(types.map((t) => [t, { schema: { type: 'string', format: 'binary' } }])) }),
  );
