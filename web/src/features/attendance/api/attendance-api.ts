import type {
  AttendanceDayResult,
  AttendanceRegisterResult,
  AttendanceSettingsResult,
  AttendanceStatus,
  AttendanceToday,
  BelowThresholdResult,
  StudentAttendanceResult,
} from '@vidyalaya/shared/attendance';
import { api } from '../../../lib/api/api';
import { tokenStore } from '../../../lib/auth/token-store';
import { getPlatform } from '../../../lib/platform/platform';

export interface PutAttendanceArgs {
  schoolId: string;
  sectionId: string;
  date: string;
  records: { studentId: string; status: AttendanceStatus; note?: string }[];
  basedOn?: string | null;
}

/** Daily attendance (docs/attendance.md). */
export const attendanceApi = api.enhanceEndpoints({ addTagTypes: ['Attendance', 'AttendanceSettings'] }).injectEndpoints({
  endpoints: (b) => ({
    attendanceToday: b.query<AttendanceToday, { schoolId: string }>({
      query: ({ schoolId }) => ({ url: `/schools/${schoolId}/attendance/today` }),
      providesTags: ['Attendance'],
    }),
    attendanceDay: b.query<AttendanceDayResult, { schoolId: string; sectionId: string; date: string }>({
      query: ({ schoolId, sectionId, date }) => ({ url: `/schools/${schoolId}/sections/${sectionId}/attendance/${date}` }),
      providesTags: ['Attendance'],
    }),
    putAttendance: b.mutation<AttendanceDayResult, PutAttendanceArgs>({
      query: ({ schoolId, sectionId, date, ...body }) => ({ url: `/schools/${schoolId}/sections/${sectionId}/attendance/${date}`, method: 'PUT', body }),
      // Only a save that reached the server changes anything: with no network the cached days stay,
      // so the screens already loaded still open offline (issue 37) while the marks wait in the queue.
      invalidatesTags: (_result, error) => (error?.status === 0 ? [] : ['Attendance']),
    }),
    attendanceRegister: b.query<AttendanceRegisterResult, { schoolId: string; sectionId: string; month: string }>({
      query: ({ schoolId, sectionId, month }) => ({ url: `/schools/${schoolId}/sections/${sectionId}/attendance`, params: { month } }),
      providesTags: ['Attendance'],
    }),
    belowThreshold: b.query<BelowThresholdResult, { schoolId: string; asOf?: string }>({
      query: ({ schoolId, asOf }) => ({ url: `/schools/${schoolId}/attendance/below-threshold`, params: { asOf } }),
      providesTags: ['Attendance'],
    }),
    studentAttendance: b.query<StudentAttendanceResult, { schoolId: string; studentId: string }>({
      query: ({ schoolId, studentId }) => ({ url: `/schools/${schoolId}/students/${studentId}/attendance` }),
      providesTags: ['Attendance'],
    }),
    attendanceSettings: b.query<AttendanceSettingsResult, { schoolId: string }>({
      query: ({ schoolId }) => ({ url: `/schools/${schoolId}/attendance/settings` }),
      providesTags: ['AttendanceSettings'],
    }),
    putAttendanceSettings: b.mutation<AttendanceSettingsResult, { schoolId: string; absenceNotices: boolean }>({
      query: ({ schoolId, absenceNotices }) => ({ url: `/schools/${schoolId}/attendance/settings`, method: 'PUT', body: { absenceNotices } }),
      invalidatesTags: ['AttendanceSettings'],
    }),
  }),
});

/** Downloads the month register as a file (PDF or XLSX) with the signed-in user's token. */
export async function downloadRegister(schoolId: string, sectionId: string, month: string, kind: 'pdf' | 'xlsx'): Promise<void> {
  const base = await getPlatform().apiBaseUrl();
  const tokens = await tokenStore.get();
  const res = await fetch(`${base}/schools/${schoolId}/sections/${sectionId}/attendance-register/${kind}?month=${month}`, {
    headers: tokens ? { authorization: `Bearer ${tokens.accessToken}` } : {},
  });
  if (!res.ok) throw new Error(`download failed (${res.status})`);
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `attendance-${month}.${kind}`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
