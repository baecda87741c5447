import { FALLBACK_MESSAGES } from '@vidyalaya/shared';
import { type SchoolSubjectsResult } from '@vidyalaya/shared/academics';
import { type MySchoolsResult } from '@vidyalaya/shared/people';
import { type SchoolResult, type UpdatePlanInput } from '@vidyalaya/shared/schools';
import { api } from '../../../lib/api/api';

const F = FALLBACK_MESSAGES;

/** The dashboard's own calls (spec §7): the plan and the subjects the school's classes use. */
export const dashboardApi = api.injectEndpoints({
  endpoints: (b) => ({
    /**
     * GET /me/schools: the schools the user belongs to. A user with no school of their own but a
     * membership (an invited teacher, office clerk or guardian) belongs in the school workspace, not
     * the onboarding dashboard.
     */
    myMemberships: b.query<MySchoolsResult, void>({
      query: () => ({ url: '/me/schools' }),
    }),
    /**
     * PATCH /school/{id}/plan. DECISIONS: only the free trial can be chosen now; the server answers
     * 422 'This plan is coming soon' for the others.
     */
    updatePlan: b.mutation<SchoolResult, UpdatePlanInput & { schoolId: string }>({
      query: ({ schoolId, planType }) => ({
        url: `/school/${encodeURIComponent(schoolId)}/plan`,
        method: 'PATCH',
        body: { planType },
        fallbackMessage: F.updatePlan,
      }),
      // A refused plan changed nothing; a chosen one changes the school the dashboard shows.
      invalidatesTags: (result) => (result === undefined ? [] : ['School', 'SchoolSummary']),
    }),
    /** GET /school/subjects?schoolId=&academicYear=: every subject the classes of that year use, once each. */
    schoolSubjects: b.query<SchoolSubjectsResult, { schoolId: string; academicYear?: string | null }>({
      query: ({ schoolId, academicYear }) => ({
        url: '/school/subjects',
        params: { schoolId, academicYear: academicYear ?? undefined },
        fallbackMessage: F.fetchSubjects,
      }),
      // Adding classes or subjects (the setup steps) makes the list stale.
      providesTags: ['Classes'],
    }),
  }),
});

export const { useUpdatePlanMutation, useSchoolSubjectsQuery, useMyMembershipsQuery } = dashboardApi;
