import {
  bulkTransferResultSchema,
  certificateListSchema,
  certificateResultSchema,
  certificateSettingsResultSchema,
  leaverListSchema,
  publicCertificateSchema,
  publicTcListSchema,
} from '@vidyalaya/shared/certificates';
import { createZodDto } from 'nestjs-zod';
import { successEnvelope } from '../../common/openapi';

/** The answers of the certificate calls, for the OpenAPI document (common/openapi.ts): the shared schemas in the envelope. */
export class CertificateResponse extends createZodDto(successEnvelope(certificateResultSchema)) {}
export class CertificateListResponse extends createZodDto(successEnvelope(certificateListSchema)) {}
export class PublicCertificateResponse extends createZodDto(successEnvelope(publicCertificateSchema)) {}
export class LeaverListResponse extends createZodDto(successEnvelope(leaverListSchema)) {}
export class BulkTransferResponse extends createZodDto(successEnvelope(bulkTransferResultSchema)) {}
export class CertificateSettingsResponse extends createZodDto(successEnvelope(certificateSettingsResultSchema)) {}
export class PublicTcListResponse extends createZodDto(successEnvelope(publicTcListSchema)) {}
