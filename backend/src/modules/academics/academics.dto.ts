import { schoolIdParamSchema } from '@vidyalaya/shared';
import {
  classesSectionsQuerySchema,
  createClassesSchema,
  createClassSubjectsSchema,
  createSectionsSchema,
  schoolSubjectsQuerySchema,
} from '@vidyalaya/shared/academics';
import { createZodDto } from 'nestjs-zod';

export class CreateClassesDto extends createZodDto(createClassesSchema) {}
export class CreateSectionsDto extends createZodDto(createSectionsSchema) {}
export class CreateClassSubjectsDto extends createZodDto(createClassSubjectsSchema) {}
export class SchoolIdParamDto extends createZodDto(schoolIdParamSchema) {}
export class ClassesSectionsQueryDto extends createZodDto(classesSectionsQuerySchema) {}
export class SchoolSubjectsQueryDto extends createZodDto(schoolSubjectsQuerySchema) {}
