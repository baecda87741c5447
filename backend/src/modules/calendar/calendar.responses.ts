import {
  CALENDAR_EVENT_KINDS,
  type CalendarEvent,
  type CalendarEventList,
  type CalendarEventResult,
  type CalendarExamPaperList,
  type CalendarFeedRotated,
  type CalendarFeedStatus,
  type CalendarSettingsResult,
  type WorkingDaysResult,
} from '@vidyalaya/shared';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { successEnvelope } from '../../common/openapi';
import { pageSchema } from '../../common/workspace/page.schema';

/** The answers of the calendar calls, for the OpenAPI document (common/openapi.ts). The iCalendar feed answers text/calendar, not JSON. */
const calendarEventSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  kind: z.enum(CALENDAR_EVENT_KINDS),
  startsOn: z.string(),
  endsOn: z.string(),
  classIds: z.array(z.uuid()),
  description: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<CalendarEvent>;

export class CalendarEventListResponse extends createZodDto(successEnvelope(pageSchema(calendarEventSchema) satisfies z.ZodType<CalendarEventList>)) {}
export class CalendarEventResponse extends createZodDto(
  successEnvelope(z.object({ event: calendarEventSchema }) satisfies z.ZodType<CalendarEventResult>),
) {}
export class CalendarEventDeletedResponse extends createZodDto(successEnvelope(z.object({ deleted: z.literal(true) }))) {}
export class CalendarSettingsResponse extends createZodDto(
  successEnvelope(
    z.object({ settings: z.object({ sundayHoliday: z.boolean(), saturdaysOff: z.array(z.int()) }) }) satisfies z.ZodType<CalendarSettingsResult>,
  ),
) {}
export class WorkingDaysResponse extends createZodDto(
  successEnvelope(
    z.object({
      from: z.string(),
      to: z.string(),
      classId: z.uuid().nullable(),
      count: z.int(),
      days: z.array(z.string()),
      holidays: z.array(z.object({ date: z.string(), name: z.string() })),
    }) satisfies z.ZodType<WorkingDaysResult>,
  ),
) {}
export class CalendarFeedStatusResponse extends createZodDto(
  successEnvelope(z.object({ feed: z.object({ enabled: z.boolean(), createdAt: z.string().nullable() }) }) satisfies z.ZodType<CalendarFeedStatus>),
) {}
export class CalendarFeedRotatedResponse extends createZodDto(
  successEnvelope(
    z.object({ feed: z.object({ enabled: z.literal(true), createdAt: z.string(), url: z.string() }) }) satisfies z.ZodType<CalendarFeedRotated>,
  ),
) {}
export class CalendarExamPapersResponse extends createZodDto(
  successEnvelope(
    z.object({
      items: z.array(
        z.object({
          examId: z.uuid(),
          examName: z.string(),
          classId: z.uuid(),
          className: z.string(),
          subjectId: z.uuid(),
          subjectName: z.string(),
          date: z.string(),
          startsAt: z.string(),
          endsAt: z.string(),
        }),
      ),
    }) satisfies z.ZodType<CalendarExamPaperList>,
  ),
) {}
