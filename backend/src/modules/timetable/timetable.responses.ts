import type {
  AbsentPeriodsResult,
  BellSchedulesResult,
  CopyTimetableResult,
  FreeTeachersResult,
  MyTimetableResult,
  SchoolTimetableResult,
  SectionTimetable,
  SectionTimetableResult,
  StaffTimetableResult,
  Substitution,
  SubstitutionList,
  SubstitutionsResult,
  TimetableClassesResult,
  TimetableSlot,
} from '@vidyalaya/shared';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { successEnvelope } from '../../common/openapi';

/** The answers of the bell-schedule, timetable and substitution calls, for the OpenAPI document (common/openapi.ts). */
const lessonShape = {
  day: z.int(),
  period: z.int(),
  subjectId: z.uuid(),
  subjectName: z.string(),
  sectionId: z.uuid(),
  sectionName: z.string(),
  classId: z.uuid(),
  className: z.string(),
};
const slotSchema = z.object({ ...lessonShape, teacherId: z.uuid(), teacherName: z.string() }) satisfies z.ZodType<TimetableSlot>;
const sectionTimetableSchema = z.object({
  section: z.object({ id: z.uuid(), name: z.string(), classId: z.uuid(), className: z.string(), academicYear: z.string() }),
  slots: z.array(slotSchema),
}) satisfies z.ZodType<SectionTimetable>;
const staffRefSchema = z.object({ id: z.uuid(), name: z.string() });
const substitutionSchema = z.object({
  id: z.uuid(),
  date: z.string(),
  period: z.int(),
  sectionId: z.uuid(),
  sectionName: z.string(),
  className: z.string(),
  subjectId: z.uuid(),
  subjectName: z.string(),
  absentStaffId: z.uuid(),
  absentStaffName: z.string(),
  substituteStaffId: z.uuid(),
  substituteStaffName: z.string(),
  note: z.string().nullable(),
  notified: z.boolean(),
}) satisfies z.ZodType<Substitution>;
const timeRange = { startsAt: z.string(), endsAt: z.string() };

export class BellSchedulesResponse extends createZodDto(
  successEnvelope(
    z.object({
      schedules: z.array(
        z.object({
          id: z.uuid(),
          name: z.string(),
          days: z.array(z.int()),
          periods: z.array(z.object({ period: z.int(), ...timeRange })),
          breaks: z.array(z.object({ name: z.string(), ...timeRange })),
        }),
      ),
      dailyLoadLimit: z.int().nullable(),
    }) satisfies z.ZodType<BellSchedulesResult>,
  ),
) {}
export class SchoolTimetableResponse extends createZodDto(
  successEnvelope(
    z.object({ academicYear: z.string().nullable(), sections: z.array(sectionTimetableSchema) }) satisfies z.ZodType<SchoolTimetableResult>,
  ),
) {}
export class SectionTimetableResponse extends createZodDto(
  successEnvelope(z.object({ timetable: sectionTimetableSchema }) satisfies z.ZodType<SectionTimetableResult>),
) {}
export class CopyTimetableResponse extends createZodDto(
  successEnvelope(
    z.object({
      timetable: sectionTimetableSchema,
      skipped: z.array(z.object({ day: z.int(), period: z.int(), subjectId: z.uuid(), reason: z.string() })),
    }) satisfies z.ZodType<CopyTimetableResult>,
  ),
) {}
export class StaffTimetableResponse extends createZodDto(
  successEnvelope(z.object({ staff: staffRefSchema, slots: z.array(slotSchema) }) satisfies z.ZodType<StaffTimetableResult>),
) {}
export class MyTimetableResponse extends createZodDto(
  successEnvelope(
    z.object({
      date: z.string(),
      staff: staffRefSchema.nullable(),
      slots: z.array(slotSchema),
      substitutions: z.array(substitutionSchema),
    }) satisfies z.ZodType<MyTimetableResult>,
  ),
) {}
export class SubstitutionListResponse extends createZodDto(
  successEnvelope(z.object({ date: z.string(), items: z.array(substitutionSchema) }) satisfies z.ZodType<SubstitutionList>),
) {}
export class FreeTeachersResponse extends createZodDto(
  successEnvelope(
    z.object({
      date: z.string(),
      period: z.int(),
      items: z.array(
        z.object({ staffId: z.uuid(), name: z.string(), designation: z.string().nullable(), subjectIds: z.array(z.uuid()), periodsThatDay: z.int() }),
      ),
    }) satisfies z.ZodType<FreeTeachersResult>,
  ),
) {}
export class AbsentPeriodsResponse extends createZodDto(
  successEnvelope(
    z.object({
      date: z.string(),
      staffId: z.uuid(),
      items: z.array(z.object({ ...lessonShape, substitute: z.object({ staffId: z.uuid(), name: z.string() }).nullable() })),
    }) satisfies z.ZodType<AbsentPeriodsResult>,
  ),
) {}
export class SubstitutionsResponse extends createZodDto(
  successEnvelope(z.object({ substitutions: z.array(substitutionSchema) }) satisfies z.ZodType<SubstitutionsResult>),
) {}
export class SubstitutionDeletedResponse extends createZodDto(successEnvelope(z.object({ deleted: z.literal(true) }))) {}
const namedRef = z.object({ id: z.uuid(), name: z.string() });
export class TimetableClassesResponse extends createZodDto(
  successEnvelope(
    z.object({
      academicYear: z.string().nullable(),
      classes: z.array(z.object({ id: z.uuid(), name: z.string(), academicYear: z.string(), sections: z.array(namedRef), subjects: z.array(namedRef) })),
    }) satisfies z.ZodType<TimetableClassesResult>,
  ),
) {}
