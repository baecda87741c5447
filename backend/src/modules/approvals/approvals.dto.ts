import { uuidParamSchema } from '@vidyalaya/shared';
import { listSchoolsQuerySchema, rejectSchoolSchema } from '@vidyalaya/shared/admin';
import { createZodDto } from 'nestjs-zod';

export class ListSchoolsQueryDto extends createZodDto(listSchoolsQuerySchema) {}
export class RejectSchoolDto extends createZodDto(rejectSchoolSchema) {}
export class SchoolIdDto extends createZodDto(uuidParamSchema) {}
