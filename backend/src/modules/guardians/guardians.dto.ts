import { schoolAndIdParamSchema } from '@vidyalaya/shared';
import {
  createDataRequestSchema,
  listConsentEventsQuerySchema,
  listDataRequestsQuerySchema,
  publishedResultsQuerySchema,
  recordConsentSchema,
  resolveDataRequestSchema,
  studentGuardianInvitationSchema,
} from '@vidyalaya/shared/guardians';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

export class StudentParamDto extends createZodDto(schoolAndIdParamSchema('studentId')) {}
export class SectionParamDto extends createZodDto(schoolAndIdParamSchema('sectionId')) {}
export class ClassParamDto extends createZodDto(schoolAndIdParamSchema('classId')) {}
export class RequestParamDto extends createZodDto(schoolAndIdParamSchema('requestId')) {}
export class StudentAccountParamDto extends createZodDto(
  schoolAndIdParamSchema('studentId').extend({ userId: z.uuid({ error: 'Must be a valid ID' }) }),
) {}
export class StudentGuardianInvitationDto extends createZodDto(studentGuardianInvitationSchema) {}
export class RecordConsentDto extends createZodDto(recordConsentSchema) {}
export class ListConsentEventsQueryDto extends createZodDto(listConsentEventsQuerySchema) {}
export class CreateDataRequestDto extends createZodDto(createDataRequestSchema) {}
export class ListDataRequestsQueryDto extends createZodDto(listDataRequestsQuerySchema) {}
export class ResolveDataRequestDto extends createZodDto(resolveDataRequestSchema) {}
export class PublishedResultsQueryDto extends createZodDto(publishedResultsQuerySchema) {}
