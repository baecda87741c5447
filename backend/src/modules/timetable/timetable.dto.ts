import { schoolAndIdParamSchema } from '@vidyalaya/shared';
import {
  absentPeriodsQuerySchema,
  copyTimetableSchema,
  createSubstitutionsSchema,
  freeTeachersQuerySchema,
  myTimetableQuerySchema,
  putBellSchedulesSchema,
  putTimetableSchema,
  schoolTimetableQuerySchema,
  substitutionsQuerySchema,
  timetablePdfQuerySchema,
} from '@vidyalaya/shared/timetable';
import { createZodDto } from 'nestjs-zod';

export class PutBellSchedulesDto extends createZodDto(putBellSchedulesSchema) {}
export class PutTimetableDto extends createZodDto(putTimetableSchema) {}
export class CopyTimetableDto extends createZodDto(copyTimetableSchema) {}
export class SectionParamDto extends createZodDto(schoolAndIdParamSchema('sectionId')) {}
export class StaffParamDto extends createZodDto(schoolAndIdParamSchema('staffId')) {}
export class SubstitutionParamDto extends createZodDto(schoolAndIdParamSchema('substitutionId')) {}
export class YearQueryDto extends createZodDto(schoolTimetableQuerySchema) {}
export class CreateSubstitutionsDto extends createZodDto(createSubstitutionsSchema) {}
export class FreeTeachersQueryDto extends createZodDto(freeTeachersQuerySchema) {}
export class SubstitutionsQueryDto extends createZodDto(substitutionsQuerySchema) {}
export class AbsentPeriodsQueryDto extends createZodDto(absentPeriodsQuerySchema) {}
export class MyTimetableQueryDto extends createZodDto(myTimetableQuerySchema) {}
export class TimetablePdfQueryDto extends createZodDto(timetablePdfQuerySchema) {}
