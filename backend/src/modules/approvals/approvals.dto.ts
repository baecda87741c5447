import { listSchoolsQuerySchema, rejectSchoolSchema, uuidParamSchema } from '@vidyalaya/shared';
import { createZodDto } from 'nestjs-zod';

export class ListSchoolsQueryDto extends createZodDto(listSchoolsQuerySchema) {}
export class RejectSchoolDto extends createZodDto(rejectSchoolSchema) {}
export class SchoolIdDto extends createZodDto(uuidParamSchema) {}
