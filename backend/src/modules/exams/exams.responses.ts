import { applyDecorators } from '@nestjs/common';
import { ApiProduces, ApiResponse } from '@nestjs/swagger';
import {
  type AssessmentSchemeResult,
  type AssessmentSchemesResult,
  type ReportSettingsResult,
  SCHOLASTIC_GRADE_NAMES,
  type DateSheetResult,
  type ExamResult,
  type ExamClassesResult,
  type ExamSheetsResult,
  type MarksSheet,
  type Page,
  type Exam,
  type ReportCardJobResult,
  type SectionResultsResult,
  type StudentResultsResult,
} from '@vidyalaya/shared';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { successEnvelope } from '../../common/openapi';
import { pageSchema } from '../../common/workspace/page.schema';

/** The answers of the exams calls, for the OpenAPI document (common/openapi.ts). Report cards answer application/pdf. */
export const assessmentComponentSchema = z.object({ name: z.string(), maxMarks: z.number(), bestOf: z.boolean().optional(), passPercent: z.number().optional() });
const mark = z.union([z.number(), z.literal('AB'), z.null()]);
export const scholasticGradeSchema = z.enum(SCHOLASTIC_GRADE_NAMES as [string, ...string[]]);
const examSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  academicYear: z.string(),
  term: z.int(),
  classIds: z.array(z.uuid()),
  classes: z.array(z.object({ id: z.uuid(), name: z.string() })),
  components: z.array(assessmentComponentSchema),
  status: z.enum(['draft', 'published']),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
});
/** One subject's result for one child (a result list, a report card, a guardian's published results). */
export const subjectResultSchema = z.object({
  subjectId: z.uuid(),
  subjectName: z.string(),
  marks: z.record(z.string(), mark).nullable(),
  total: z.number().nullable(),
  max: z.number(),
  percentage: z.number().nullable(),
  grade: scholasticGradeSchema.nullable(),
  pass: z.boolean().nullable(),
  failedComponents: z.array(z.string()),
  complete: z.boolean().optional(),
  absent: z.boolean().optional(),
});

export class ExamResponse extends createZodDto(successEnvelope(z.object({ exam: examSchema }) as unknown as z.ZodType<ExamResult>)) {}
export class ExamListResponse extends createZodDto(successEnvelope(pageSchema(examSchema) as unknown as z.ZodType<Page<Exam>>)) {}
export class MarksSheetResponse extends createZodDto(
  successEnvelope(
    z.object({
      examId: z.uuid(),
      sectionId: z.uuid(),
      subjectId: z.uuid(),
      subjectName: z.string(),
      components: z.array(assessmentComponentSchema),
      locked: z.boolean(),
      students: z.array(z.object({ studentId: z.uuid(), name: z.string(), rollNumber: z.int().nullable(), admissionNumber: z.string(), marks: z.record(z.string(), mark) })),
    }) as unknown as z.ZodType<MarksSheet>,
  ),
) {}
export class DateSheetResponse extends createZodDto(
  successEnvelope(
    z.object({
      dateSheet: z.object({
        examId: z.uuid(),
        papers: z.array(z.object({ classId: z.uuid(), className: z.string(), subjectId: z.uuid(), subjectName: z.string(), date: z.string(), startsAt: z.string(), endsAt: z.string() })),
        clashes: z.array(z.object({ classId: z.uuid(), date: z.string(), papers: z.array(z.int()) })),
        academicYear: z.object({ name: z.string(), startsOn: z.string(), endsOn: z.string() }).nullable(),
      }),
    }) as unknown as z.ZodType<DateSheetResult>,
  ),
) {}
export class NotesSavedResponse extends createZodDto(successEnvelope(z.object({ saved: z.int() }))) {}
export class SectionResultsResponse extends createZodDto(
  successEnvelope(
    z.object({
      results: z.object({
        examId: z.uuid(),
        sectionId: z.uuid(),
        published: z.boolean(),
        subjects: z.array(z.object({ id: z.uuid(), name: z.string() })),
        students: z.array(
          z.object({
            studentId: z.uuid(),
            name: z.string(),
            admissionNumber: z.string(),
            rollNumber: z.int().nullable(),
            subjects: z.array(subjectResultSchema),
            total: z.number().nullable(),
            max: z.number(),
            percentage: z.number().nullable(),
            grade: scholasticGradeSchema.nullable(),
            result: z.enum(['pass', 'fail']).nullable(),
            rank: z.int().nullable(),
          }),
        ),
        analysis: z.object({
          gradeDistribution: z.array(z.object({ subjectId: z.uuid(), subjectName: z.string(), counts: z.record(z.string(), z.int()) })),
          toppers: z.array(z.object({ studentId: z.uuid(), name: z.string(), percentage: z.number(), rank: z.int() })),
          needingSupport: z.array(z.object({ studentId: z.uuid(), name: z.string(), percentage: z.number().nullable(), failedSubjects: z.array(z.string()) })),
        }),
      }),
    }) as unknown as z.ZodType<SectionResultsResult>,
  ),
) {}
export class ReportCardJobResponse extends createZodDto(
  successEnvelope(z.object({ job: z.object({ id: z.uuid(), state: z.literal('queued') }) }) satisfies z.ZodType<ReportCardJobResult>),
) {}

/** A route answering a file (the bytes, not the JSON envelope): its media types. */
export const ApiFile = (description: string, ...types: string[]) =>
  applyDecorators(
    ApiProduces(...types),
    ApiResponse({ status: 200, description, content: Object.fromEntries(types.map((t) => [t, { schema: { type: 'string', format: 'binary' } }])) }),
  );
export class ExamClassesResponse extends createZodDto(
  successEnvelope(
    z.object({
      academicYear: z.string().nullable(),
      classes: z.array(
        z.object({
          id: z.uuid(),
          name: z.string(),
          band: z.enum(['primary', 'middle', 'secondary', 'senior']),
          presetComponents: z.array(assessmentComponentSchema),
          coScholasticScale: z.enum(['A-C', 'A-E']).nullable(),
          sections: z.array(z.object({ id: z.uuid(), name: z.string() })),
          subjects: z.array(z.object({ id: z.uuid(), name: z.string() })),
        }),
      ),
    }) as unknown as z.ZodType<ExamClassesResult>,
  ),
) {}
export class ExamSheetsResponse extends createZodDto(
  successEnvelope(
    z.object({
      sheets: z.array(z.object({ sectionId: z.uuid(), sectionName: z.string(), classId: z.uuid(), className: z.string(), subjectId: z.uuid(), subjectName: z.string(), canEnter: z.boolean() })),
    }) satisfies z.ZodType<ExamSheetsResult>,
  ),
) {}

const schemeSchema = z.object({
  band: z.enum(['primary', 'middle', 'secondary', 'senior']),
  term: z.int(),
  components: z.array(assessmentComponentSchema),
  custom: z.boolean(),
  locked: z.boolean(),
});
export class AssessmentSchemesResponse extends createZodDto(successEnvelope(z.object({ schemes: z.array(schemeSchema) }) satisfies z.ZodType<AssessmentSchemesResult>)) {}
export class AssessmentSchemeResponse extends createZodDto(successEnvelope(z.object({ scheme: schemeSchema }) satisfies z.ZodType<AssessmentSchemeResult>)) {}
export class StudentResultsResponse extends createZodDto(
  successEnvelope(
    z.object({
      results: z.array(
        z.object({
          examId: z.uuid(),
          examName: z.string(),
          academicYear: z.string(),
          term: z.int(),
          className: z.string(),
          sectionName: z.string(),
          subjects: z.array(subjectResultSchema),
          total: z.number().nullable(),
          max: z.number(),
          percentage: z.number().nullable(),
          grade: scholasticGradeSchema.nullable(),
          result: z.enum(['pass', 'fail']).nullable(),
          rank: z.int().nullable(),
        }),
      ),
    }) as unknown as z.ZodType<StudentResultsResult>,
  ),
) {}
export class ReportSettingsResponse extends createZodDto(successEnvelope(z.object({ settings: z.object({ showRanks: z.boolean(), hasLogo: z.boolean() }) }) satisfies z.ZodType<ReportSettingsResult>)) {}
