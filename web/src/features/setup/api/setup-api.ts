import { FALLBACK_MESSAGES } from '@vidyalaya/shared';
import {
  type ClassesSectionsResult,
  type CreateClassesInput,
  type CreateClassSubjectsInput,
  type CreateSectionsInput,
  type GlobalSubjectsResult,
} from '@vidyalaya/shared/academics';
import { type CreateSchoolPayload, type SchoolResult, type SubdomainAvailability } from '@vidyalaya/shared/schools';
import { api } from '../../../lib/api/api';

const F = FALLBACK_MESSAGES;

/** Cached data goes stale only when a write succeeded (a failed one changed nothing). */
const onSuccess =
  (...tags: ('School' | 'SchoolSummary' | 'Classes')[]) =>
  (result: unknown) =>
    result === undefined ? [] : tags;

/** The setup wizard's calls (spec §7, DECISIONS.md). */
export const setupApi = api.injectEndpoints({
  endpoints: (b) => ({
    createSchool: b.mutation<SchoolResult, CreateSchoolPayload>({
      query: (body) => ({ url: '/school/create', method: 'POST', body, fallbackMessage: F.createSchool }),
      invalidatesTags: onSuccess('School', 'SchoolSummary'),
    }),
    /** DECISIONS: a rejected school is edited and re-submitted, which makes it pending again. */
    updateSchool: b.mutation<SchoolResult, { id: string; body: CreateSchoolPayload }>({
      query: ({ id, body }) => ({ url: `/school/${encodeURIComponent(id)}`, method: 'PATCH', body, fallbackMessage: F.createSchool }),
      invalidatesTags: onSuccess('School', 'SchoolSummary'),
    }),
    subdomainAvailability: b.query<SubdomainAvailability, { subdomain: string; city?: string }>({
      query: ({ subdomain, city }) => ({ url: '/school/subdomain-availability', params: city ? { subdomain, city } : { subdomain } }),
      keepUnusedDataFor: 10,
    }),
    createClasses: b.mutation<unknown, CreateClassesInput>({
      query: (body) => ({ url: '/school/classes', method: 'POST', body, fallbackMessage: F.addClasses }),
      invalidatesTags: onSuccess('Classes', 'SchoolSummary'),
    }),
    classesSections: b.query<ClassesSectionsResult, { schoolId: string; academicYear: string }>({
      query: ({ schoolId, academicYear }) => ({
        url: `/school/classes-sections/${encodeURIComponent(schoolId)}`,
        params: { academicYear },
        fallbackMessage: F.fetchClassesSections,
      }),
      providesTags: ['Classes'],
    }),
    createSections: b.mutation<unknown, CreateSectionsInput>({
      query: (body) => ({ url: '/school/sections', method: 'POST', body, fallbackMessage: F.addSections }),
      invalidatesTags: onSuccess('Classes', 'SchoolSummary'),
    }),
    globalSubjects: b.query<GlobalSubjectsResult, void>({
      query: () => ({ url: '/school/subjects/global', fallbackMessage: F.fetchGlobalSubjects }),
      providesTags: ['GlobalSubjects'],
    }),
    createClassSubjects: b.mutation<unknown, CreateClassSubjectsInput>({
      query: (body) => ({ url: '/school/subjects', method: 'POST', body, fallbackMessage: F.createClassSubjects }),
      invalidatesTags: onSuccess('Classes', 'SchoolSummary'),
    }),
  }),
});

export const {
  useCreateSchoolMutation,
  useUpdateSchoolMutation,
  useLazySubdomainAvailabilityQuery,
  useCreateClassesMutation,
  useClassesSectionsQuery,
  useCreateSectionsMutation,
  useLazyGlobalSubjectsQuery,
  useCreateClassSubjectsMutation,
} = setupApi;
