import { Body, Controller, Get, Param, Put, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type {
  AttendanceDayResult,
  AttendanceRegisterResult,
  AttendanceSettingsResult,
  AttendanceToday,
  BelowThresholdResult,
  StudentAttendanceResult,
} from '@vidyalaya/shared/attendance';
import type { FastifyReply } from 'fastify';
import { ApiData } from '../../common/openapi';
import { RequirePermission, SchoolScoped, Workspace } from '../../common/workspace/workspace.decorators';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import { AsOfQueryDto, AttendanceDayParamDto, AttendanceSettingsDto, MonthQueryDto, PutAttendanceDto, SectionParamDto, StudentParamDto } from './attendance.dto';
import {
  ApiFile,
  AttendanceDayResponse,
  AttendanceRegisterResponse,
  AttendanceSettingsResponse,
  AttendanceTodayResponse,
  BelowThresholdResponse,
  StudentAttendanceResponse,
} from './attendance.responses';
import { AttendanceService } from './attendance.service';
import { registerPdf, registerXlsx } from './register-files';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function download(reply: FastifyReply, body: Buffer, type: string, filename: string, inline = false): Buffer {
  reply
    .header('Content-Type', type)
    .header('Content-Disposition', `${inline ? 'inline' : 'attachment'}; filename="${filename}"`)
    .header('Cache-Control', 'no-store');
  return body;
}

@ApiTags('Workspace: attendance')
@SchoolScoped()
@Controller('schools/:schoolId')
export class AttendanceController {
  constructor(private readonly attendance: AttendanceService) {}

  @Put('sections/:sectionId/attendance/:date')
  @RequirePermission('attendance.mark')
  @ApiOperation({
    summary:
      'Mark a section’s day: replaces that day’s marks and logs every change (who, when). 422 on a future date or a holiday (named); a teacher marks only their sections (403); `basedOn` (the markedAt seen) answers 409 ATTENDANCE_CONFLICT when stale',
  })
  @ApiData(AttendanceDayResponse)
  mark(@Workspace() ctx: WorkspaceContext, @Param() p: AttendanceDayParamDto, @Body() dto: PutAttendanceDto): Promise<AttendanceDayResult> {
    return this.attendance.mark(ctx, p.sectionId, p.date, dto);
  }

  @Get('sections/:sectionId/attendance/:date')
  @RequirePermission('attendance.read')
  @ApiOperation({ summary: 'A section’s day: every student with their mark, who marked it and when, and the edit history' })
  @ApiData(AttendanceDayResponse)
  day(@Workspace() ctx: WorkspaceContext, @Param() p: AttendanceDayParamDto): Promise<AttendanceDayResult> {
    return this.attendance.getDay(ctx, p.sectionId, p.date);
  }

  @Get('sections/:sectionId/attendance')
  @RequirePermission('attendance.read')
  @ApiOperation({ summary: 'The month register (?month=YYYY-MM): students × working days, totals and percentage = (P + L + ½ H) ÷ working days' })
  @ApiData(AttendanceRegisterResponse)
  register(@Workspace() ctx: WorkspaceContext, @Param() p: SectionParamDto, @Query() q: MonthQueryDto): Promise<AttendanceRegisterResult> {
    return this.attendance.register(ctx, p.sectionId, q.month);
  }

  @Get('sections/:sectionId/attendance-register/pdf')
  @RequirePermission('attendance.read')
  @ApiOperation({ summary: 'The month register as a landscape PDF in the paper layout (?month=YYYY-MM)' })
  @ApiFile('The register (PDF)', 'application/pdf')
  async registerPdf(
    @Workspace() ctx: WorkspaceContext,
    @Param() p: SectionParamDto,
    @Query() q: MonthQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const { register } = await this.attendance.register(ctx, p.sectionId, q.month);
    const pdf = await registerPdf(register, await this.attendance.schoolName());
    return download(reply, pdf, 'application/pdf', `attendance-${register.className}-${register.sectionName}-${q.month}.pdf`.replace(/[^\w.-]+/g, '-'), true);
  }

  @Get('sections/:sectionId/attendance-register/xlsx')
  @RequirePermission('attendance.read')
  @ApiOperation({ summary: 'The month register as an Excel workbook (?month=YYYY-MM)' })
  @ApiFile('The register (XLSX)', XLSX_TYPE)
  async registerXlsx(
    @Workspace() ctx: WorkspaceContext,
    @Param() p: SectionParamDto,
    @Query() q: MonthQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const { register } = await this.attendance.register(ctx, p.sectionId, q.month);
    const xlsx = await registerXlsx(register, await this.attendance.schoolName());
    return download(reply, xlsx, XLSX_TYPE, `attendance-${register.className}-${register.sectionName}-${q.month}.xlsx`.replace(/[^\w.-]+/g, '-'));
  }

  @Get('attendance/today')
  @RequirePermission('attendance.read')
  @ApiOperation({ summary: 'Today (IST): every section of the year, marked or not, with its present and absent numbers' })
  @ApiData(AttendanceTodayResponse)
  today(@Workspace() ctx: WorkspaceContext): Promise<AttendanceToday> {
    return this.attendance.todayOverview(ctx);
  }

  @Get('attendance/below-threshold')
  @RequirePermission('attendance.read')
  @ApiOperation({ summary: 'The 75 % early-warning list (?asOf=YYYY-MM-DD): students below or heading below it; classes 10 and 12 with the 1 January figure' })
  @ApiData(BelowThresholdResponse)
  below(@Workspace() ctx: WorkspaceContext, @Query() q: AsOfQueryDto): Promise<BelowThresholdResult> {
    return this.attendance.belowThreshold(ctx, q.asOf);
  }

  @Get('attendance/settings')
  @RequirePermission('attendance.read')
  @ApiOperation({ summary: 'Whether absence e-mails go to guardians (on unless the school opted out)' })
  @ApiData(AttendanceSettingsResponse)
  settings(): Promise<AttendanceSettingsResult> {
    return this.attendance.settings();
  }

  @Put('attendance/settings')
  @RequirePermission('attendance.manage')
  @ApiOperation({ summary: 'Turn absence e-mails to guardians on or off for the school' })
  @ApiData(AttendanceSettingsResponse)
  putSettings(@Workspace() ctx: WorkspaceContext, @Body() dto: AttendanceSettingsDto): Promise<AttendanceSettingsResult> {
    return this.attendance.putSettings(ctx, dto);
  }

  @Get('students/:studentId/attendance')
  @RequirePermission('attendance.read')
  @ApiOperation({ summary: 'A student’s attendance this academic year (?asOf=): running percentage and each month’s days' })
  @ApiData(StudentAttendanceResponse)
  student(@Workspace() ctx: WorkspaceContext, @Param() p: StudentParamDto, @Query() q: AsOfQueryDto): Promise<StudentAttendanceResult> {
    return this.attendance.student(ctx, p.studentId, q.asOf);
  }
}
