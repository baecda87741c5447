import type { StudentAttendanceResult } from '@vidyalaya/shared/attendance';
import type { CalendarEventList } from '@vidyalaya/shared/calendar';
import type { ReceiptList, StudentFees, UpiQr } from '@vidyalaya/shared/fees';
import type {
  ConsentEvent,
  ConsentEventList,
  DataRequestList,
  CreateDataRequestInput,
  DataRequestResult,
  GuardianInvitationsResult,
  MyChildrenResult,
  PublishedResultsResult,
  RecordConsentInput,
  StudentDataRights,
} from '@vidyalaya/shared/guardians';
import type { NoticeList } from '@vidyalaya/shared/notices';
import type { EnrolmentHistory, StudentList, StudentResult, StudentSectionList } from '@vidyalaya/shared/students';
import type { SectionTimetableResult } from '@vidyalaya/shared/timetable';
import { api } from '../../../lib/api/api';
import { tokenStore } from '../../../lib/auth/token-store';
import { getPlatform } from '../../../lib/platform/platform';

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
    childAttendance: b.query<StudentAttendanceResult, { schoolId: string; studentId: string }>({
      query: ({ schoolId, studentId }) => ({ url: `${school(schoolId)}/students/${studentId}/attendance` }),
    }),
    childFees: b.query<StudentFees, { schoolId: string; studentId: string }>({
      query: ({ schoolId, studentId }) => ({ url: `${school(schoolId)}/students/${studentId}/fees` }),
    }),
    childUpiQr: b.query<UpiQr, { schoolId: string; studentId: string; instalmentId: string }>({
      query: ({ schoolId, studentId, instalmentId }) => ({ url: `${school(schoolId)}/students/${studentId}/fees/upi-qr`, params: { instalmentId } }),
    }),
    childReceipts: b.query<ReceiptList, { schoolId: string; studentId: string }>({
      query: ({ schoolId, studentId }) => ({ url: `${school(schoolId)}/students/${studentId}/receipts`, params: { pageSize: 20 } }),
    }),
    /** The years the child was enrolled in, newest first (the marks' and report card's year choice). */
    childEnrolments: b.query<EnrolmentHistory, { schoolId: string; studentId: string }>({
      query: ({ schoolId, studentId }) => ({ url: `${school(schoolId)}/students/${studentId}/enrolments` }),
    }),
    childResults: b.query<PublishedResultsResult, { schoolId: string; studentId: string; academicYear: string }>({
      query: ({ schoolId, studentId, academicYear }) => ({ url: `${school(schoolId)}/students/${studentId}/published-results`, params: { academicYear } }),
    }),
    inviteGuardians: b.mutation<GuardianInvitationsResult, { schoolId: string; studentId: string }>({
      query: ({ schoolId, studentId }) => ({ url: `${school(schoolId)}/students/${studentId}/guardian-invitations`, method: 'POST', body: {} }),
    }),
    inviteSectionOrClass: b.mutation<GuardianInvitationsResult, { schoolId: string; scope: 'section' | 'class'; id: string }>({
      query: ({ schoolId, scope, id }) => ({ url: `${school(schoolId)}/${scope === 'class' ? 'classes' : 'sections'}/${encodeURIComponent(id)}/guardian-invitations`, method: 'POST', body: {} }),
    }),
    inviteChoices: b.query<StudentSectionList, { schoolId: string }>({
      query: ({ schoolId }) => ({ url: `${school(schoolId)}/students/sections` }),
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

/** Why a file could not be downloaded: the HTTP status and the server's error code, when it sent one. */
export class DownloadError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
  ) {
    super(`download failed (${status})`);
  }
}

export const reportCardPath = (schoolId: string, studentId: string, academicYear: string, lang: 'en' | 'hi') =>
  `${school(schoolId)}/students/${studentId}/report-card?academicYear=${encodeURIComponent(academicYear)}&lang=${lang}`;
/** A receipt's PDF, its words in the guardian's language (the Hindi receipt is the GUARDIAN'S COPY in Hindi). */
export const receiptPdfPath = (schoolId: string, receiptId: string, lang: 'en' | 'hi' = 'en') => `${school(schoolId)}/receipts/${encodeURIComponent(receiptId)}/pdf?lang=${lang}`;

/**
 * Downloads a file the API answers (a report card, a receipt) with the signed-in user's token: the
 * call carries the bearer token, so it goes through a blob and an object URL, not a plain link.
 */
export async function downloadFile(path: string, filename: string): Promise<void> {
  const base = await getPlatform().apiBaseUrl();
  const tokens = await tokenStore.get();
  const res = await fetch(`${base}${path}`, { headers: tokens ? { authorization: `Bearer ${tokens.accessToken}` } : {} });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: { code?: string } } | null;
    throw new DownloadError(res.status, body?.error?.code);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
