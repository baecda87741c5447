import {
  absentPeriodsResultSchema,
  bellSchedulesResultSchema,
  copyTimetableResultSchema,
  freeTeachersResultSchema,
  myTimetableResultSchema,
  schoolTimetableResultSchema,
  sectionTimetableResultSchema,
  staffTimetableResultSchema,
  substitutionListSchema,
  substitutionsResultSchema,
  timetableClassesResultSchema,
} from '@vidyalaya/shared/timetable';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { successEnvelope } from '../../common/openapi';

/**
 * The answers of the bell-schedule, timetable and substitution calls, for the OpenAPI document
 * (common/openapi.ts): the shared schemas in the envelope.
 */
export class BellSchedulesResponse extends createZodDto(successEnvelope(bellSchedulesResultSchema)) {}
export class SchoolTimetableResponse extends createZodDto(successEnvelope(schoolTimetableResultSchema)) {}
export class SectionTimetableResponse extends createZodDto(successEnvelope(sectionTimetableResultSchema)) {}
export class CopyTimetableResponse extends createZodDto(successEnvelope(copyTimetableResultSchema)) {}
export class StaffTimetableResponse extends createZodDto(successEnvelope(staffTimetableResultSchema)) {}
export class MyTimetableResponse extends createZodDto(successEnvelope(myTimetableResultSchema)) {}
export class SubstitutionListResponse extends createZodDto(successEnvelope(substitutionListSchema)) {}
export class FreeTeachersResponse extends createZodDto(successEnvelope(freeTeachersResultSchema)) {}
export class AbsentPeriodsResponse extends createZodDto(successEnvelope(absentPeriodsResultSchema)) {}
export class SubstitutionsResponse extends createZodDto(successEnvelope(substitutionsResultSchema)) {}
export class SubstitutionDeletedResponse extends createZodDto(successEnvelope(z.object({ deleted: z.literal(true) }))) {}
export class TimetableClassesResponse extends createZodDto(successEnvelope(timetableClassesResultSchema)) {}
