import { CERTIFICATE_KINDS, CERTIFICATE_STATUSES, type CertificateList, type CertificateResult, type PublicCertificate } from '@vidyalaya/shared';
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
