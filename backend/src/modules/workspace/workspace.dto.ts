import { updatePreferencesSchema, workspaceSchoolParamSchema } from '@vidyalaya/shared';
import { createZodDto } from 'nestjs-zod';

export class UpdatePreferencesDto extends createZodDto(updatePreferencesSchema) {}
export class SchoolParamDto extends createZodDto(workspaceSchoolParamSchema) {}
