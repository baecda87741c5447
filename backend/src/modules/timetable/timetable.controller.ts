import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type {
  AbsentPeriodsResult,
  BellSchedulesResult,
  CopyTimetableResult,
  FreeTeachersResult,
  MyTimetableResult,
  SchoolTimetableResult,
  SectionTimetableResult,
  StaffTimetableResult,
  SubstitutionList,
  SubstitutionsResult,
  TimetableClassesResult,
} from '@vidyalaya/shared/timetable';
import { ApiData } from '../../common/openapi';
import { RequirePermission, SchoolScoped, Workspace } from '../../common/workspace/workspace.decorators';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import {
  AbsentPeriodsQueryDto,
  CopyTimetableDto,
  CreateSubstitutionsDto,
  FreeTeachersQueryDto,
  MyTimetableQueryDto,
  PutBellSchedulesDto,
  PutTimetableDto,
  SectionParamDto,
  StaffParamDto,
  SubstitutionParamDto,
  SubstitutionsQueryDto,
  TimetablePdfQueryDto,
  YearQueryDto,
} from './timetable.dto';
import { SubstitutionsService } from './substitutions.service';
import {
  AbsentPeriodsResponse,
  BellSchedulesResponse,
  CopyTimetableResponse,
  FreeTeachersResponse,
  MyTimetableResponse,
  SchoolTimetableResponse,
  SectionTimetableResponse,
  StaffTimetableResponse,
  SubstitutionDeletedResponse,
  SubstitutionListResponse,
  SubstitutionsResponse,
  TimetableClassesResponse,
} from './timetable.responses';
import { TimetableService } from './timetable.service';

const PDF_RESPONSE = { status: 200, description: 'The timetable PDF (A4 landscape)', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } };

/** Sends a PDF inline under an ASCII file name (a school's names may be Hindi). */
function sendPdf(reply: FastifyReply, { pdf, filename }: { pdf: Buffer; filename: string }): Buffer {
  const safe = filename.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/-+/g, '-').replace(/^-|-$/g, '') || 'timetable';
  reply.header('Content-Type', 'application/pdf').header('Content-Disposition', `inline; filename="${safe}.pdf"`).header('Cache-Control', 'no-store');
  return pdf;
}

@ApiTags('Workspace: timetable')
@SchoolScoped()
@Controller('schools/:schoolId')
export class TimetableController {
  constructor(
    private readonly timetable: TimetableService,
    private readonly substitutions: SubstitutionsService,
  ) {}

  @Get('bell-schedules')
  @RequirePermission('timetable.read')
  @ApiOperation({ summary: 'The bell schedules (periods and breaks per weekday) and the daily load limit' })
  @ApiData(BellSchedulesResponse)
  bell(): Promise<BellSchedulesResult> {
    return this.timetable.getBellSchedules();
  }

  @Put('bell-schedules')
  @RequirePermission('timetable.manage')
  @ApiOperation({ summary: 'Replace the bell schedules (each names its weekdays, Monday 1 … Saturday 6) and set the daily load limit' })
  @ApiData(BellSchedulesResponse)
  putBell(@Workspace() ctx: WorkspaceContext, @Body() dto: PutBellSchedulesDto): Promise<BellSchedulesResult> {
    return this.timetable.putBellSchedules(ctx, dto);
  }

  @Get('timetable')
  @RequirePermission('timetable.read')
  @ApiOperation({ summary: 'The whole school’s timetable for an academic year (the current one by default), section by section' })
  @ApiData(SchoolTimetableResponse)
  school(@Workspace() ctx: WorkspaceContext, @Query() q: YearQueryDto): Promise<SchoolTimetableResult> {
    return this.timetable.schoolTimetable(ctx, q.academicYear);
  }

  @Get('timetable/pdf')
  @RequirePermission('timetable.read')
  @ApiOperation({ summary: 'The whole school’s timetable as a PDF, a page per section (A4 landscape; ?lang=hi for Hindi labels)' })
  @ApiProduces('application/pdf')
  @ApiResponse(PDF_RESPONSE)
  async schoolPdf(@Workspace() ctx: WorkspaceContext, @Query() q: TimetablePdfQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    return sendPdf(reply, await this.timetable.schoolPdf(ctx, q.academicYear, q.lang));
  }

  @Get('timetable/classes')
  @RequirePermission('timetable.read')
  @ApiOperation({ summary: 'The year’s classes with their sections and subjects (the current year by default), for the timetable and assignment editors' })
  @ApiData(TimetableClassesResponse)
  classes(@Query() q: YearQueryDto): Promise<TimetableClassesResult> {
    return this.timetable.classes(q.academicYear);
  }

  @Get('sections/:sectionId/timetable')
  @RequirePermission('timetable.read')
  @ApiOperation({ summary: 'A section’s week' })
  @ApiData(SectionTimetableResponse)
  section(@Workspace() ctx: WorkspaceContext, @Param() p: SectionParamDto): Promise<SectionTimetableResult> {
    return this.timetable.sectionTimetable(ctx, p.sectionId);
  }

  @Get('sections/:sectionId/timetable/pdf')
  @RequirePermission('timetable.read')
  @ApiOperation({ summary: 'A section’s week as a PDF: days × periods, subject and teacher (A4 landscape; ?lang=hi for Hindi labels)' })
  @ApiProduces('application/pdf')
  @ApiResponse(PDF_RESPONSE)
  async sectionPdf(@Workspace() ctx: WorkspaceContext, @Param() p: SectionParamDto, @Query() q: TimetablePdfQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    return sendPdf(reply, await this.timetable.sectionPdf(ctx, p.sectionId, q.lang));
  }

  @Put('sections/:sectionId/timetable')
  @RequirePermission('timetable.manage')
  @ApiOperation({ summary: 'Save a section’s whole week; 409 TIMETABLE_CLASH names a teacher in two places at once, 409 TEACHER_OVERLOADED a day over the limit' })
  @ApiData(SectionTimetableResponse)
  put(@Workspace() ctx: WorkspaceContext, @Param() p: SectionParamDto, @Body() dto: PutTimetableDto): Promise<SectionTimetableResult> {
    return this.timetable.putSectionTimetable(ctx, p.sectionId, dto.slots);
  }

  @Post('sections/:sectionId/timetable/copy')
  @RequirePermission('timetable.manage')
  @ApiOperation({ summary: 'Copy a section’s week to another section, with the target’s assigned teachers (unassigned subjects are skipped)' })
  @ApiData(CopyTimetableResponse, 201)
  copy(@Workspace() ctx: WorkspaceContext, @Param() p: SectionParamDto, @Body() dto: CopyTimetableDto): Promise<CopyTimetableResult> {
    return this.timetable.copy(ctx, p.sectionId, dto.toSectionId);
  }

  @Get('staff/:staffId/timetable')
  @RequirePermission('timetable.read')
  @ApiOperation({ summary: 'A teacher’s week across sections' })
  @ApiData(StaffTimetableResponse)
  staff(@Workspace() ctx: WorkspaceContext, @Param() p: StaffParamDto, @Query() q: YearQueryDto): Promise<StaffTimetableResult> {
    return this.timetable.staffTimetable(ctx, p.staffId, q.academicYear);
  }

  @Get('staff/:staffId/timetable/pdf')
  @RequirePermission('timetable.read')
  @ApiOperation({ summary: 'A teacher’s week as a PDF: days × periods, subject and class (A4 landscape; ?lang=hi for Hindi labels)' })
  @ApiProduces('application/pdf')
  @ApiResponse(PDF_RESPONSE)
  async staffPdf(@Workspace() ctx: WorkspaceContext, @Param() p: StaffParamDto, @Query() q: TimetablePdfQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    return sendPdf(reply, await this.timetable.staffPdf(ctx, p.staffId, q.academicYear, q.lang));
  }

  @Get('my-timetable')
  @RequirePermission('timetable.read')
  @ApiOperation({ summary: 'The caller’s own week (their linked staff record) and their substitutions on a date (today in India by default)' })
  @ApiData(MyTimetableResponse)
  mine(@Workspace() ctx: WorkspaceContext, @Query() q: MyTimetableQueryDto): Promise<MyTimetableResult> {
    return this.substitutions.mine(ctx, q.date);
  }

  @Get('substitutions')
  @RequirePermission('timetable.read')
  @ApiOperation({ summary: 'The substitutions of a date (today’s list)' })
  @ApiData(SubstitutionListResponse)
  substitutionsOn(@Workspace() ctx: WorkspaceContext, @Query() q: SubstitutionsQueryDto): Promise<SubstitutionList> {
    return this.substitutions.list(ctx, q.date);
  }

  @Get('substitutions/free-teachers')
  @RequirePermission('timetable.manage')
  @ApiOperation({ summary: 'Teachers free in a period of a date (no lesson, not substituting, not absent), the lightest day first' })
  @ApiData(FreeTeachersResponse)
  free(@Workspace() ctx: WorkspaceContext, @Query() q: FreeTeachersQueryDto): Promise<FreeTeachersResult> {
    return this.substitutions.freeTeachers(ctx, q.date, q.period);
  }

  @Get('substitutions/absent-periods')
  @RequirePermission('timetable.manage')
  @ApiOperation({ summary: 'An absent teacher’s lessons on a date, with the substitutes already chosen' })
  @ApiData(AbsentPeriodsResponse)
  absentPeriods(@Workspace() ctx: WorkspaceContext, @Query() q: AbsentPeriodsQueryDto): Promise<AbsentPeriodsResult> {
    return this.substitutions.absentPeriods(ctx, q.date, q.staffId);
  }

  @Post('substitutions')
  @RequirePermission('timetable.manage')
  @ApiOperation({ summary: 'A teacher absent on a date: a substitute for each of their periods, e-mailed; 409 SUBSTITUTE_NOT_FREE' })
  @ApiData(SubstitutionsResponse, 201)
  create(@Workspace() ctx: WorkspaceContext, @Body() dto: CreateSubstitutionsDto): Promise<SubstitutionsResult> {
    return this.substitutions.create(ctx, dto);
  }

  @Delete('substitutions/:substitutionId')
  @RequirePermission('timetable.manage')
  @ApiOperation({ summary: 'Cancel a substitution' })
  @ApiData(SubstitutionDeletedResponse)
  remove(@Workspace() ctx: WorkspaceContext, @Param() p: SubstitutionParamDto): Promise<{ deleted: true }> {
    return this.substitutions.remove(ctx, p.substitutionId);
  }
}
