import type { PublicSchoolResult } from '@vidyalaya/shared/schools';
import type {
  AadhaarReveal,
  AdmissionNumbering,
  AdmissionNumberingResult,
  AdmitApplicationInput,
  AdmitResult,
  ApplicationList,
  ApplicationReceipt,
  ApplicationResult,
  ApplicationStatus,
  CreateApplicationInput,
  CreateStudentInput,
  ReadmitStudentInput,
  EnrolmentHistory,
  ImportResult,
  ListStudentsQuery,
  StudentList,
  StudentResult,
  StudentSectionList,
  UpdateStudentInput,
} from '@vidyalaya/shared/students';
import { api } from '../../../lib/api/api';

const school = (id: string) => `/schools/${encodeURIComponent(id)}`;

/** The students and admissions calls (DECISIONS "Students", "Admissions"; docs/students.md). */
export const studentsApi = api.enhanceEndpoints({ addTagTypes: ['Students', 'Student', 'Applications'] }).injectEndpoints({
  endpoints: (b) => ({
    students: b.query<StudentList, { schoolId: string } & Partial<ListStudentsQuery>>({
      query: ({ schoolId, ...q }) => ({ url: `${school(schoolId)}/students`, params: q as Record<string, string | number | undefined> }),
      providesTags: (_r, _e, { schoolId }) => [{ type: 'Students', id: schoolId }],
    }),
    student: b.query<StudentResult, { schoolId: string; studentId: string }>({
      query: ({ schoolId, studentId }) => ({ url: `${school(schoolId)}/students/${encodeURIComponent(studentId)}` }),
      providesTags: (_r, _e, { studentId }) => [{ type: 'Student', id: studentId }],
    }),
    enrolments: b.query<EnrolmentHistory, { schoolId: string; studentId: string }>({
      query: ({ schoolId, studentId }) => ({ url: `${school(schoolId)}/students/${encodeURIComponent(studentId)}/enrolments` }),
      providesTags: (_r, _e, { studentId }) => [{ type: 'Student', id: studentId }],
    }),
    createStudent: b.mutation<StudentResult, { schoolId: string; body: CreateStudentInput }>({
      query: ({ schoolId, body }) => ({ url: `${school(schoolId)}/students`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { schoolId }) => [{ type: 'Students', id: schoolId }],
    }),
    updateStudent: b.mutation<StudentResult, { schoolId: string; studentId: string; body: UpdateStudentInput }>({
      query: ({ schoolId, studentId, body }) => ({ url: `${school(schoolId)}/students/${encodeURIComponent(studentId)}`, method: 'PATCH', body }),
      invalidatesTags: (_r, _e, { schoolId, studentId }) => [{ type: 'Students', id: schoolId }, { type: 'Student', id: studentId }],
    }),
    revealAadhaar: b.mutation<AadhaarReveal, { schoolId: string; studentId: string }>({
      query: ({ schoolId, studentId }) => ({ url: `${school(schoolId)}/students/${encodeURIComponent(studentId)}/aadhaar/reveal`, method: 'POST' }),
    }),
    importStudents: b.mutation<ImportResult, { schoolId: string; file: File; dryRun: boolean }>({
      query: ({ schoolId, file, dryRun }) => {
        const body = new FormData();
        body.append('file', file, file.name);
        return { url: `${school(schoolId)}/students/import`, method: 'POST', params: { dryRun: String(dryRun) }, body };
      },
      invalidatesTags: (r, _e, { schoolId }) => (r && r.created > 0 ? [{ type: 'Students', id: schoolId }] : []),
    }),
    readmitStudent: b.mutation<StudentResult, { schoolId: string; studentId: string; body: ReadmitStudentInput }>({
      query: ({ schoolId, studentId, body }) => ({ url: `${school(schoolId)}/students/${encodeURIComponent(studentId)}/readmit`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { schoolId, studentId }) => [{ type: 'Students', id: schoolId }, { type: 'Student', id: studentId }],
    }),
    sections: b.query<StudentSectionList, string>({
      query: (schoolId) => ({ url: `${school(schoolId)}/students/sections` }),
    }),
    setPhoto: b.mutation<StudentResult, { schoolId: string; studentId: string; file: File }>({
      query: ({ schoolId, studentId, file }) => {
        const body = new FormData();
        body.append('file', file, file.name);
        return { url: `${school(schoolId)}/students/${encodeURIComponent(studentId)}/photo`, method: 'PUT', body };
      },
      invalidatesTags: (_r, _e, { studentId }) => [{ type: 'Student', id: studentId }],
    }),
    removePhoto: b.mutation<StudentResult, { schoolId: string; studentId: string }>({
      query: ({ schoolId, studentId }) => ({ url: `${school(schoolId)}/students/${encodeURIComponent(studentId)}/photo`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { studentId }) => [{ type: 'Student', id: studentId }],
    }),
    admissionNumbering: b.query<AdmissionNumberingResult, string>({
      query: (schoolId) => ({ url: `${school(schoolId)}/students/admission-numbering` }),
    }),
    setAdmissionNumbering: b.mutation<AdmissionNumberingResult, { schoolId: string; body: AdmissionNumbering }>({
      query: ({ schoolId, body }) => ({ url: `${school(schoolId)}/students/admission-numbering`, method: 'PUT', body }),
    }),
    applications: b.query<ApplicationList, { schoolId: string; status?: ApplicationStatus | 'all'; page?: number; pageSize?: number }>({
      query: ({ schoolId, ...q }) => ({ url: `${school(schoolId)}/applications`, params: q }),
      providesTags: (_r, _e, { schoolId }) => [{ type: 'Applications', id: schoolId }],
    }),
    reviewApplication: b.mutation<ApplicationResult, { schoolId: string; applicationId: string }>({
      query: ({ schoolId, applicationId }) => ({ url: `${school(schoolId)}/applications/${encodeURIComponent(applicationId)}`, method: 'PATCH', body: { status: 'under_review' } }),
      invalidatesTags: (_r, _e, { schoolId }) => [{ type: 'Applications', id: schoolId }],
    }),
    admitApplication: b.mutation<AdmitResult, { schoolId: string; applicationId: string; body: AdmitApplicationInput }>({
      query: ({ schoolId, applicationId, body }) => ({ url: `${school(schoolId)}/applications/${encodeURIComponent(applicationId)}/admit`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { schoolId }) => [
        { type: 'Applications', id: schoolId },
        { type: 'Students', id: schoolId },
      ],
    }),
    rejectApplication: b.mutation<ApplicationResult, { schoolId: string; applicationId: string; reason: string }>({
      query: ({ schoolId, applicationId, reason }) => ({ url: `${school(schoolId)}/applications/${encodeURIComponent(applicationId)}/reject`, method: 'POST', body: { reason } }),
      invalidatesTags: (_r, _e, { schoolId }) => [{ type: 'Applications', id: schoolId }],
    }),
    admissionSchool: b.query<PublicSchoolResult, string>({
      query: (subdomain) => ({ url: `/public/schools/${encodeURIComponent(subdomain)}`, skipAuthRefresh: true }),
    }),
    apply: b.mutation<ApplicationReceipt, { subdomain: string; body: CreateApplicationInput }>({
      query: ({ subdomain, body }) => ({ url: `/public/schools/${encodeURIComponent(subdomain)}/applications`, method: 'POST', body, skipAuthRefresh: true }),
    }),
  }),
});

export const {
  useStudentsQuery,
  useStudentQuery,
  useEnrolmentsQuery,
  useCreateStudentMutation,
  useUpdateStudentMutation,
  useReadmitStudentMutation,
  useRevealAadhaarMutation,
  useImportStudentsMutation,
  useSectionsQuery,
  useSetPhotoMutation,
  useRemovePhotoMutation,
  useAdmissionNumberingQuery,
  useSetAdmissionNumberingMutation,
  useApplicationsQuery,
  useReviewApplicationMutation,
  useAdmitApplicationMutation,
  useRejectApplicationMutation,
  useAdmissionSchoolQuery,
  useApplyMutation,
} = studentsApi;
