import { workspaceSchoolParamSchema } from '@vidyalaya/shared';
import { updatePreferencesSchema } from '@vidyalaya/shared/people';
import { createZodDto } from 'nestjs-zod';

export class UpdatePreferencesDto extends createZodDto(updatePreferencesSchema) {}
export class SchoolParamDto extends createZodDto(workspaceSchoolParamSchema) {}
