import { FALLBACK_MESSAGES } from '@vidyalaya/shared';
import { type SchoolResult, type SchoolSummary } from '@vidyalaya/shared/schools';
import { api } from '../api/api';

/**
 * The two "my school" calls of spec §7, used by the dashboard and by the setup steps (which need
 * the stored school). A 404 means the user has no school yet (spec §4: expected, not reported).
 */
export const schoolApi = api.injectEndpoints({
  endpoints: (b) => ({
    mySchoolDetailed: b.query<SchoolSummary, void>({
      query: () => ({ url: '/auth/my-school-detailed', fallbackMessage: FALLBACK_MESSAGES.fetchSchoolDetailed }),
      providesTags: ['SchoolSummary', 'School'],
    }),
    mySchool: b.query<SchoolResult, void>({
      query: () => ({ url: '/auth/my-school', fallbackMessage: FALLBACK_MESSAGES.fetchSchool }),
      providesTags: ['School'],
    }),
  }),
});

export const { useMySchoolDetailedQuery, useMySchoolQuery } = schoolApi;
