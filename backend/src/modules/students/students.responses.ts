import { applyDecorators } from '@nestjs/common';
import { ApiProduces, ApiResponse } from '@nestjs/swagger';
import {
  APPLICATION_STATUSES,
  BLOOD_GROUPS,
  GENDERS,
  GUARDIAN_RELATIONS,
  SOCIAL_CATEGORIES,
  STUDENT_IMPORT_COLUMNS,
  STUDENT_STATUSES,
  type AadhaarReveal,
  type AdmissionNumberingResult,
  type AdmitResult,
  type Application,
  type ApplicationList,
  type ApplicationReceipt,
  type ApplicationResult,
  type EnrolmentHistory,
  type ImportResult,
  type Student,
  type StudentList,
  type StudentResult,
  type SchoolFrontDoorResult,
  type StudentSectionList,
} from '@vidyalaya/shared';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { successEnvelope } from '../../common/openapi';
import { pageSchema } from '../../common/workspace/page.schema';

/** The answers of the students, admissions and student-limit calls, for the OpenAPI document (common/openapi.ts). */
const gender = z.enum(GENDERS);
const relation = z.enum(GUARDIAN_RELATIONS);
const enrolmentSchema = z.object({
  academicYear: z.string(),
  classId: z.uuid(),
  className: z.string(),
  sectionId: z.uuid(),
  sectionName: z.string(),
  rollNumber: z.int().nullable(),
});
const studentSchema = z.object({
  id: z.uuid(),
  admissionNumber: z.string(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  name: z.string(),
  dateOfBirth: z.iso.date(),
  gender,
  status: z.enum(STUDENT_STATUSES),
  leftOn: z.iso.date().nullable(),
  leavingReason: z.string().nullable(),
  enrolment: enrolmentSchema.nullable(),
  guardians: z.array(
    z.object({ id: z.uuid(), name: z.string(), relation, phone: z.string(), email: z.string().nullable(), isPrimary: z.boolean() }),
  ),
  pen: z.string().nullable(),
  apaarId: z.string().nullable(),
  aadhaarMasked: z.string().nullable(),
  motherTongue: z.string().nullable(),
  socialCategory: z.enum(SOCIAL_CATEGORIES).nullable(),
  religion: z.string().nullable(),
  bloodGroup: z.enum(BLOOD_GROUPS).nullable(),
  cwsn: z.boolean(),
  rte: z.boolean(),
  bpl: z.boolean(),
  address: z.object({
    address1: z.string().nullable(),
    locality: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    pinCode: z.string().nullable(),
  }),
  admissionDate: z.iso.date().nullable(),
  hasPhoto: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<Student>;
const studentListItemSchema = z.object({
  id: z.uuid(),
  admissionNumber: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  gender,
  dateOfBirth: z.iso.date(),
  status: z.enum(STUDENT_STATUSES),
  classId: z.uuid().nullable(),
  className: z.string().nullable(),
  sectionId: z.uuid().nullable(),
  sectionName: z.string().nullable(),
  rollNumber: z.int().nullable(),
  guardianName: z.string().nullable(),
  guardianPhone: z.string().nullable(),
  rte: z.boolean(),
});
const applicationSchema = z.object({
  id: z.uuid(),
  applicationNumber: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  firstName: z.string(),
  lastName: z.string().nullable(),
  name: z.string(),
  dateOfBirth: z.iso.date(),
  gender,
  classApplied: z.string(),
  guardian: z.object({ name: z.string(), relation, phone: z.string(), email: z.string() }),
  rte: z.boolean(),
  consent: z.object({ at: z.string(), purpose: z.string(), policyVersion: z.string() }),
  rejectionReason: z.string().nullable(),
  studentId: z.uuid().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
}) satisfies z.ZodType<Application>;

export class StudentListResponse extends createZodDto(
  successEnvelope(pageSchema(studentListItemSchema).extend({ activeCount: z.int(), maxStudents: z.int() }) satisfies z.ZodType<StudentList>),
) {}
export class StudentResponse extends createZodDto(successEnvelope(z.object({ student: studentSchema }) satisfies z.ZodType<StudentResult>)) {}
export class EnrolmentHistoryResponse extends createZodDto(
  successEnvelope(z.object({ items: z.array(enrolmentSchema.extend({ enrolledAt: z.string() })) }) satisfies z.ZodType<EnrolmentHistory>),
) {}
export class StudentSectionListResponse extends createZodDto(
  successEnvelope(
    z.object({
      items: z.array(z.object({ classId: z.uuid(), className: z.string(), sectionId: z.uuid(), sectionName: z.string(), academicYear: z.string() })),
    }) satisfies z.ZodType<StudentSectionList>,
  ),
) {}
export class AadhaarRevealResponse extends createZodDto(successEnvelope(z.object({ aadhaar: z.string() }) satisfies z.ZodType<AadhaarReveal>)) {}
export class AdmissionNumberingResponse extends createZodDto(
  successEnvelope(
    z.object({ numbering: z.object({ prefix: z.string(), nextNumber: z.int(), digits: z.int(), example: z.string() }) }) satisfies z.ZodType<AdmissionNumberingResult>,
  ),
) {}
export class ImportResultResponse extends createZodDto(
  successEnvelope(
    z.object({
      rows: z.int(),
      valid: z.int(),
      invalid: z.int(),
      errors: z.array(z.object({ row: z.int(), field: z.enum([...STUDENT_IMPORT_COLUMNS, 'file']), message: z.string() })),
      created: z.int(),
      existing: z.int().optional(),
      dryRun: z.boolean().optional(),
    }) satisfies z.ZodType<ImportResult>,
  ),
) {}
export class ApplicationListResponse extends createZodDto(successEnvelope(pageSchema(applicationSchema) satisfies z.ZodType<ApplicationList>)) {}
export class ApplicationResponse extends createZodDto(successEnvelope(z.object({ application: applicationSchema }) satisfies z.ZodType<ApplicationResult>)) {}
export class AdmitResponse extends createZodDto(
  successEnvelope(z.object({ application: applicationSchema, student: studentSchema }) satisfies z.ZodType<AdmitResult>),
) {}
export class SchoolFrontDoorResponse extends createZodDto(
  successEnvelope(
    z.object({
      school: z.object({
        name: z.string(),
        subdomain: z.string(),
        level: z.string(),
        board: z.string().nullable(),
        affiliationNumber: z.string().nullable(),
        principalName: z.string().nullable(),
        email: z.string().nullable(),
        phoneNumbers: z.array(z.string()),
        address: z.object({
          address1: z.string(),
          address2: z.string().nullable(),
          locality: z.string(),
          landmark: z.string().nullable(),
          city: z.string(),
          state: z.string(),
          pinCode: z.string(),
        }),
      }),
    }) satisfies z.ZodType<SchoolFrontDoorResult>,
  ),
) {}
export class ApplicationReceiptResponse extends createZodDto(
  successEnvelope(z.object({ applicationNumber: z.string() }) satisfies z.ZodType<ApplicationReceipt>),
) {}
export class SchoolLimitResponse extends createZodDto(
  successEnvelope(z.object({ school: z.object({ id: z.uuid(), maxStudents: z.int(), activeStudents: z.int() }) })),
) {}

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
