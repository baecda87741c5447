import type { Page } from '@vidyalaya/shared';
import type { CreateInvitationInput, Invitation, Member } from '@vidyalaya/shared/people';
import type {
  ClassTeacherResult,
  CreateStaffInput,
  PutTeachingAssignmentsInput,
  StaffList,
  StaffResult,
  TeachingAssignmentList,
  UpdateStaffInput,
} from '@vidyalaya/shared/staff';
import type {
  AbsentPeriodsResult,
  BellSchedulesResult,
  CopyTimetableResult,
  CreateSubstitutionsInput,
  FreeTeachersResult,
  PutBellSchedulesInput,
  SchoolTimetableResult,
  SectionTimetableResult,
  StaffTimetableResult,
  SubstitutionList,
  SubstitutionsResult,
  TimetableClassesResult,
  TimetableSlotInput,
} from '@vidyalaya/shared/timetable';
import { api } from '../../../lib/api/api';
import { tokenStore } from '../../../lib/auth/token-store';
import { getPlatform } from '../../../lib/platform/platform';

/** Staff, bell schedules, timetables and substitutions (docs/staff-timetable-calendar.md). */
export const timetableApi = api
  .enhanceEndpoints({ addTagTypes: ['Staff', 'TeachingAssignments', 'BellSchedules', 'Timetable', 'Substitutions'] })
  .injectEndpoints({
    endpoints: (b) => ({
      staffList: b.query<StaffList, { schoolId: string; search?: string; status?: 'active' | 'left' | 'all'; page?: number; pageSize?: number }>({
        query: ({ schoolId, ...params }) => ({ url: `/schools/${schoolId}/staff`, params }),
        providesTags: ['Staff'],
      }),
      createStaff: b.mutation<StaffResult, { schoolId: string; body: CreateStaffInput }>({
        query: ({ schoolId, body }) => ({ url: `/schools/${schoolId}/staff`, method: 'POST', body }),
        invalidatesTags: (result) => (result ? ['Staff'] : []),
      }),
      updateStaff: b.mutation<StaffResult, { schoolId: string; staffId: string; body: UpdateStaffInput }>({
        query: ({ schoolId, staffId, body }) => ({ url: `/schools/${schoolId}/staff/${staffId}`, method: 'PATCH', body }),
        invalidatesTags: (result) => (result ? ['Staff', 'Timetable'] : []),
      }),
      setClassTeacher: b.mutation<ClassTeacherResult, { schoolId: string; sectionId: string; staffId: string | null }>({
        query: ({ schoolId, sectionId, staffId }) => ({ url: `/schools/${schoolId}/sections/${sectionId}/class-teacher`, method: 'PUT', body: { staffId } }),
        invalidatesTags: (result) => (result ? ['TeachingAssignments'] : []),
      }),
      teachingAssignments: b.query<TeachingAssignmentList, { schoolId: string; academicYear?: string; sectionId?: string; staffId?: string }>({
        query: ({ schoolId, ...params }) => ({ url: `/schools/${schoolId}/teaching-assignments`, params }),
        providesTags: ['TeachingAssignments'],
      }),
      putTeachingAssignments: b.mutation<TeachingAssignmentList, { schoolId: string; body: PutTeachingAssignmentsInput }>({
        query: ({ schoolId, body }) => ({ url: `/schools/${schoolId}/teaching-assignments`, method: 'PUT', body }),
        invalidatesTags: (result) => (result ? ['TeachingAssignments'] : []),
      }),
      bellSchedules: b.query<BellSchedulesResult, { schoolId: string }>({
        query: ({ schoolId }) => ({ url: `/schools/${schoolId}/bell-schedules` }),
        providesTags: ['BellSchedules'],
      }),
      putBellSchedules: b.mutation<BellSchedulesResult, { schoolId: string; body: PutBellSchedulesInput }>({
        query: ({ schoolId, body }) => ({ url: `/schools/${schoolId}/bell-schedules`, method: 'PUT', body }),
        invalidatesTags: (result) => (result ? ['BellSchedules'] : []),
      }),
      sectionTimetable: b.query<SectionTimetableResult, { schoolId: string; sectionId: string }>({
        query: ({ schoolId, sectionId }) => ({ url: `/schools/${schoolId}/sections/${sectionId}/timetable` }),
        providesTags: ['Timetable'],
      }),
      putSectionTimetable: b.mutation<SectionTimetableResult, { schoolId: string; sectionId: string; slots: TimetableSlotInput[] }>({
        query: ({ schoolId, sectionId, slots }) => ({ url: `/schools/${schoolId}/sections/${sectionId}/timetable`, method: 'PUT', body: { slots } }),
        invalidatesTags: (result) => (result ? ['Timetable'] : []),
      }),
      copyTimetable: b.mutation<CopyTimetableResult, { schoolId: string; sectionId: string; toSectionId: string }>({
        query: ({ schoolId, sectionId, toSectionId }) => ({ url: `/schools/${schoolId}/sections/${sectionId}/timetable/copy`, method: 'POST', body: { toSectionId } }),
        invalidatesTags: (result) => (result ? ['Timetable'] : []),
      }),
      staffTimetable: b.query<StaffTimetableResult, { schoolId: string; staffId: string; academicYear?: string }>({
        query: ({ schoolId, staffId, ...params }) => ({ url: `/schools/${schoolId}/staff/${staffId}/timetable`, params }),
        providesTags: ['Timetable'],
      }),
      schoolTimetable: b.query<SchoolTimetableResult, { schoolId: string; academicYear?: string }>({
        query: ({ schoolId, ...params }) => ({ url: `/schools/${schoolId}/timetable`, params }),
        providesTags: ['Timetable'],
      }),
      substitutions: b.query<SubstitutionList, { schoolId: string; date: string }>({
        query: ({ schoolId, date }) => ({ url: `/schools/${schoolId}/substitutions`, params: { date } }),
        providesTags: ['Substitutions'],
      }),
      freeTeachers: b.query<FreeTeachersResult, { schoolId: string; date: string; period: number }>({
        query: ({ schoolId, date, period }) => ({ url: `/schools/${schoolId}/substitutions/free-teachers`, params: { date, period } }),
        providesTags: ['Substitutions'],
      }),
      absentPeriods: b.query<AbsentPeriodsResult, { schoolId: string; date: string; staffId: string }>({
        query: ({ schoolId, date, staffId }) => ({ url: `/schools/${schoolId}/substitutions/absent-periods`, params: { date, staffId } }),
        providesTags: ['Substitutions'],
      }),
      createSubstitutions: b.mutation<SubstitutionsResult, { schoolId: string; body: CreateSubstitutionsInput }>({
        query: ({ schoolId, body }) => ({ url: `/schools/${schoolId}/substitutions`, method: 'POST', body }),
        invalidatesTags: (result) => (result ? ['Substitutions'] : []),
      }),
      timetableClasses: b.query<TimetableClassesResult, { schoolId: string }>({
        query: ({ schoolId }) => ({ url: `/schools/${schoolId}/timetable/classes` }),
      }),
      /** The school's members, to link a staff record to the account its person signs in with. */
      staffMembers: b.query<Page<Member>, { schoolId: string }>({
        query: ({ schoolId }) => ({ url: `/schools/${schoolId}/members`, params: { page: 1, pageSize: 200 } }),
      }),
      /** The invitation of "add a teacher" (POST …/invitations, the members' call): the account links to the staff record with this e-mail when accepted. */
      inviteTeacher: b.mutation<{ invitation: Invitation }, { schoolId: string } & CreateInvitationInput>({
        query: ({ schoolId, ...body }) => ({ url: `/schools/${schoolId}/invitations`, method: 'POST', body }),
      }),
      deleteSubstitution: b.mutation<{ deleted: true }, { schoolId: string; substitutionId: string }>({
        query: ({ schoolId, substitutionId }) => ({ url: `/schools/${schoolId}/substitutions/${substitutionId}`, method: 'DELETE' }),
        invalidatesTags: (result) => (result ? ['Substitutions'] : []),
      }),
    }),
  });

export const {
  useStaffListQuery,
  useCreateStaffMutation,
  useUpdateStaffMutation,
  useSetClassTeacherMutation,
  useTeachingAssignmentsQuery,
  usePutTeachingAssignmentsMutation,
  useBellSchedulesQuery,
  usePutBellSchedulesMutation,
  useSectionTimetableQuery,
  usePutSectionTimetableMutation,
  useCopyTimetableMutation,
  useStaffTimetableQuery,
  useSchoolTimetableQuery,
  useSubstitutionsQuery,
  useFreeTeachersQuery,
  useAbsentPeriodsQuery,
  useCreateSubstitutionsMutation,
  useDeleteSubstitutionMutation,
  useTimetableClassesQuery,
  useStaffMembersQuery,
  useInviteTeacherMutation,
} = timetableApi;

/**
 * Downloads a printed timetable (the server's A4 landscape PDF) with the signed-in user's token:
 * `path` is under the school, e.g. `sections/{id}/timetable/pdf`; `lang` picks the labels.
 */
export async function downloadTimetablePdf(schoolId: string, path: string, lang: 'en' | 'hi', fileName: string): Promise<void> {
  const base = await getPlatform().apiBaseUrl();
  const tokens = await tokenStore.get();
  const res = await fetch(`${base}/schools/${schoolId}/${path}?lang=${lang}`, { headers: tokens ? { authorization: `Bearer ${tokens.accessToken}` } : {} });
  if (!res.ok) throw new Error(`download failed (${res.status})`);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `${fileName.replace(/[^\p{L}\p{N}._-]+/gu, '-')}.pdf`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
