import {
  CERTIFICATE_KINDS,
  CERTIFICATE_STATUSES,
  type BulkTransferResult,
  type CertificateList,
  type CertificateResult,
  type CertificateSettingsResult,
  type LeaverList,
  type PublicCertificate,
  type PublicTcList,
} from '@vidyalaya/shared';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { successEnvelope } from '../../common/openapi';
import { pageSchema } from '../../common/workspace/page.schema';

/** The answers of the certificate calls, for the OpenAPI document (common/openapi.ts). */
const certificate = z.object({
  id: z.uuid(),
  kind: z.enum(CERTIFICATE_KINDS),
  number: z.string(),
  status: z.enum(CERTIFICATE_STATUSES),
  issuedOn: z.string(),
  verifyCode: z.string(),
  academicYear: z.string(),
  studentId: z.uuid(),
  studentName: z.string(),
  admissionNumber: z.string(),
  className: z.string().nullable(),
  purpose: z.string().nullable(),
  fields: z.record(z.string(), z.string()),
  printCount: z.int(),
  duesOverridden: z.boolean(),
  replacesNumber: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  issuedByName: z.string().nullable(),
  createdAt: z.string(),
});
const publicCertificate = z.object({
  kind: z.enum(CERTIFICATE_KINDS),
  number: z.string(),
  schoolName: z.string(),
  studentName: z.string(),
  issuedOn: z.string(),
  status: z.enum(CERTIFICATE_STATUSES),
});

export class CertificateResponse extends createZodDto(successEnvelope(z.object({ certificate }) satisfies z.ZodType<CertificateResult>)) {}
export class CertificateListResponse extends createZodDto(successEnvelope(pageSchema(certificate) satisfies z.ZodType<CertificateList>)) {}
export class PublicCertificateResponse extends createZodDto(successEnvelope(publicCertificate satisfies z.ZodType<PublicCertificate>)) {}

const leaverList = z.object({
  className: z.string(),
  academicYear: z.string(),
  items: z.array(
    z.object({
      studentId: z.uuid(),
      name: z.string(),
      admissionNumber: z.string(),
      sectionName: z.string().nullable(),
      status: z.enum(['left', 'passed_out']),
      leftOn: z.string().nullable(),
      duesPaise: z.int(),
      certificateNumber: z.string().nullable(),
      certificateId: z.uuid().nullable(),
    }),
  ),
});
const bulkResult = z.object({
  issued: z.array(certificate),
  skipped: z.array(z.object({ studentId: z.string(), name: z.string(), code: z.enum(['DUES_OUTSTANDING', 'CERTIFICATE_EXISTS', 'STUDENT_NOT_LEFT', 'NOT_FOUND']), message: z.string() })),
});
const publicTcList = z.object({
  schoolName: z.string(),
  academicYear: z.string(),
  academicYears: z.array(z.string()),
  items: z.array(z.object({ number: z.string(), initials: z.string(), className: z.string().nullable(), issuedOn: z.string(), status: z.enum(CERTIFICATE_STATUSES) })),
});

export class LeaverListResponse extends createZodDto(successEnvelope(leaverList satisfies z.ZodType<LeaverList>)) {}
export class BulkTransferResponse extends createZodDto(successEnvelope(bulkResult satisfies z.ZodType<BulkTransferResult>)) {}
export class CertificateSettingsResponse extends createZodDto(successEnvelope(z.object({ settings: z.object({ publishTcList: z.boolean() }) }) satisfies z.ZodType<CertificateSettingsResult>)) {}
export class PublicTcListResponse extends createZodDto(successEnvelope(publicTcList satisfies z.ZodType<PublicTcList>)) {}
