import {
  calendarEventListSchema,
  calendarEventResultSchema,
  calendarExamPaperListSchema,
  calendarFeedRotatedSchema,
  calendarFeedStatusSchema,
  calendarSettingsResultSchema,
  workingDaysResultSchema,
} from '@vidyalaya/shared/calendar';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { successEnvelope } from '../../common/openapi';

/**
 * The answers of the calendar calls, for the OpenAPI document (common/openapi.ts): the shared
 * answer schemas (shared/src/calendar/schemas.ts, whose types are inferred from them) in the
 * success envelope. The iCalendar feed answers text/calendar, not JSON.
 */
export class CalendarEventListResponse extends createZodDto(successEnvelope(calendarEventListSchema)) {}
export class CalendarEventResponse extends createZodDto(successEnvelope(calendarEventResultSchema)) {}
export class CalendarEventDeletedResponse extends createZodDto(successEnvelope(z.object({ deleted: z.literal(true) }))) {}
export class CalendarSettingsResponse extends createZodDto(successEnvelope(calendarSettingsResultSchema)) {}
export class WorkingDaysResponse extends createZodDto(successEnvelope(workingDaysResultSchema)) {}
export class CalendarFeedStatusResponse extends createZodDto(successEnvelope(calendarFeedStatusSchema)) {}
export class CalendarFeedRotatedResponse extends createZodDto(successEnvelope(calendarFeedRotatedSchema)) {}
export class CalendarExamPapersResponse extends createZodDto(successEnvelope(calendarExamPaperListSchema)) {}
