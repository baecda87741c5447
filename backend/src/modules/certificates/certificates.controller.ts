import { Body, Controller, Get, HttpCode, Ip, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { BulkTransferResult, CertificateList, CertificateResult, CertificateSettingsResult, LeaverList, PublicCertificate, PublicTcList } from '@vidyalaya/shared/certificates';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/auth/decorators';
import { ApiData } from '../../common/openapi';
import { RequirePermission, SchoolScoped, Workspace } from '../../common/workspace/workspace.decorators';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import {
  BulkTransferDto,
  CancelCertificateDto,
  CertificateParamDto,
  CertificatePdfQueryDto,
  CertificateSettingsDto,
  IssueCertificateDto,
  LeaversQueryDto,
  ListCertificatesQueryDto,
  PublicTcListParamDto,
  PublicTcListQueryDto,
  SectionParamDto,
  StudentParamDto,
  VerifyCodeParamDto,
} from './certificates.dto';
import {
  BulkTransferResponse,
  CertificateListResponse,
  CertificateResponse,
  CertificateSettingsResponse,
  LeaverListResponse,
  PublicCertificateResponse,
  PublicTcListResponse,
} from './certificates.responses';
import { CertificatesService } from './certificates.service';
import { certificatesWorkbook } from './register-xlsx';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PDF = { status: 200, content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } };
const fileName = (s: string) => s.replace(/[^A-Za-z0-9-]+/g, '-');

/** Certificates and ID cards (DECISIONS "Certificates"): admin and office. */
@ApiTags('Workspace: certificates')
@SchoolScoped()
@Controller('schools/:schoolId')
export class CertificatesController {
  constructor(private readonly certificates: CertificatesService) {}

  @Post('students/:studentId/certificates')
  @RequirePermission('certificates.issue')
  @ApiOperation({
    summary:
      'Issue {kind:"transfer"|"bonafide"|"character", purpose? (bonafide), fields?, overrideDues?, reason?}: a gap-free number per kind and academic year; a TC needs the student left or passed out (422 STUDENT_NOT_LEFT) and no unpaid dues (422 DUES_OUTSTANDING; an admin may override with a reason), one live TC per student (409 CERTIFICATE_EXISTS)',
  })
  @ApiData(CertificateResponse, 201)
  issue(@Workspace() ctx: WorkspaceContext, @Param() p: StudentParamDto, @Body() dto: IssueCertificateDto): Promise<CertificateResult> {
    return this.certificates.issue(ctx, p.studentId, dto);
  }

  @Get('certificates')
  @RequirePermission('certificates.issue')
  @ApiOperation({ summary: 'The register: ?kind=&academicYear=&status=&studentId=; &format=xlsx answers a workbook' })
  @ApiData(CertificateListResponse)
  async list(@Workspace() ctx: WorkspaceContext, @Query() q: ListCertificatesQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<CertificateList | Buffer> {
    if (q.format !== 'xlsx') return this.certificates.list(ctx, q);
    const all = await this.certificates.list(ctx, { ...q, page: 1, pageSize: 100_000 });
    reply
      .header('Content-Type', XLSX_TYPE)
      .header('Content-Disposition', `attachment; filename="certificates${q.academicYear ? `-${q.academicYear}` : ''}.xlsx"`)
      .header('Cache-Control', 'no-store');
    return certificatesWorkbook(all.items);
  }

  @Get('certificates/leavers')
  @RequirePermission('certificates.issue')
  @ApiOperation({ summary: 'A class’s leavers (?classId=): its students who left or passed out, with their unpaid dues (paise) and live TC, for issuing TCs in bulk' })
  @ApiData(LeaverListResponse)
  leavers(@Workspace() ctx: WorkspaceContext, @Query() q: LeaversQueryDto): Promise<LeaverList> {
    return this.certificates.leavers(ctx, q.classId);
  }

  @Post('certificates/transfer/bulk')
  @HttpCode(200)
  @RequirePermission('certificates.issue')
  @ApiOperation({
    summary:
      'Issue TCs in bulk {classId, studentIds?, fields?}: one for each of the class’s leavers (or those named) without a live TC, each in its own transaction with the next gap-free number; a child with dues is skipped (no override in bulk) → {issued, skipped:[{studentId, name, code, message}]}',
  })
  @ApiData(BulkTransferResponse)
  bulk(@Workspace() ctx: WorkspaceContext, @Body() dto: BulkTransferDto): Promise<BulkTransferResult> {
    return this.certificates.bulkTransfer(ctx, dto);
  }

  @Get('certificates/settings')
  @RequirePermission('certificates.issue')
  @ApiOperation({ summary: 'The school’s certificate settings {publishTcList}' })
  @ApiData(CertificateSettingsResponse)
  settings(): Promise<CertificateSettingsResult> {
    return this.certificates.settings();
  }

  @Put('certificates/settings')
  @RequirePermission('certificates.issue')
  @ApiOperation({ summary: 'Publish the TC list on the school’s portal page or not {publishTcList} (admin only; audited)' })
  @ApiData(CertificateSettingsResponse)
  saveSettings(@Workspace() ctx: WorkspaceContext, @Body() dto: CertificateSettingsDto): Promise<CertificateSettingsResult> {
    return this.certificates.saveSettings(ctx, dto);
  }

  @Get('certificates/:certificateId')
  @RequirePermission('certificates.issue')
  @ApiOperation({ summary: 'One certificate' })
  @ApiData(CertificateResponse)
  get(@Workspace() ctx: WorkspaceContext, @Param() p: CertificateParamDto): Promise<CertificateResult> {
    return this.certificates.get(ctx, p.certificateId);
  }

  @Get('certificates/:certificateId/pdf')
  @RequirePermission('certificates.issue')
  @ApiOperation({ summary: 'The certificate as an A4 PDF (?lang=en|hi); every print after the first is marked DUPLICATE' })
  @ApiProduces('application/pdf')
  @ApiResponse({ ...PDF, description: 'The certificate' })
  async pdf(@Workspace() ctx: WorkspaceContext, @Param() p: CertificateParamDto, @Query() q: CertificatePdfQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    const { pdf, number } = await this.certificates.pdf(ctx, p.certificateId, q.lang ?? 'en');
    reply.header('Content-Type', 'application/pdf').header('Content-Disposition', `inline; filename="${fileName(number)}.pdf"`).header('Cache-Control', 'no-store');
    return pdf;
  }

  @Post('certificates/:certificateId/cancel')
  @HttpCode(200)
  @RequirePermission('certificates.issue')
  @ApiOperation({ summary: 'Cancel {reason}: the number is kept; a corrected certificate issued next refers to it' })
  @ApiData(CertificateResponse)
  cancel(@Workspace() ctx: WorkspaceContext, @Param() p: CertificateParamDto, @Body() dto: CancelCertificateDto): Promise<CertificateResult> {
    return this.certificates.cancel(ctx, p.certificateId, dto);
  }

  @Get('sections/:sectionId/id-cards')
  @RequirePermission('certificates.issue')
  @ApiOperation({ summary: 'The section’s ID cards: CR80 cards on A4 with cut marks (photo, name, class, admission number, blood group, guardian phone, APAAR ID, QR of the admission number)' })
  @ApiProduces('application/pdf')
  @ApiResponse({ ...PDF, description: 'The ID cards' })
  async idCards(@Workspace() ctx: WorkspaceContext, @Param() p: SectionParamDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    const { pdf, name } = await this.certificates.idCards(ctx, p.sectionId);
    reply.header('Content-Type', 'application/pdf').header('Content-Disposition', `inline; filename="id-cards-${name}.pdf"`).header('Cache-Control', 'no-store');
    return pdf;
  }
}

/** The public check of a certificate's QR code (no sign-in; rate-limited). */
@ApiTags('Public')
@Public()
@Controller('public/certificates')
export class PublicCertificatesController {
  constructor(private readonly certificates: CertificatesService) {}

  @Get(':verifyCode')
  @ApiOperation({ summary: 'What a certificate says about itself: {kind, number, schoolName, studentName (surname as an initial), issuedOn, status}; unknown or malformed → 404' })
  @ApiData(PublicCertificateResponse)
  verify(@Param() p: VerifyCodeParamDto, @Ip() ip: string): Promise<PublicCertificate> {
    return this.certificates.verify(p.verifyCode, ip);
  }
}

/** The school's published TC list on its portal page (no sign-in; only when the school turns it on). */
@ApiTags('Public')
@Public()
@Controller('public/schools')
export class PublicTransferListController {
  constructor(private readonly certificates: CertificatesService) {}

  @Get(':subdomain/transfer-certificates')
  @ApiOperation({ summary: 'The school’s transfer certificates of a year (?academicYear=, default the newest): number, the name as initials, class, date, status; 404 unless the school publishes its list' })
  @ApiData(PublicTcListResponse)
  list(@Param() p: PublicTcListParamDto, @Query() q: PublicTcListQueryDto, @Ip() ip: string): Promise<PublicTcList> {
    return this.certificates.publicTransferList(p.subdomain, q.academicYear, ip);
  }
}
