import { FALLBACK_MESSAGES } from '@vidyalaya/shared';
import { type AdminSchoolDetail, type AdminSchoolListResult, type SchoolStatusFilter } from '@vidyalaya/shared/admin';
import { type LoginInput, type LoginResult } from '@vidyalaya/shared/auth';
import { api } from '../../../lib/api/api';
import { STAFF_TEXT } from '../messages';

export type SchoolListArgs = { status: SchoolStatusFilter; search?: string; page: number; pageSize: number };

/** The staff approval calls (DECISIONS "Schools, setup and approval"); every one answers 403 to non-staff. */
export const staffApi = api.injectEndpoints({
  endpoints: (b) => ({
    staffLogin: b.mutation<LoginResult, LoginInput>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body, skipAuthRefresh: true, fallbackMessage: FALLBACK_MESSAGES.login }),
    }),
    adminSchools: b.query<AdminSchoolListResult, SchoolListArgs>({
      query: ({ status, search, page, pageSize }) => ({
        url: '/admin/schools',
        // 'all' is sent as it is: the API reads it as every status.
        params: { status, search, page, pageSize },
        fallbackMessage: STAFF_TEXT.loadFailed,
      }),
      providesTags: [{ type: 'AdminSchools', id: 'LIST' }],
    }),
    adminSchool: b.query<AdminSchoolDetail, string>({
      query: (id) => ({ url: `/admin/schools/${encodeURIComponent(id)}`, fallbackMessage: STAFF_TEXT.loadSchoolFailed }),
      providesTags: (_r, _e, id) => [{ type: 'AdminSchools', id }],
    }),
    approveSchool: b.mutation<unknown, string>({
      query: (id) => ({ url: `/admin/schools/${encodeURIComponent(id)}/approve`, method: 'POST', fallbackMessage: STAFF_TEXT.decisionFailed }),
      invalidatesTags: (_r, _e, id) => [{ type: 'AdminSchools', id }, { type: 'AdminSchools', id: 'LIST' }],
    }),
    rejectSchool: b.mutation<unknown, { id: string; reason: string }>({
      query: ({ id, reason }) => ({
        url: `/admin/schools/${encodeURIComponent(id)}/reject`,
        method: 'POST',
        body: { reason },
        fallbackMessage: STAFF_TEXT.decisionFailed,
      }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'AdminSchools', id }, { type: 'AdminSchools', id: 'LIST' }],
    }),
  }),
});

export const {
  useStaffLoginMutation,
  useAdminSchoolsQuery,
  useAdminSchoolQuery,
  useApproveSchoolMutation,
  useRejectSchoolMutation,
} = staffApi;
