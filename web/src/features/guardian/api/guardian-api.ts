import type {
  CalendarEventList,
  ConsentEvent,
  ConsentEventList,
  DataRequestList,
  CreateDataRequestInput,
  DataRequestResult,
  MyChildrenResult,
  NoticeList,
  RecordConsentInput,
  SectionTimetableResult,
  StudentDataRights,
  StudentList,
  StudentResult,
} from '@vidyalaya/shared';
import { api } from '../../../lib/api/api';

const school = (id: string) => `/schools/${encodeURIComponent(id)}`;

/**
 * The guardian's calls: the same workspace paths as everyone's, which the server narrows to the
 * guardian's own children (docs/guardians.md). Nothing here asks for another child.
 */
export const guardianApi = api.enhanceEndpoints({ addTagTypes: ['GuardianChild', 'DataRights'] }).injectEndpoints({
  endpoints: (b) => ({
    myChildren: b.query<MyChildrenResult, void>({ query: () => ({ url: '/me/children' }) }),
    children: b.query<StudentList, { schoolId: string }>({
      query: ({ schoolId }) => ({ url: `${school(schoolId)}/students`, params: { status: 'all', pageSize: 50 } }),
      providesTags: ['GuardianChild'],
    }),
    child: b.query<StudentResult, { schoolId: string; studentId: string }>({
      query: ({ schoolId, studentId }) => ({ url: `${school(schoolId)}/students/${studentId}` }),
      providesTags: ['GuardianChild'],
    }),
    childTimetable: b.query<SectionTimetableResult, { schoolId: string; sectionId: string }>({
      query: ({ schoolId, sectionId }) => ({ url: `${school(schoolId)}/sections/${sectionId}/timetable` }),
    }),
    childCalendar: b.query<CalendarEventList, { schoolId: string; from: string; to: string; classId?: string }>({
      query: ({ schoolId, ...params }) => ({ url: `${school(schoolId)}/calendar-events`, params: { ...params, pageSize: 20 } }),
    }),
    childNotices: b.query<NoticeList, { schoolId: string }>({
      query: ({ schoolId }) => ({ url: `${school(schoolId)}/notices`, params: { pageSize: 5 } }),
    }),
    dataRights: b.query<StudentDataRights, { schoolId: string; studentId: string }>({
      query: ({ schoolId, studentId }) => ({ url: `${school(schoolId)}/students/${studentId}/data-rights` }),
      providesTags: ['DataRights'],
    }),
    recordConsent: b.mutation<{ consent: ConsentEvent }, { schoolId: string; studentId: string; body: RecordConsentInput }>({
      query: ({ schoolId, studentId, body }) => ({ url: `${school(schoolId)}/students/${studentId}/consents`, method: 'POST', body }),
      invalidatesTags: ['DataRights'],
    }),
    requestCorrection: b.mutation<DataRequestResult, { schoolId: string; studentId: string; body: Partial<CreateDataRequestInput> & { message: string } }>({
      query: ({ schoolId, studentId, body }) => ({ url: `${school(schoolId)}/students/${studentId}/data-requests`, method: 'POST', body }),
      invalidatesTags: ['DataRights'],
    }),
    dataRequests: b.query<DataRequestList, { schoolId: string; status: 'open' | 'all' }>({
      query: ({ schoolId, status }) => ({ url: `${school(schoolId)}/data-requests`, params: { status, pageSize: 100 } }),
      providesTags: ['DataRights'],
    }),
    withdrawals: b.query<ConsentEventList, { schoolId: string }>({
      query: ({ schoolId }) => ({ url: `${school(schoolId)}/consents`, params: { status: 'withdrawn', pageSize: 50 } }),
      providesTags: ['DataRights'],
    }),
    resolveRequest: b.mutation<DataRequestResult, { schoolId: string; requestId: string; status: 'resolved' | 'declined'; note?: string }>({
      query: ({ schoolId, requestId, status, note }) => ({ url: `${school(schoolId)}/data-requests/${requestId}/resolve`, method: 'POST', body: { status, note } }),
      invalidatesTags: ['DataRights'],
    }),
  }),
});
