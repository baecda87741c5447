import { applyDecorators } from '@nestjs/common';
import { ApiProduces, ApiResponse } from '@nestjs/swagger';
import {
  assessmentSchemeResultSchema,
  assessmentSchemesResultSchema,
  dateSheetResultSchema,
  examClassesResultSchema,
  examListSchema,
  examResultSchema,
  examSheetsResultSchema,
  marksSheetSchema,
  reportCardJobResultSchema,
  reportSettingsResultSchema,
  sectionResultsResultSchema,
  studentResultsResultSchema,
} from '@vidyalaya/shared/exams';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { successEnvelope } from '../../common/openapi';

/**
 * The answers of the exams calls, for the OpenAPI document (common/openapi.ts): the shared answer
 * schemas (shared/src/exams/answers.ts, whose types are inferred from them) in the
 * success envelope. Report cards answer application/pdf.
 */
export class ExamResponse extends createZodDto(successEnvelope(examResultSchema)) {}
export class ExamListResponse extends createZodDto(successEnvelope(examListSchema)) {}
export class MarksSheetResponse extends createZodDto(successEnvelope(marksSheetSchema)) {}
export class DateSheetResponse extends createZodDto(successEnvelope(dateSheetResultSchema)) {}
export class NotesSavedResponse extends createZodDto(successEnvelope(z.object({ saved: z.int() }))) {}
export class SectionResultsResponse extends createZodDto(successEnvelope(sectionResultsResultSchema)) {}
export class ReportCardJobResponse extends createZodDto(successEnvelope(reportCardJobResultSchema)) {}

/** A route answering a file (the bytes, not the JSON envelope): its media types. */
export const ApiFile = (description: string, ...types: string[]) =>
  applyDecorators(
    ApiProduces(...types),
    ApiResponse({ status: 200, description, content: Object.fromEntries(types.map((t) => [t, { schema: { type: 'string', format: 'binary' } }])) }),
  );
export class ExamClassesResponse extends createZodDto(successEnvelope(examClassesResultSchema)) {}
export class ExamSheetsResponse extends createZodDto(successEnvelope(examSheetsResultSchema)) {}
export class AssessmentSchemesResponse extends createZodDto(successEnvelope(assessmentSchemesResultSchema)) {}
export class AssessmentSchemeResponse extends createZodDto(successEnvelope(assessmentSchemeResultSchema)) {}
export class StudentResultsResponse extends createZodDto(successEnvelope(studentResultsResultSchema)) {}
export class ReportSettingsResponse extends createZodDto(successEnvelope(reportSettingsResultSchema)) {}
