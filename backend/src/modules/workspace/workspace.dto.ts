import { workspaceSchoolParamSchema } from '@vidyalaya/shared';
import { batchRequestSchema, updatePreferencesSchema } from '@vidyalaya/shared/people';
import { createZodDto } from 'nestjs-zod';

export class UpdatePreferencesDto extends createZodDto(updatePreferencesSchema) {}
export class SchoolParamDto extends createZodDto(workspaceSchoolParamSchema) {}
export class BatchRequestDto extends createZodDto(batchRequestSchema) {}
