import type {
  CalendarEventKind,
  CalendarEventList,
  CalendarEventResult,
  CalendarExamPaperList,
  CalendarFeedRotated,
  CalendarFeedStatus,
  CalendarSettings,
  CalendarSettingsResult,
  CreateCalendarEventInput,
  UpdateCalendarEventInput,
  WorkingDaysResult,
} from '@vidyalaya/shared/calendar';
import type { TimetableClassesResult } from '@vidyalaya/shared/timetable';
import { api } from '../../../lib/api/api';

/** The academic calendar (docs/staff-timetable-calendar.md). */
export const calendarApi = api
  .enhanceEndpoints({ addTagTypes: ['CalendarEvents', 'CalendarSettings', 'CalendarFeed'] })
  .injectEndpoints({
    endpoints: (b) => ({
      calendarEvents: b.query<
        CalendarEventList,
        { schoolId: string; from?: string; to?: string; kind?: CalendarEventKind; classId?: string; mine?: 'true' | 'false'; page?: number; pageSize?: number }
      >({
        query: ({ schoolId, ...params }) => ({ url: `/schools/${schoolId}/calendar-events`, params }),
        providesTags: ['CalendarEvents'],
      }),
      createCalendarEvent: b.mutation<CalendarEventResult, { schoolId: string; body: Omit<CreateCalendarEventInput, 'endsOn' | 'classIds' | 'description'> & Partial<CreateCalendarEventInput> }>({
        query: ({ schoolId, body }) => ({ url: `/schools/${schoolId}/calendar-events`, method: 'POST', body }),
        invalidatesTags: (result) => (result ? ['CalendarEvents'] : []),
      }),
      updateCalendarEvent: b.mutation<CalendarEventResult, { schoolId: string; eventId: string; body: UpdateCalendarEventInput }>({
        query: ({ schoolId, eventId, body }) => ({ url: `/schools/${schoolId}/calendar-events/${eventId}`, method: 'PATCH', body }),
        invalidatesTags: (result) => (result ? ['CalendarEvents'] : []),
      }),
      deleteCalendarEvent: b.mutation<{ deleted: true }, { schoolId: string; eventId: string }>({
        query: ({ schoolId, eventId }) => ({ url: `/schools/${schoolId}/calendar-events/${eventId}`, method: 'DELETE' }),
        invalidatesTags: (result) => (result ? ['CalendarEvents'] : []),
      }),
      /** The current year's classes, to limit an event to some of them and to name them. */
      calendarClasses: b.query<TimetableClassesResult, { schoolId: string }>({
        query: ({ schoolId }) => ({ url: `/schools/${schoolId}/timetable/classes` }),
      }),
      calendarSettings: b.query<CalendarSettingsResult, { schoolId: string }>({
        query: ({ schoolId }) => ({ url: `/schools/${schoolId}/calendar-settings` }),
        providesTags: ['CalendarSettings'],
      }),
      putCalendarSettings: b.mutation<CalendarSettingsResult, { schoolId: string; body: CalendarSettings }>({
        query: ({ schoolId, body }) => ({ url: `/schools/${schoolId}/calendar-settings`, method: 'PUT', body }),
        invalidatesTags: (result) => (result ? ['CalendarSettings'] : []),
      }),
      workingDays: b.query<WorkingDaysResult, { schoolId: string; from: string; to: string; classId?: string }>({
        query: ({ schoolId, ...params }) => ({ url: `/schools/${schoolId}/calendar/working-days`, params }),
        providesTags: ['CalendarEvents', 'CalendarSettings'],
      }),
      calendarExamPapers: b.query<CalendarExamPaperList, { schoolId: string; from: string; to: string; classId?: string }>({
        query: ({ schoolId, ...params }) => ({ url: `/schools/${schoolId}/calendar/exam-papers`, params }),
      }),
      calendarFeed: b.query<CalendarFeedStatus, { schoolId: string }>({
        query: ({ schoolId }) => ({ url: `/schools/${schoolId}/calendar-feed` }),
        providesTags: ['CalendarFeed'],
      }),
      rotateCalendarFeed: b.mutation<CalendarFeedRotated, { schoolId: string }>({
        query: ({ schoolId }) => ({ url: `/schools/${schoolId}/calendar-feed/rotate`, method: 'POST' }),
        invalidatesTags: (result) => (result ? ['CalendarFeed'] : []),
      }),
    }),
  });

export const {
  useCalendarEventsQuery,
  useCreateCalendarEventMutation,
  useUpdateCalendarEventMutation,
  useDeleteCalendarEventMutation,
  useCalendarClassesQuery,
  useCalendarSettingsQuery,
  usePutCalendarSettingsMutation,
  useCalendarFeedQuery,
  useCalendarExamPapersQuery,
  useRotateCalendarFeedMutation,
} = calendarApi;
