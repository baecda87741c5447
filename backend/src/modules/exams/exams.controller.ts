import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Page } from '@vidyalaya/shared';
import type { AssessmentSchemeResult, AssessmentSchemesResult, ReportSettingsResult, DateSheetResult, Exam, ExamClassesResult, ExamResult, ExamSheetsResult, MarksSheet, ReportCardJobResult, SectionResultsResult, StudentResultsResult } from '@vidyalaya/shared/exams';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { zodIssuesToDetails } from '@vidyalaya/shared';
import { publishExamSchema, SCHOOL_LOGO_MAX_BYTES, SCHOOL_LOGO_TYPES } from '@vidyalaya/shared/exams';
import { DomainException } from '../../common/domain.exception';
import { readUpload } from '../../common/http/upload';
import { ApiData } from '../../common/openapi';
import { RequirePermission, SchoolScoped, Workspace } from '../../common/workspace/workspace.decorators';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import {
  AssessmentSchemeParamDto,
  CreateExamDto,
  ExamClassesQueryDto,
  ExamParamDto,
  FileParamDto,
  ListExamsQueryDto,
  MarksQueryDto,
  PutAssessmentSchemeDto,
  PutDateSheetDto,
  PutReportSettingsDto,
  PutMarksDto,
  PutReportNotesDto,
  ReportCardQueryDto,
  ResultsQueryDto,
  SectionParamDto,
  SectionReportCardsDto,
  StudentParamDto,
} from './exams.dto';
import {
  ApiFile,
  AssessmentSchemeResponse,
  AssessmentSchemesResponse,
  DateSheetResponse,
  ExamClassesResponse,
  ExamListResponse,
  ExamSheetsResponse,
  ExamResponse,
  MarksSheetResponse,
  NotesSavedResponse,
  ReportCardJobResponse,
  ReportSettingsResponse,
  SectionResultsResponse,
  StudentResultsResponse,
} from './exams.responses';
import { ExamsService } from './exams.service';

/** The one file of a multipart request (field `file`): over the logo's size 413, every time (common/http/upload.ts); 400 LOGO_INVALID otherwise. */
async function uploadedLogo(req: FastifyRequest): Promise<Buffer> {
  return (await readUpload(req, SCHOOL_LOGO_MAX_BYTES, 'LOGO_INVALID')).bytes;
}

function pdf(reply: FastifyReply, body: Buffer, filename: string): Buffer {
  reply.header('Content-Type', 'application/pdf').header('Content-Disposition', `inline; filename="${filename}"`).header('Cache-Control', 'private, no-store');
  return body;
}

@ApiTags('Workspace: exams and report cards')
@SchoolScoped()
@Controller('schools/:schoolId')
export class ExamsController {
  constructor(private readonly exams: ExamsService) {}

  @Post('exams')
  @RequirePermission('exams.manage')
  @ApiOperation({ summary: 'Create an exam {name, academicYear, classIds, components:[{name, maxMarks}], term?} → {exam}' })
  @ApiData(ExamResponse, 201)
  create(@Workspace() ctx: WorkspaceContext, @Body() dto: CreateExamDto): Promise<ExamResult> {
    return this.exams.create(ctx, dto);
  }

  @Get('exams')
  @RequirePermission('results.read')
  @ApiOperation({ summary: 'The school’s exams (?academicYear=), newest year first' })
  @ApiData(ExamListResponse)
  list(@Query() q: ListExamsQueryDto): Promise<Page<Exam>> {
    return this.exams.list(q);
  }

  @Get('exam-classes')
  @RequirePermission('results.read')
  @ApiOperation({ summary: 'The year’s classes with sections, subjects and their band’s preset (?academicYear=, the current year by default)' })
  @ApiData(ExamClassesResponse)
  examClasses(@Query() q: ExamClassesQueryDto): Promise<ExamClassesResult> {
    return this.exams.examClasses(q.academicYear);
  }

  @Get('report-settings')
  @RequirePermission('results.read')
  @ApiOperation({ summary: 'The report-card settings: {showRanks, hasLogo}' })
  @ApiData(ReportSettingsResponse)
  reportSettings(): Promise<ReportSettingsResult> {
    return this.exams.reportSettings();
  }

  @Put('report-settings')
  @RequirePermission('exams.manage')
  @ApiOperation({ summary: 'Show or hide ranks in results and on report cards {showRanks}' })
  @ApiData(ReportSettingsResponse)
  putReportSettings(@Workspace() ctx: WorkspaceContext, @Body() dto: PutReportSettingsDto): Promise<ReportSettingsResult> {
    return this.exams.putReportSettings(ctx, dto);
  }

  @Put('logo')
  @RequirePermission('exams.manage')
  @ApiOperation({ summary: 'Set the school’s logo, printed on its report cards (multipart field `file`: PNG or JPEG, at most 256 KB)' })
  @ApiData(ReportSettingsResponse)
  async setLogo(@Workspace() ctx: WorkspaceContext, @Req() req: FastifyRequest): Promise<ReportSettingsResult> {
    return this.exams.setLogo(ctx, await uploadedLogo(req));
  }

  @Get('logo')
  @RequirePermission('results.read')
  @ApiOperation({ summary: 'The school’s logo as uploaded (PNG or JPEG, the type read from its bytes); 404 when there is none' })
  @ApiFile('The logo', ...SCHOOL_LOGO_TYPES)
  async logo(@Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    const { contentType, bytes } = await this.exams.logo();
    reply.header('Content-Type', contentType).header('Cache-Control', 'private, no-cache').header('X-Content-Type-Options', 'nosniff');
    return bytes;
  }

  @Delete('logo')
  @RequirePermission('exams.manage')
  @ApiOperation({ summary: 'Remove the school’s logo' })
  @ApiData(ReportSettingsResponse)
  removeLogo(@Workspace() ctx: WorkspaceContext): Promise<ReportSettingsResult> {
    return this.exams.removeLogo(ctx);
  }

  @Get('assessment-schemes')
  @RequirePermission('results.read')
  @ApiOperation({ summary: 'The school’s assessment schemes per class band and term (the CBSE preset unless changed); locked once this year has marks' })
  @ApiData(AssessmentSchemesResponse)
  schemes(): Promise<AssessmentSchemesResult> {
    return this.exams.schemes();
  }

  @Put('assessment-schemes/:band/:term')
  @RequirePermission('exams.manage')
  @ApiOperation({ summary: 'Change a band’s scheme for a term {components:[{name, maxMarks, bestOf?, passPercent?}]}; 409 SCHEME_IN_USE once this year’s marks use it' })
  @ApiData(AssessmentSchemeResponse)
  putScheme(@Workspace() ctx: WorkspaceContext, @Param() p: AssessmentSchemeParamDto, @Body() dto: PutAssessmentSchemeDto): Promise<AssessmentSchemeResult> {
    return this.exams.putScheme(ctx, p, dto);
  }

  @Get('exams/:examId/sheets')
  @RequirePermission('results.read')
  @ApiOperation({ summary: 'The exam’s section × subject marks sheets the caller may open; canEnter for marks entry' })
  @ApiData(ExamSheetsResponse)
  sheets(@Workspace() ctx: WorkspaceContext, @Param() p: ExamParamDto): Promise<ExamSheetsResult> {
    return this.exams.sheets(ctx, p.examId);
  }

  @Get('exams/:examId')
  @RequirePermission('results.read')
  @ApiOperation({ summary: 'One exam' })
  @ApiData(ExamResponse)
  get(@Workspace() ctx: WorkspaceContext, @Param() p: ExamParamDto): Promise<ExamResult> {
    return this.exams.get(ctx, p.examId);
  }

  @Get('exams/:examId/date-sheet')
  @RequirePermission('results.read')
  @ApiOperation({ summary: 'The date sheet: papers per class and subject, clashes flagged (two papers of one class at once)' })
  @ApiData(DateSheetResponse)
  dateSheet(@Workspace() ctx: WorkspaceContext, @Param() p: ExamParamDto): Promise<DateSheetResult> {
    return this.exams.dateSheet(ctx, p.examId);
  }

  @Put('exams/:examId/date-sheet')
  @RequirePermission('exams.manage')
  @ApiOperation({ summary: 'Set the date sheet {papers:[{classId, subjectId, date, startsAt, endsAt}]}; clashes are flagged, not refused; a date outside the exam’s academic year or on a holiday of the calendar answers 400 naming papers.i.date, nothing saved' })
  @ApiData(DateSheetResponse)
  putDateSheet(@Workspace() ctx: WorkspaceContext, @Param() p: ExamParamDto, @Body() dto: PutDateSheetDto): Promise<DateSheetResult> {
    return this.exams.putDateSheet(ctx, p.examId, dto);
  }

  @Get('exams/:examId/marks')
  @RequirePermission('marks.enter')
  @ApiOperation({ summary: 'A section × subject marks sheet (?sectionId=&subjectId=); a teacher only for subjects assigned to them' })
  @ApiData(MarksSheetResponse)
  marks(@Workspace() ctx: WorkspaceContext, @Param() p: ExamParamDto, @Query() q: MarksQueryDto): Promise<MarksSheet> {
    return this.exams.marks(ctx, p.examId, q);
  }

  @Put('exams/:examId/marks')
  @RequirePermission('marks.enter')
  @ApiOperation({ summary: 'Enter marks {sectionId, subjectId, marks:[{studentId, component, marks: number|"AB"|null}]}; above maxMarks → 400 naming the row; 422 MARKS_LOCKED once published' })
  @ApiData(MarksSheetResponse)
  putMarks(@Workspace() ctx: WorkspaceContext, @Param() p: ExamParamDto, @Body() dto: PutMarksDto): Promise<MarksSheet> {
    return this.exams.putMarks(ctx, p.examId, dto);
  }

  @Put('exams/:examId/report-notes')
  @RequirePermission('marks.enter')
  @ApiOperation({ summary: 'Co-scholastic grades and remarks {sectionId, students:[{studentId, coScholastic?:{area: grade}, remarks?}]}' })
  @ApiData(NotesSavedResponse)
  putNotes(@Workspace() ctx: WorkspaceContext, @Param() p: ExamParamDto, @Body() dto: PutReportNotesDto): Promise<{ saved: number }> {
    return this.exams.putNotes(ctx, p.examId, dto);
  }

  @Get('exams/:examId/results')
  @RequirePermission('results.read')
  @ApiOperation({ summary: 'A section’s results (?sectionId=&ranks=): totals, percentages, grades, ranks, the analysis' })
  @ApiData(SectionResultsResponse)
  results(@Workspace() ctx: WorkspaceContext, @Param() p: ExamParamDto, @Query() q: ResultsQueryDto): Promise<SectionResultsResult> {
    return this.exams.results(ctx, p.examId, q.sectionId, q.ranks === undefined ? undefined : q.ranks === 'true');
  }

  @Post('exams/:examId/publish')
  @HttpCode(200)
  @RequirePermission('results.publish')
  @ApiOperation({
    summary:
      'Publish the results: report cards frozen as snapshots, marks locked. 409 MARKS_INCOMPLETE {details:{sheets:[{sectionId, subjectId, missing}]}} while any sheet lacks marks, unless {allowIncomplete:true} (admin only, else 403)',
  })
  @ApiData(ExamResponse)
  publish(@Workspace() ctx: WorkspaceContext, @Param() p: ExamParamDto, @Body() body: unknown): Promise<ExamResult> {
    // The body is optional (no body = {}), so it is read here rather than by a DTO.
    const input = publishExamSchema.safeParse(body ?? {});
    if (!input.success) throw new DomainException('VALIDATION_FAILED', { details: zodIssuesToDetails(input.error.issues) });
    return this.exams.publish(ctx, p.examId, input.data);
  }

  @Post('exams/:examId/unpublish')
  @HttpCode(200)
  @RequirePermission('results.publish')
  @ApiOperation({ summary: 'Unpublish (admin; audited): marks unlocked, report cards withdrawn until published again' })
  @ApiData(ExamResponse)
  unpublish(@Workspace() ctx: WorkspaceContext, @Param() p: ExamParamDto): Promise<ExamResult> {
    return this.exams.unpublish(ctx, p.examId);
  }

  @Get('students/:studentId/results')
  @RequirePermission('results.read')
  @ApiOperation({ summary: 'A student’s published results per exam (the frozen report cards; the Marks tab of the profile); guardians: their own children' })
  @ApiData(StudentResultsResponse)
  studentResults(@Workspace() ctx: WorkspaceContext, @Param() p: StudentParamDto): Promise<StudentResultsResult> {
    return this.exams.studentResults(ctx, p.studentId);
  }

  @Get('students/:studentId/report-card')
  @RequirePermission('results.read')
  @ApiOperation({ summary: 'A student’s report card for a year as a PDF (?academicYear=&lang=en|hi); guardians: published results only' })
  @ApiFile('The report card', 'application/pdf')
  async reportCard(@Workspace() ctx: WorkspaceContext, @Param() p: StudentParamDto, @Query() q: ReportCardQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    return pdf(reply, await this.exams.reportCard(ctx, p.studentId, q.academicYear, q.lang), `report-card-${q.academicYear}.pdf`);
  }

  @Post('sections/:sectionId/report-cards')
  @HttpCode(202)
  @RequirePermission('results.read')
  @ApiOperation({ summary: 'Start a job making the section’s report cards as one PDF {academicYear?, lang?}; poll GET …/jobs/{jobId}' })
  @ApiData(ReportCardJobResponse, 202)
  sectionCards(@Workspace() ctx: WorkspaceContext, @Param() p: SectionParamDto, @Body() dto: SectionReportCardsDto): Promise<ReportCardJobResult> {
    return this.exams.startSectionCards(ctx, p.sectionId, dto);
  }

  @Get('report-cards/files/:fileId')
  @RequirePermission('results.read')
  @ApiOperation({ summary: 'A section’s report cards made by a job (the job’s resultUrl)' })
  @ApiFile('The section’s report cards', 'application/pdf')
  async file(@Workspace() ctx: WorkspaceContext, @Param() p: FileParamDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    const file = await this.exams.file(ctx, p.fileId);
    return pdf(reply, file.bytes, file.name);
  }
}
