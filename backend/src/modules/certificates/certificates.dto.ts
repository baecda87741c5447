import { schoolAndIdParamSchema } from '@vidyalaya/shared';
import {
  bulkTransferSchema,
  cancelCertificateSchema,
  certificateSettingsSchema,
  certificatePdfQuerySchema,
  issueCertificateSchema,
  leaversQuerySchema,
  listCertificatesQuerySchema,
  publicTcListQuerySchema,
} from '@vidyalaya/shared/certificates';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

export class StudentParamDto extends createZodDto(schoolAndIdParamSchema('studentId')) {}
export class CertificateParamDto extends createZodDto(schoolAndIdParamSchema('certificateId')) {}
export class SectionParamDto extends createZodDto(schoolAndIdParamSchema('sectionId')) {}
export class IssueCertificateDto extends createZodDto(issueCertificateSchema) {}
export class CancelCertificateDto extends createZodDto(cancelCertificateSchema) {}
export class ListCertificatesQueryDto extends createZodDto(listCertificatesQuerySchema) {}
export class CertificatePdfQueryDto extends createZodDto(certificatePdfQuerySchema) {}
/** The code is checked by the service (anything malformed is a 404, as an unknown one). */
export class VerifyCodeParamDto extends createZodDto(z.object({ verifyCode: z.string().max(200) })) {}
export class LeaversQueryDto extends createZodDto(leaversQuerySchema) {}
export class BulkTransferDto extends createZodDto(bulkTransferSchema) {}
export class CertificateSettingsDto extends createZodDto(certificateSettingsSchema) {}
export class PublicTcListQueryDto extends createZodDto(publicTcListQuerySchema) {}
/** The subdomain is checked by the service (anything malformed is a 404, as an unknown school). */
export class PublicTcListParamDto extends createZodDto(z.object({ subdomain: z.string().max(100) })) {}
