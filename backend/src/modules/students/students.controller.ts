import { Body, Controller, Delete, Get, HttpCode, Ip, Param, Patch, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { roleHas } from '@vidyalaya/shared';
import {
  STUDENT_PHOTO_MAX_BYTES,
  STUDENT_PHOTO_TYPES,
  type AadhaarReveal,
  type AdmissionNumberingResult,
  type AdmitResult,
  type ApplicationList,
  type ApplicationReceipt,
  type ApplicationResult,
  type EnrolmentHistory,
  type ImportResult,
  type StudentList,
  type StudentResult,
  type SchoolFrontDoorResult,
  type StudentSectionList,
} from '@vidyalaya/shared/students';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from '../../common/auth/access-tokens';
import { CurrentUser, Public, Roles } from '../../common/auth/decorators';
import { DomainException } from '../../common/domain.exception';
import { readUpload } from '../../common/http/upload';
import { ApiData } from '../../common/openapi';
import { RequirePermission, SchoolScoped, Workspace } from '../../common/workspace/workspace.decorators';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import { AdmissionsService } from './admissions.service';
import { SchoolLimitService } from './school-limit.service';
import { StudentImportService } from './student-import.service';
import {
  AdmissionNumberingDto,
  AdmitApplicationDto,
  ApplicationParamDto,
  CreateApplicationDto,
  CreateStudentDto,
  ExportQueryDto,
  ImportQueryDto,
  ListApplicationsQueryDto,
  ListStudentsQueryDto,
  ReadmitStudentDto,
  RejectApplicationDto,
  ReviewApplicationDto,
  SchoolIdDto,
  StudentParamDto,
  SubdomainParamDto,
  TemplateQueryDto,
  UpdateSchoolLimitDto,
  UpdateStudentDto,
} from './students.dto';
import {
  AadhaarRevealResponse,
  AdmissionNumberingResponse,
  AdmitResponse,
  ApiFile,
  ApplicationListResponse,
  ApplicationReceiptResponse,
  ApplicationResponse,
  EnrolmentHistoryResponse,
  ImportResultResponse,
  SchoolLimitResponse,
  StudentListResponse,
  SchoolFrontDoorResponse,
  StudentResponse,
  StudentSectionListResponse,
} from './students.responses';
import { StudentsService } from './students.service';
import { UdiseExportService } from './udise-export.service';

/** The largest import file (a few thousand rows fit in well under this). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The one file of a multipart request (field `file`): over `maxBytes` 413, every time (common/http/upload.ts); `invalid` otherwise. */
const uploadedFile = readUpload;

function download(reply: FastifyReply, body: Buffer, type: string, filename: string): Buffer {
  reply.header('Content-Type', type).header('Content-Disposition', `attachment; filename="${filename}"`).header('Cache-Control', 'no-store');
  return body;
}

@ApiTags('Workspace: students')
@SchoolScoped()
@Controller('schools/:schoolId')
export class StudentsController {
  constructor(
    private readonly students: StudentsService,
    private readonly imports: StudentImportService,
    private readonly udise: UdiseExportService,
    private readonly admissions: AdmissionsService,
  ) {}

  @Get('students')
  @RequirePermission('students.read')
  @ApiOperation({ summary: 'The register: search (name, admission number, guardian phone), filters, sorting, paging' })
  @ApiData(StudentListResponse)
  list(@Workspace() ctx: WorkspaceContext, @Query() q: ListStudentsQueryDto): Promise<StudentList> {
    return this.students.list(ctx, q);
  }

  @Post('students')
  @RequirePermission('students.write')
  @ApiOperation({ summary: 'Admit a student; 422 STUDENT_LIMIT_REACHED past the school’s limit' })
  @ApiData(StudentResponse, 201)
  create(@Workspace() ctx: WorkspaceContext, @Body() dto: CreateStudentDto): Promise<StudentResult> {
    return this.students.create(ctx, dto);
  }

  @Get('students/import/template')
  @RequirePermission('students.import')
  @ApiOperation({ summary: 'The import template (CSV or XLSX) with the contract’s header row' })
  @ApiFile('The template file', 'text/csv', XLSX_TYPE)
  async template(@Query() q: TemplateQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    const body = await this.imports.template(q.format);
    return q.format === 'csv' ? download(reply, body, 'text/csv; charset=utf-8', 'students-template.csv') : download(reply, body, XLSX_TYPE, 'students-template.xlsx');
  }

  @Post('students/import')
  @HttpCode(200)
  @RequirePermission('students.import')
  @ApiOperation({ summary: 'Import students from a CSV or XLSX file (multipart field `file`); all or nothing; ?dryRun=true validates only' })
  @ApiData(ImportResultResponse)
  async import(@Workspace() ctx: WorkspaceContext, @Query() q: ImportQueryDto, @Req() req: FastifyRequest): Promise<ImportResult> {
    const { bytes: file, filename } = await uploadedFile(req, IMPORT_MAX_BYTES, 'IMPORT_FILE_INVALID');
    return this.imports.import(ctx, file, filename, q.dryRun !== 'false');
  }

  @Get('students/udise-export')
  @RequirePermission('students.write')
  @ApiOperation({ summary: 'UDISE+ bulk-upload XLSX of the active students, rows missing required fields first; ?aadhaar=full (admin, audited)' })
  @ApiFile('The UDISE+ workbook', XLSX_TYPE)
  async udiseExport(@Workspace() ctx: WorkspaceContext, @Query() q: ExportQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    const full = q.aadhaar === 'full';
    if (full && !roleHas(ctx.role, 'students.revealAadhaar')) throw new DomainException('FORBIDDEN');
    return download(reply, await this.udise.export(ctx, full), XLSX_TYPE, 'udise-students.xlsx');
  }

  @Get('students/sections')
  @RequirePermission('students.read')
  @ApiOperation({ summary: 'The current year’s classes and sections, in class order (the register’s filters, the forms’ choices)' })
  @ApiData(StudentSectionListResponse)
  sections(): Promise<StudentSectionList> {
    return this.students.sections();
  }

  @Get('students/admission-numbering')
  @RequirePermission('students.read')
  @ApiOperation({ summary: 'The school’s admission number pattern: prefix, digits, next number' })
  @ApiData(AdmissionNumberingResponse)
  numbering(): Promise<AdmissionNumberingResult> {
    return this.students.numbering();
  }

  @Put('students/admission-numbering')
  @RequirePermission('students.write')
  @ApiOperation({ summary: 'Set the admission number pattern (e.g. prefix "2026/", 4 digits, next 1)' })
  @ApiData(AdmissionNumberingResponse)
  setNumbering(@Workspace() ctx: WorkspaceContext, @Body() dto: AdmissionNumberingDto): Promise<AdmissionNumberingResult> {
    return this.students.setNumbering(ctx, dto);
  }

  @Get('students/:studentId')
  @RequirePermission('students.read')
  @ApiOperation({ summary: 'One student (Aadhaar masked)' })
  @ApiData(StudentResponse)
  get(@Workspace() ctx: WorkspaceContext, @Param() p: StudentParamDto): Promise<StudentResult> {
    return this.students.get(ctx, p.studentId);
  }

  @Patch('students/:studentId')
  @RequirePermission('students.write')
  @ApiOperation({ summary: 'Edit a student; leaving is {status:"left", leftOn, leavingReason}' })
  @ApiData(StudentResponse)
  update(@Workspace() ctx: WorkspaceContext, @Param() p: StudentParamDto, @Body() dto: UpdateStudentDto): Promise<StudentResult> {
    return this.students.update(ctx, p.studentId, dto);
  }

  @Post('students/:studentId/readmit')
  @HttpCode(200)
  @RequirePermission('students.write')
  @ApiOperation({ summary: 'Re-admit a student who left or passed out {sectionId, rollNumber?}: the same admission number and history, enrolled in that section’s year' })
  @ApiData(StudentResponse)
  readmit(@Workspace() ctx: WorkspaceContext, @Param() p: StudentParamDto, @Body() dto: ReadmitStudentDto): Promise<StudentResult> {
    return this.students.readmit(ctx, p.studentId, dto);
  }

  @Get('students/:studentId/enrolments')
  @RequirePermission('students.read')
  @ApiOperation({ summary: 'The student’s enrolment history, newest year first' })
  @ApiData(EnrolmentHistoryResponse)
  enrolments(@Workspace() ctx: WorkspaceContext, @Param() p: StudentParamDto): Promise<EnrolmentHistory> {
    return this.students.enrolments(ctx, p.studentId);
  }

  @Put('students/:studentId/photo')
  @RequirePermission('students.write')
  @ApiOperation({ summary: 'Set the student’s photo (multipart field `file`: JPEG, PNG or WebP, at most 512 KB)' })
  @ApiData(StudentResponse)
  async setPhoto(@Workspace() ctx: WorkspaceContext, @Param() p: StudentParamDto, @Req() req: FastifyRequest): Promise<StudentResult> {
    const { bytes } = await uploadedFile(req, STUDENT_PHOTO_MAX_BYTES, 'PHOTO_INVALID');
    return this.students.setPhoto(ctx, p.studentId, bytes);
  }

  @Get('students/:studentId/photo')
  @RequirePermission('students.read')
  @ApiOperation({ summary: 'The student’s photo (404 when none)' })
  @ApiFile('The photo', ...STUDENT_PHOTO_TYPES)
  async photo(@Workspace() ctx: WorkspaceContext, @Param() p: StudentParamDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    const { contentType, bytes } = await this.students.photo(ctx, p.studentId);
    reply.header('Content-Type', contentType).header('Cache-Control', 'private, no-store').header('X-Content-Type-Options', 'nosniff');
    return bytes;
  }

  @Delete('students/:studentId/photo')
  @RequirePermission('students.write')
  @ApiOperation({ summary: 'Remove the student’s photo' })
  @ApiData(StudentResponse)
  removePhoto(@Workspace() ctx: WorkspaceContext, @Param() p: StudentParamDto): Promise<StudentResult> {
    return this.students.removePhoto(ctx, p.studentId);
  }

  @Post('students/:studentId/aadhaar/reveal')
  @HttpCode(200)
  @RequirePermission('students.revealAadhaar')
  @ApiOperation({ summary: 'The full Aadhaar number (admin only; written to the audit log)' })
  @ApiData(AadhaarRevealResponse)
  reveal(@Workspace() ctx: WorkspaceContext, @Param() p: StudentParamDto): Promise<AadhaarReveal> {
    return this.students.revealAadhaar(ctx, p.studentId);
  }

  // ── admissions ──────────────────────────────────────────────────────────
  @Get('applications')
  @RequirePermission('admissions.manage')
  @ApiOperation({ summary: 'The admissions queue (status: new, under_review, admitted, rejected or all)' })
  @ApiData(ApplicationListResponse)
  applications(@Workspace() ctx: WorkspaceContext, @Query() q: ListApplicationsQueryDto): Promise<ApplicationList> {
    return this.admissions.list(ctx, q.status ?? 'all', q.page, q.pageSize);
  }

  @Get('applications/:applicationId')
  @RequirePermission('admissions.manage')
  @ApiOperation({ summary: 'One application with its recorded consent' })
  @ApiData(ApplicationResponse)
  application(@Workspace() ctx: WorkspaceContext, @Param() p: ApplicationParamDto): Promise<ApplicationResult> {
    return this.admissions.get(ctx, p.applicationId);
  }

  @Patch('applications/:applicationId')
  @RequirePermission('admissions.manage')
  @ApiOperation({ summary: 'Mark an application under review: {status:"under_review"}' })
  @ApiData(ApplicationResponse)
  review(@Workspace() ctx: WorkspaceContext, @Param() p: ApplicationParamDto, @Body() _dto: ReviewApplicationDto): Promise<ApplicationResult> {
    return this.admissions.review(ctx, p.applicationId);
  }

  @Post('applications/:applicationId/admit')
  @HttpCode(200)
  @RequirePermission('admissions.manage')
  @ApiOperation({ summary: 'Admit into a section: makes the student (the trial limit applies); e-mails the guardian' })
  @ApiData(AdmitResponse)
  admit(@Workspace() ctx: WorkspaceContext, @Param() p: ApplicationParamDto, @Body() dto: AdmitApplicationDto): Promise<AdmitResult> {
    return this.admissions.admit(ctx, p.applicationId, dto);
  }

  @Post('applications/:applicationId/reject')
  @HttpCode(200)
  @RequirePermission('admissions.manage')
  @ApiOperation({ summary: 'Reject with a reason; e-mails the guardian' })
  @ApiData(ApplicationResponse)
  reject(@Workspace() ctx: WorkspaceContext, @Param() p: ApplicationParamDto, @Body() dto: RejectApplicationDto): Promise<ApplicationResult> {
    return this.admissions.reject(ctx, p.applicationId, dto.reason);
  }
}

/** The public application form's call (on the school's portal host). */
@ApiTags('Public')
@Public()
@Controller('public/schools')
export class PublicApplicationsController {
  constructor(private readonly admissions: AdmissionsService) {}

  @Get(':subdomain/front-door')
  @ApiOperation({ summary: 'The school’s public page: contact details, address, principal, board and affiliation (active schools only)' })
  @ApiData(SchoolFrontDoorResponse)
  frontDoor(@Param() p: SubdomainParamDto): Promise<SchoolFrontDoorResult> {
    return this.admissions.frontDoor(p.subdomain);
  }

  @Post(':subdomain/applications')
  @ApiOperation({ summary: 'Apply for admission (active schools only; rate-limited; consent:true required) → {applicationNumber}' })
  @ApiData(ApplicationReceiptResponse, 201)
  apply(@Param() p: SubdomainParamDto, @Body() dto: CreateApplicationDto, @Ip() ip: string): Promise<ApplicationReceipt> {
    return this.admissions.apply(p.subdomain, dto, ip);
  }
}

/** Provider staff: a school's student limit, until paid plans open (recorded as a decision). */
@ApiTags('Staff: school approval')
@ApiBearerAuth()
@Roles('staff')
@Controller('admin/schools')
export class SchoolLimitController {
  constructor(private readonly limits: SchoolLimitService) {}

  @Patch(':id')
  @ApiOperation({ summary: 'Set a school’s maxStudents (recorded as a student_limit decision)' })
  @ApiData(SchoolLimitResponse)
  update(@CurrentUser() staff: AuthUser, @Param() p: SchoolIdDto, @Body() dto: UpdateSchoolLimitDto): Promise<{ school: { id: string; maxStudents: number; activeStudents: number } }> {
    return this.limits.set(staff, p.id, dto.maxStudents);
  }
}
