import { schoolAndIdParamSchema } from '@vidyalaya/shared';
import {
  calendarExamPapersQuerySchema,
  calendarFeedQuerySchema,
  calendarSettingsSchema,
  createCalendarEventSchema,
  listCalendarEventsQuerySchema,
  updateCalendarEventSchema,
  workingDaysQuerySchema,
} from '@vidyalaya/shared/calendar';
import { createZodDto } from 'nestjs-zod';

export class ListCalendarEventsQueryDto extends createZodDto(listCalendarEventsQuerySchema) {}
export class CreateCalendarEventDto extends createZodDto(createCalendarEventSchema) {}
export class UpdateCalendarEventDto extends createZodDto(updateCalendarEventSchema) {}
export class CalendarEventParamDto extends createZodDto(schoolAndIdParamSchema('eventId')) {}
export class CalendarSettingsDto extends createZodDto(calendarSettingsSchema) {}
export class WorkingDaysQueryDto extends createZodDto(workingDaysQuerySchema) {}
export class CalendarExamPapersQueryDto extends createZodDto(calendarExamPapersQuerySchema) {}
export class CalendarFeedQueryDto extends createZodDto(calendarFeedQuerySchema) {}
