import { schoolAndIdParamSchema } from '@vidyalaya/shared';
import {
  assessmentSchemeParamSchema,
  createExamSchema,
  examClassesQuerySchema,
  listExamsQuerySchema,
  marksQuerySchema,
  putDateSheetSchema,
  putAssessmentSchemeSchema,
  putReportSettingsSchema,
  putMarksSchema,
  putReportNotesSchema,
  reportCardQuerySchema,
  resultsQuerySchema,
  sectionReportCardsSchema,
} from '@vidyalaya/shared/exams';
import { createZodDto } from 'nestjs-zod';

export class CreateExamDto extends createZodDto(createExamSchema) {}
export class ListExamsQueryDto extends createZodDto(listExamsQuerySchema) {}
export class ExamParamDto extends createZodDto(schoolAndIdParamSchema('examId')) {}
export class PutMarksDto extends createZodDto(putMarksSchema) {}
export class MarksQueryDto extends createZodDto(marksQuerySchema) {}
export class PutDateSheetDto extends createZodDto(putDateSheetSchema) {}
export class PutReportNotesDto extends createZodDto(putReportNotesSchema) {}
export class ResultsQueryDto extends createZodDto(resultsQuerySchema) {}
export class StudentParamDto extends createZodDto(schoolAndIdParamSchema('studentId')) {}
export class SectionParamDto extends createZodDto(schoolAndIdParamSchema('sectionId')) {}
export class FileParamDto extends createZodDto(schoolAndIdParamSchema('fileId')) {}
export class ReportCardQueryDto extends createZodDto(reportCardQuerySchema) {}
export class SectionReportCardsDto extends createZodDto(sectionReportCardsSchema) {}
export class ExamClassesQueryDto extends createZodDto(examClassesQuerySchema) {}
export class AssessmentSchemeParamDto extends createZodDto(assessmentSchemeParamSchema) {}
export class PutAssessmentSchemeDto extends createZodDto(putAssessmentSchemeSchema) {}
export class PutReportSettingsDto extends createZodDto(putReportSettingsSchema) {}
