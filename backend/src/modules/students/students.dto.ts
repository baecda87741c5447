import { schoolAndIdParamSchema, subdomainParamSchema, uuidParamSchema } from '@vidyalaya/shared';
import {
  admissionNumberingSchema,
  admitApplicationSchema,
  createApplicationSchema,
  createStudentSchema,
  importQuerySchema,
  listApplicationsQuerySchema,
  listStudentsQuerySchema,
  readmitStudentSchema,
  rejectApplicationSchema,
  reviewApplicationSchema,
  templateQuerySchema,
  updateSchoolLimitSchema,
  updateStudentSchema,
} from '@vidyalaya/shared/students';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

export class CreateStudentDto extends createZodDto(createStudentSchema) {}
export class UpdateStudentDto extends createZodDto(updateStudentSchema) {}
export class ReadmitStudentDto extends createZodDto(readmitStudentSchema) {}
export class ListStudentsQueryDto extends createZodDto(listStudentsQuerySchema) {}
export class StudentParamDto extends createZodDto(schoolAndIdParamSchema('studentId')) {}
export class ImportQueryDto extends createZodDto(importQuerySchema) {}
export class TemplateQueryDto extends createZodDto(templateQuerySchema) {}
export class ExportQueryDto extends createZodDto(z.object({ aadhaar: z.enum(['masked', 'full'], { error: 'aadhaar must be masked or full' }).default('masked') })) {}
export class AdmissionNumberingDto extends createZodDto(admissionNumberingSchema) {}
export class ApplicationParamDto extends createZodDto(schoolAndIdParamSchema('applicationId')) {}
export class ListApplicationsQueryDto extends createZodDto(listApplicationsQuerySchema) {}
export class AdmitApplicationDto extends createZodDto(admitApplicationSchema) {}
export class RejectApplicationDto extends createZodDto(rejectApplicationSchema) {}
export class ReviewApplicationDto extends createZodDto(reviewApplicationSchema) {}
export class CreateApplicationDto extends createZodDto(createApplicationSchema) {}
export class SubdomainParamDto extends createZodDto(subdomainParamSchema) {}
export class SchoolIdDto extends createZodDto(uuidParamSchema) {}
export class UpdateSchoolLimitDto extends createZodDto(updateSchoolLimitSchema) {}
