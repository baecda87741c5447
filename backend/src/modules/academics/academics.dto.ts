import {
  classesSectionsQuerySchema,
  createClassesSchema,
  createClassSubjectsSchema,
  createSectionsSchema,
  schoolIdParamSchema,
  schoolSubjectsQuerySchema,
} from '@vidyalaya/shared';
import { createZodDto } from 'nestjs-zod';

export class CreateClassesDto extends createZodDto(createClassesSchema) {}
export class CreateSectionsDto extends createZodDto(createSectionsSchema) {}
export class CreateClassSubjectsDto extends createZodDto(createClassSubjectsSchema) {}
export class SchoolIdParamDto extends createZodDto(schoolIdParamSchema) {}
export class ClassesSectionsQueryDto extends createZodDto(classesSectionsQuerySchema) {}
export class SchoolSubjectsQueryDto extends createZodDto(schoolSubjectsQuerySchema) {}
