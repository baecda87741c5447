import type { Page } from '@vidyalaya/shared';
import type {
  AssessmentSchemeResult,
  AssessmentSchemesResult,
  ClassBand,
  ExamComponent,
  ReportSettingsResult,
  CreateExamInput,
  DateSheetResult,
  Exam,
  ExamClassesResult,
  ExamResult,
  ExamSheetsResult,
  MarksSheet,
  PutDateSheetInput,
  PutMarksInput,
  ReportCardJobResult,
  ReportCardLanguage,
  SectionResultsResult,
  StudentResultsResult,
} from '@vidyalaya/shared/exams';
import type { JobStatus } from '@vidyalaya/shared/jobs';
import { api } from '../../../lib/api/api';
import { fetchFile, saveBlob } from '../../../lib/api/files';

const school = (id: string) => `/schools/${encodeURIComponent(id)}`;
const exam = (schoolId: string, examId: string) => `${school(schoolId)}/exams/${encodeURIComponent(examId)}`;

/** The exams calls (DECISIONS "Exams and report cards"; docs/exams.md). */
export const examsApi = api.enhanceEndpoints({ addTagTypes: ['Exams', 'Exam', 'Marks', 'Results', 'Schemes', 'ReportSettings'] }).injectEndpoints({
  endpoints: (b) => ({
    exams: b.query<Page<Exam>, { schoolId: string; academicYear?: string }>({
      query: ({ schoolId, academicYear }) => ({ url: `${school(schoolId)}/exams`, params: { academicYear, pageSize: 200 } }),
      providesTags: (_r, _e, { schoolId }) => [{ type: 'Exams', id: schoolId }],
    }),
    exam: b.query<ExamResult, { schoolId: string; examId: string }>({
      query: ({ schoolId, examId }) => ({ url: exam(schoolId, examId) }),
      providesTags: (_r, _e, { examId }) => [{ type: 'Exam', id: examId }],
    }),
    examClasses: b.query<ExamClassesResult, { schoolId: string; academicYear?: string }>({
      query: ({ schoolId, academicYear }) => ({ url: `${school(schoolId)}/exam-classes`, params: { academicYear } }),
    }),
    createExam: b.mutation<ExamResult, { schoolId: string; body: CreateExamInput }>({
      query: ({ schoolId, body }) => ({ url: `${school(schoolId)}/exams`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { schoolId }) => [{ type: 'Exams', id: schoolId }],
    }),
    schemes: b.query<AssessmentSchemesResult, { schoolId: string }>({
      query: ({ schoolId }) => ({ url: `${school(schoolId)}/assessment-schemes` }),
      providesTags: ['Schemes'],
    }),
    putScheme: b.mutation<AssessmentSchemeResult, { schoolId: string; band: ClassBand; term: number; components: ExamComponent[] }>({
      query: ({ schoolId, band, term, components }) => ({ url: `${school(schoolId)}/assessment-schemes/${band}/${term}`, method: 'PUT', body: { components } }),
      invalidatesTags: (r) => (r ? ['Schemes'] : []),
    }),
    reportSettings: b.query<ReportSettingsResult, { schoolId: string }>({
      query: ({ schoolId }) => ({ url: `${school(schoolId)}/report-settings` }),
      providesTags: ['ReportSettings'],
    }),
    putReportSettings: b.mutation<ReportSettingsResult, { schoolId: string; showRanks: boolean }>({
      query: ({ schoolId, showRanks }) => ({ url: `${school(schoolId)}/report-settings`, method: 'PUT', body: { showRanks } }),
      invalidatesTags: (r) => (r ? ['ReportSettings', 'Results'] : []),
    }),
    uploadLogo: b.mutation<ReportSettingsResult, { schoolId: string; file: File }>({
      query: ({ schoolId, file }) => {
        const body = new FormData();
        body.append('file', file);
        return { url: `${school(schoolId)}/logo`, method: 'PUT', body };
      },
      invalidatesTags: (r) => (r ? ['ReportSettings'] : []),
    }),
    removeLogo: b.mutation<ReportSettingsResult, { schoolId: string }>({
      query: ({ schoolId }) => ({ url: `${school(schoolId)}/logo`, method: 'DELETE' }),
      invalidatesTags: (r) => (r ? ['ReportSettings'] : []),
    }),
    studentResults: b.query<StudentResultsResult, { schoolId: string; studentId: string }>({
      query: ({ schoolId, studentId }) => ({ url: `${school(schoolId)}/students/${encodeURIComponent(studentId)}/results` }),
    }),
    dateSheet: b.query<DateSheetResult, { schoolId: string; examId: string }>({
      query: ({ schoolId, examId }) => ({ url: `${exam(schoolId, examId)}/date-sheet` }),
      providesTags: (_r, _e, { examId }) => [{ type: 'Exam', id: examId }],
    }),
    putDateSheet: b.mutation<DateSheetResult, { schoolId: string; examId: string; body: PutDateSheetInput }>({
      query: ({ schoolId, examId, body }) => ({ url: `${exam(schoolId, examId)}/date-sheet`, method: 'PUT', body }),
      // The printable sheet, the exam's marks sheets (a date sheet narrows an exam's subjects) and the calendar read it.
      invalidatesTags: (r, _e, { examId }) => (r ? [{ type: 'Exam', id: examId }] : []),
    }),
    sheets: b.query<ExamSheetsResult, { schoolId: string; examId: string }>({
      query: ({ schoolId, examId }) => ({ url: `${exam(schoolId, examId)}/sheets` }),
      providesTags: (_r, _e, { examId }) => [{ type: 'Exam', id: examId }],
    }),
    marks: b.query<MarksSheet, { schoolId: string; examId: string; sectionId: string; subjectId: string }>({
      query: ({ schoolId, examId, sectionId, subjectId }) => ({ url: `${exam(schoolId, examId)}/marks`, params: { sectionId, subjectId } }),
      providesTags: (_r, _e, { examId, sectionId, subjectId }) => [{ type: 'Marks', id: `${examId}:${sectionId}:${subjectId}` }],
    }),
    saveMarks: b.mutation<MarksSheet, { schoolId: string; examId: string; body: PutMarksInput }>({
      query: ({ schoolId, examId, body }) => ({ url: `${exam(schoolId, examId)}/marks`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { examId }) => [{ type: 'Results', id: examId }],
    }),
    results: b.query<SectionResultsResult, { schoolId: string; examId: string; sectionId: string }>({
      query: ({ schoolId, examId, sectionId }) => ({ url: `${exam(schoolId, examId)}/results`, params: { sectionId } }),
      providesTags: (_r, _e, { examId }) => [{ type: 'Results', id: examId }],
    }),
    publish: b.mutation<ExamResult, { schoolId: string; examId: string; publish: boolean; allowIncomplete?: boolean }>({
      query: ({ schoolId, examId, publish, allowIncomplete }) => ({
        url: `${exam(schoolId, examId)}/${publish ? 'publish' : 'unpublish'}`,
        method: 'POST',
        ...(publish && allowIncomplete ? { body: { allowIncomplete: true } } : {}),
      }),
      invalidatesTags: (_r, _e, { schoolId, examId }) => [{ type: 'Exam', id: examId }, { type: 'Exams', id: schoolId }, { type: 'Marks' }, { type: 'Results', id: examId }],
    }),
    startSectionCards: b.mutation<ReportCardJobResult, { schoolId: string; sectionId: string; academicYear: string; lang: ReportCardLanguage }>({
      query: ({ schoolId, sectionId, academicYear, lang }) => ({ url: `${school(schoolId)}/sections/${encodeURIComponent(sectionId)}/report-cards`, method: 'POST', body: { academicYear, lang } }),
    }),
    job: b.query<JobStatus, { schoolId: string; jobId: string }>({
      query: ({ schoolId, jobId }) => ({ url: `${school(schoolId)}/jobs/${encodeURIComponent(jobId)}` }),
    }),
  }),
});

export const {
  useExamsQuery,
  useExamQuery,
  useExamClassesQuery,
  useCreateExamMutation,
  useSheetsQuery,
  useDateSheetQuery,
  usePutDateSheetMutation,
  useSchemesQuery,
  useStudentResultsQuery,
  useReportSettingsQuery,
  usePutReportSettingsMutation,
  useUploadLogoMutation,
  useRemoveLogoMutation,
  usePutSchemeMutation,
  useMarksQuery,
  useSaveMarksMutation,
  useResultsQuery,
  usePublishMutation,
  useStartSectionCardsMutation,
  useJobQuery,
} = examsApi;

/** The school's logo (GET …/logo), for `useFileUrl` (lib/api/files.ts). */
export const logoPath = (schoolId: string) => `${school(schoolId)}/logo`;

/**
 * Fetches a PDF the API answers (a report card, a section's cards) with the signed-in bearer
 * token and hands it to the browser as a download. `path` is under /api/v1 (a job's resultUrl
 * starts with /api/v1 and is accepted as it is).
 */
export async function downloadPdf(path: string, filename: string): Promise<void> {
  saveBlob(await fetchFile(path), filename);
}
