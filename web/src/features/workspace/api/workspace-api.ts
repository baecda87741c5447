import type { Page } from '@vidyalaya/shared';
import type { AcademicYearList, AcademicYearResult, CreateAcademicYearInput } from '@vidyalaya/shared/academic-years';
import type { LoginInput, LoginResult } from '@vidyalaya/shared/auth';
import type {
  AcceptInvitationInput,
  AcceptInvitationResult,
  ChangeRoleInput,
  Invitation,
  InvitationPreview,
  CreateInvitationInput,
  Member,
  MySchoolsResult,
  UpdatePreferencesInput,
  PreferencesResult,
  WorkspaceHome,
} from '@vidyalaya/shared/people';
import type { MyTimetableResult } from '@vidyalaya/shared/timetable';
import { api } from '../../../lib/api/api';

/** The workspace calls of docs/workspace-contract.md ("People and roles"). */
export const workspaceApi = api.enhanceEndpoints({ addTagTypes: ['MySchools', 'WorkspaceHome', 'Members', 'Invitations', 'Preferences', 'MyTimetable', 'AcademicYears'] }).injectEndpoints({
  endpoints: (b) => ({
    mySchools: b.query<MySchoolsResult, void>({
      query: () => ({ url: '/me/schools' }),
      providesTags: ['MySchools'],
    }),
    preferences: b.query<PreferencesResult, void>({
      query: () => ({ url: '/me/preferences' }),
      providesTags: ['Preferences'],
    }),
    updatePreferences: b.mutation<PreferencesResult, UpdatePreferencesInput>({
      query: (body) => ({ url: '/me/preferences', method: 'PATCH', body }),
      invalidatesTags: ['Preferences'],
    }),
    schoolHome: b.query<WorkspaceHome, string>({
      query: (schoolId) => ({ url: `/schools/${encodeURIComponent(schoolId)}/home` }),
      providesTags: (_r, _e, id) => [{ type: 'WorkspaceHome', id }],
    }),
    members: b.query<Page<Member>, { schoolId: string; page?: number; pageSize?: number }>({
      query: ({ schoolId, page = 1, pageSize = 200 }) => ({ url: `/schools/${encodeURIComponent(schoolId)}/members`, params: { page, pageSize } }),
      providesTags: (_r, _e, { schoolId }) => [{ type: 'Members', id: schoolId }],
    }),
    changeMemberRole: b.mutation<{ member: Member }, { schoolId: string; userId: string } & ChangeRoleInput>({
      query: ({ schoolId, userId, role }) => ({ url: `/schools/${encodeURIComponent(schoolId)}/members/${encodeURIComponent(userId)}`, method: 'PATCH', body: { role } }),
      invalidatesTags: (_r, _e, { schoolId }) => [{ type: 'Members', id: schoolId }, { type: 'WorkspaceHome', id: schoolId }],
    }),
    removeMember: b.mutation<{ removed: true }, { schoolId: string; userId: string }>({
      query: ({ schoolId, userId }) => ({ url: `/schools/${encodeURIComponent(schoolId)}/members/${encodeURIComponent(userId)}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { schoolId }) => [{ type: 'Members', id: schoolId }, { type: 'WorkspaceHome', id: schoolId }],
    }),
    invitations: b.query<Page<Invitation>, string>({
      query: (schoolId) => ({ url: `/schools/${encodeURIComponent(schoolId)}/invitations`, params: { status: 'pending' } }),
      providesTags: (_r, _e, schoolId) => [{ type: 'Invitations', id: schoolId }],
    }),
    invite: b.mutation<{ invitation: Invitation }, { schoolId: string } & CreateInvitationInput>({
      query: ({ schoolId, ...body }) => ({ url: `/schools/${encodeURIComponent(schoolId)}/invitations`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { schoolId }) => [{ type: 'Invitations', id: schoolId }],
    }),
    revokeInvitation: b.mutation<{ revoked: true }, { schoolId: string; invitationId: string }>({
      query: ({ schoolId, invitationId }) => ({ url: `/schools/${encodeURIComponent(schoolId)}/invitations/${encodeURIComponent(invitationId)}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { schoolId }) => [{ type: 'Invitations', id: schoolId }],
    }),
    invitationPreview: b.query<InvitationPreview, { token: string; subdomain?: string }>({
      query: (params) => ({ url: '/invitations/preview', params, skipAuthRefresh: true }),
    }),
    acceptInvitation: b.mutation<AcceptInvitationResult, AcceptInvitationInput>({
      query: (body) => ({ url: '/invitations/accept', method: 'POST', body }),
      invalidatesTags: ['MySchools'],
    }),
    /** GET …/my-timetable?date=: the signed-in teacher's week and the date's substitutions (the timetable back end), for the home page. */
    myTimetable: b.query<MyTimetableResult, { schoolId: string; date?: string }>({
      query: ({ schoolId, date }) => ({ url: `/schools/${encodeURIComponent(schoolId)}/my-timetable`, params: date ? { date } : {} }),
      providesTags: (_r, _e, { schoolId }) => [{ type: 'MyTimetable', id: schoolId }],
    }),
    /** DECISIONS "Academic years": the school's years, newest first; one is current. */
    academicYears: b.query<AcademicYearList, string>({
      query: (schoolId) => ({ url: `/schools/${encodeURIComponent(schoolId)}/academic-years` }),
      providesTags: (_r, _e, schoolId) => [{ type: 'AcademicYears', id: schoolId }],
    }),
    createAcademicYear: b.mutation<AcademicYearResult, { schoolId: string } & CreateAcademicYearInput>({
      query: ({ schoolId, ...body }) => ({ url: `/schools/${encodeURIComponent(schoolId)}/academic-years`, method: 'POST', body }),
      invalidatesTags: (r, _e, { schoolId }) => (r ? [{ type: 'AcademicYears', id: schoolId }] : []),
    }),
    /** Making another year current changes what every page shows: the whole workspace is read again. */
    makeYearCurrent: b.mutation<AcademicYearResult, { schoolId: string; yearId: string }>({
      query: ({ schoolId, yearId }) => ({ url: `/schools/${encodeURIComponent(schoolId)}/academic-years/${encodeURIComponent(yearId)}/make-current`, method: 'POST' }),
      invalidatesTags: (r, _e, { schoolId }) => (r ? [{ type: 'AcademicYears', id: schoolId }, { type: 'WorkspaceHome', id: schoolId }] : []),
    }),
    /** The same call as the login page's, under the workspace's own name (features never share code). */
    workspaceLogin: b.mutation<LoginResult, LoginInput>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body, skipAuthRefresh: true }),
    }),
  }),
});

export const {
  useMySchoolsQuery,
  usePreferencesQuery,
  useUpdatePreferencesMutation,
  useSchoolHomeQuery,
  useMembersQuery,
  useChangeMemberRoleMutation,
  useRemoveMemberMutation,
  useInvitationsQuery,
  useInviteMutation,
  useRevokeInvitationMutation,
  useInvitationPreviewQuery,
  useAcceptInvitationMutation,
  useWorkspaceLoginMutation,
  useMyTimetableQuery,
  useAcademicYearsQuery,
  useCreateAcademicYearMutation,
  useMakeYearCurrentMutation,
} = workspaceApi;
