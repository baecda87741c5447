import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Page } from '@vidyalaya/shared';
import type {
  CollectionReport,
  Concession,
  ConcessionResult,
  DayBook,
  DefaulterList,
  FeeClassList,
  FeeHead,
  FeeHeadResult,
  FeeSettings,
  FeeStructure,
  FeeStructureResult,
  ReceiptList,
  ReceiptResult,
  StudentFees,
  UpiQr,
} from '@vidyalaya/shared/fees';
import type { FastifyReply } from 'fastify';
import { ApiData } from '../../common/openapi';
import { RequirePermission, SchoolScoped, Workspace } from '../../common/workspace/workspace.decorators';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import {
  CancelReceiptDto,
  ConcessionParamDto,
  CollectionQueryDto,
  CreateConcessionDto,
  CreateFeeHeadDto,
  CreateFeeStructureDto,
  CreatePaymentDto,
  DayBookQueryDto,
  DefaultersQueryDto,
  FeeSettingsDto,
  ListFeeStructuresQueryDto,
  ListReceiptsQueryDto,
  PutLateFeeDto,
  ReceiptParamDto,
  ReceiptPdfQueryDto,
  StructureParamDto,
  StudentFeesQueryDto,
  StudentParamDto,
  StudentReceiptsQueryDto,
  UpiQrQueryDto,
  UpdateFeeStructureDto,
} from './fees.dto';
import {
  CollectionResponse,
  ConcessionListResponse,
  ConcessionRemovedResponse,
  ConcessionResponse,
  DayBookResponse,
  DefaulterListResponse,
  FeeClassListResponse,
  FeeHeadListResponse,
  FeeHeadResponse,
  FeeSettingsResponse,
  FeeStructureListResponse,
  FeeStructureResponse,
  ReceiptListResponse,
  ReceiptResponse,
  StudentFeesResponse,
  UpiQrResponse,
} from './fees.responses';
import { dayBookWorkbook } from './day-book-xlsx';
import { defaultersWorkbook } from './defaulters-xlsx';
import { FeeReportsService } from './fee-reports.service';
import { FeeSetupService } from './fee-setup.service';
import { FeesService } from './fees.service';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Fees and receipts (DECISIONS "Fees"). Set-up and reports: admin and accountant; dues and receipts: also a guardian, for their own children. */
@ApiTags('Workspace: fees')
@SchoolScoped()
@Controller('schools/:schoolId')
export class FeesController {
  constructor(
    private readonly fees: FeesService,
    private readonly setup: FeeSetupService,
    private readonly reports: FeeReportsService,
  ) {}

  // ── set-up ───────────────────────────────────────────────────────────
  @Get('fee-heads')
  @RequirePermission('fees.collect')
  @ApiOperation({ summary: 'The school’s fee heads (tuition, admission, transport, …)' })
  @ApiData(FeeHeadListResponse)
  heads(): Promise<Page<FeeHead>> {
    return this.setup.listHeads();
  }

  @Post('fee-heads')
  @RequirePermission('fees.manage')
  @ApiOperation({ summary: 'Add a fee head {name, tuition}; tuition heads print on the Section 80C line and are waived for RTE students' })
  @ApiData(FeeHeadResponse, 201)
  createHead(@Workspace() ctx: WorkspaceContext, @Body() dto: CreateFeeHeadDto): Promise<FeeHeadResult> {
    return this.setup.createHead(ctx, dto);
  }

  @Get('fees/classes')
  @RequirePermission('fees.collect')
  @ApiOperation({ summary: 'The school’s classes, each with its fee structure’s id (or null)' })
  @ApiData(FeeClassListResponse)
  classes(): Promise<FeeClassList> {
    return this.setup.classes();
  }

  @Get('fee-structures')
  @RequirePermission('fees.collect')
  @ApiOperation({ summary: 'Fee structures, by class and academic year' })
  @ApiData(FeeStructureListResponse)
  structures(@Query() q: ListFeeStructuresQueryDto): Promise<Page<FeeStructure>> {
    return this.setup.listStructures(q);
  }

  @Post('fee-structures')
  @RequirePermission('fees.manage')
  @ApiOperation({ summary: 'A class’s fee structure for its year: instalments with due dates and head amounts (paise), an optional late-fee rule' })
  @ApiData(FeeStructureResponse, 201)
  createStructure(@Workspace() ctx: WorkspaceContext, @Body() dto: CreateFeeStructureDto): Promise<FeeStructureResult> {
    return this.setup.createStructure(ctx, dto);
  }

  @Get('fee-structures/:structureId')
  @RequirePermission('fees.collect')
  @ApiOperation({ summary: 'One fee structure' })
  @ApiData(FeeStructureResponse)
  structure(@Workspace() ctx: WorkspaceContext, @Param() p: StructureParamDto): Promise<FeeStructureResult> {
    return this.setup.getStructure(ctx, p.structureId);
  }

  @Patch('fee-structures/:structureId')
  @RequirePermission('fees.manage')
  @ApiOperation({
    summary:
      'Edit a structure: {instalments:[{id?, name, dueOn, items}], lateFee?}; an instalment with id is edited in place, one without is new, one left out is removed; 409 FEE_STRUCTURE_PAID when a payment would lose its instalment or head, or a head would be less than what is paid on it',
  })
  @ApiData(FeeStructureResponse)
  updateStructure(@Workspace() ctx: WorkspaceContext, @Param() p: StructureParamDto, @Body() dto: UpdateFeeStructureDto): Promise<FeeStructureResult> {
    return this.setup.updateStructure(ctx, p.structureId, dto);
  }

  @Put('fee-structures/:structureId/late-fee')
  @RequirePermission('fees.manage')
  @ApiOperation({ summary: 'Set the late-fee rule {kind:"fixed"|"per_day", amount, graceDays, cap?} or {lateFee:null}' })
  @ApiData(FeeStructureResponse)
  setLateFee(@Workspace() ctx: WorkspaceContext, @Param() p: StructureParamDto, @Body() dto: PutLateFeeDto): Promise<FeeStructureResult> {
    return this.setup.setLateFee(ctx, p.structureId, dto);
  }

  @Get('fees/settings')
  @RequirePermission('fees.collect')
  @ApiOperation({ summary: 'The school’s UPI ID and payee name' })
  @ApiData(FeeSettingsResponse)
  settings(): Promise<{ settings: FeeSettings }> {
    return this.setup.getSettings();
  }

  @Put('fees/settings')
  @RequirePermission('fees.manage')
  @ApiOperation({ summary: 'Set the school’s UPI ID (e.g. school@bank) and payee name' })
  @ApiData(FeeSettingsResponse)
  putSettings(@Workspace() ctx: WorkspaceContext, @Body() dto: FeeSettingsDto): Promise<{ settings: FeeSettings }> {
    return this.setup.putSettings(ctx, dto);
  }

  // ── a student ────────────────────────────────────────────────────────
  @Get('students/:studentId/concessions')
  @RequirePermission('fees.collect')
  @ApiOperation({ summary: 'A student’s concessions (with the RTE tuition waiver when it applies by default)' })
  @ApiData(ConcessionListResponse)
  concessions(@Workspace() ctx: WorkspaceContext, @Param() p: StudentParamDto): Promise<Page<Concession>> {
    return this.fees.listConcessions(ctx, p.studentId);
  }

  @Post('students/:studentId/concessions')
  @RequirePermission('fees.manage')
  @ApiOperation({ summary: 'Grant a concession {kind, percent | amount, headIds?, note?}; the approver is the caller' })
  @ApiData(ConcessionResponse, 201)
  createConcession(@Workspace() ctx: WorkspaceContext, @Param() p: StudentParamDto, @Body() dto: CreateConcessionDto): Promise<ConcessionResult> {
    return this.fees.createConcession(ctx, p.studentId, dto);
  }

  @Delete('students/:studentId/concessions/:concessionId')
  @RequirePermission('fees.manage')
  @ApiOperation({ summary: 'Remove a student’s concession (the RTE waiver that applies by itself is not stored and cannot be removed)' })
  @ApiData(ConcessionRemovedResponse)
  removeConcession(@Workspace() ctx: WorkspaceContext, @Param() p: ConcessionParamDto): Promise<{ removed: true }> {
    return this.fees.removeConcession(ctx, p.studentId, p.concessionId);
  }

  @Get('students/:studentId/fees')
  @RequirePermission('fees.read')
  @ApiOperation({ summary: 'A student’s dues per instalment: amount, concession, lateFee, paid, balance (computed as of ?asOf=, default today)' })
  @ApiData(StudentFeesResponse)
  studentFees(@Workspace() ctx: WorkspaceContext, @Param() p: StudentParamDto, @Query() q: StudentFeesQueryDto): Promise<StudentFees> {
    return this.fees.studentFees(ctx, p.studentId, q.asOf, q.academicYear);
  }

  @Get('students/:studentId/fees/upi-qr')
  @RequirePermission('fees.read')
  @ApiOperation({ summary: 'A upi://pay link and QR for an instalment’s balance (or all that is due); 422 UPI_NOT_SET without a UPI ID' })
  @ApiData(UpiQrResponse)
  upiQr(@Workspace() ctx: WorkspaceContext, @Param() p: StudentParamDto, @Query() q: UpiQrQueryDto): Promise<UpiQr> {
    return this.fees.upiQr(ctx, p.studentId, q.instalmentId);
  }

  // ── payments and receipts ────────────────────────────────────────────
  @Post('payments')
  @RequirePermission('fees.collect')
  @ApiOperation({ summary: 'Take a payment: allocated to the oldest dues first (or instalmentIds); answers {receipt} with its gap-free number' })
  @ApiData(ReceiptResponse, 201)
  pay(@Workspace() ctx: WorkspaceContext, @Body() dto: CreatePaymentDto): Promise<ReceiptResult> {
    return this.fees.pay(ctx, dto);
  }

  @Get('receipts')
  @RequirePermission('fees.collect')
  @ApiOperation({ summary: 'Receipts, newest first; ?studentId=&from=&to=&status=' })
  @ApiData(ReceiptListResponse)
  receipts(@Workspace() ctx: WorkspaceContext, @Query() q: ListReceiptsQueryDto): Promise<ReceiptList> {
    return this.fees.listReceipts(ctx, q);
  }

  @Get('students/:studentId/receipts')
  @RequirePermission('fees.read')
  @ApiOperation({ summary: 'A student’s receipts, newest first: for whoever may read the student (a guardian: their own children’s)' })
  @ApiData(ReceiptListResponse)
  studentReceipts(@Workspace() ctx: WorkspaceContext, @Param() p: StudentParamDto, @Query() q: StudentReceiptsQueryDto): Promise<ReceiptList> {
    return this.fees.listReceipts(ctx, { studentId: p.studentId, page: q.page, pageSize: q.pageSize });
  }

  @Get('receipts/:receiptId')
  @RequirePermission('fees.read')
  @ApiOperation({ summary: 'One receipt' })
  @ApiData(ReceiptResponse)
  receipt(@Workspace() ctx: WorkspaceContext, @Param() p: ReceiptParamDto): Promise<ReceiptResult> {
    return this.fees.getReceipt(ctx, p.receiptId);
  }

  @Get('receipts/:receiptId/pdf')
  @RequirePermission('fees.read')
  @ApiOperation({ summary: 'The receipt PDF (?lang=en|hi); the school’s reprint is marked DUPLICATE (?copy=original|duplicate to choose); a guardian’s download is marked GUARDIAN’S COPY and is not counted as a print' })
  @ApiProduces('application/pdf')
  @ApiResponse({ status: 200, description: 'The receipt PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } })
  async receiptPdf(@Workspace() ctx: WorkspaceContext, @Param() p: ReceiptParamDto, @Query() q: ReceiptPdfQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    const { pdf, number } = await this.fees.receiptPdf(ctx, p.receiptId, q.copy, q.lang);
    reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `inline; filename="receipt-${number.replace(/\//g, '-')}.pdf"`)
      .header('Cache-Control', 'no-store');
    return pdf;
  }

  @Post('receipts/:receiptId/cancel')
  @HttpCode(200)
  @RequirePermission('fees.manage')
  @ApiOperation({ summary: 'Cancel a receipt {reason}: keeps its number, reverses its allocation' })
  @ApiData(ReceiptResponse)
  cancel(@Workspace() ctx: WorkspaceContext, @Param() p: ReceiptParamDto, @Body() dto: CancelReceiptDto): Promise<ReceiptResult> {
    return this.fees.cancelReceipt(ctx, p.receiptId, dto);
  }

  // ── reports ──────────────────────────────────────────────────────────
  @Get('fees/day-book')
  @RequirePermission('fees.collect')
  @ApiOperation({ summary: 'The day book of ?date= (default today): collections by mode, the receipts, cancellations, totals; &format=xlsx answers a workbook' })
  @ApiData(DayBookResponse)
  async dayBook(@Query() q: DayBookQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<DayBook | Buffer> {
    const book = await this.reports.dayBook(q.date);
    if (q.format !== 'xlsx') return book;
    reply.header('Content-Type', XLSX_TYPE).header('Content-Disposition', `attachment; filename="day-book-${book.date}.xlsx"`).header('Cache-Control', 'no-store');
    return dayBookWorkbook(book, await this.reports.schoolName());
  }

  @Get('fees/defaulters')
  @RequirePermission('fees.collect')
  @ApiOperation({ summary: 'Students with dues as of ?asOf= (default today), largest first; &format=xlsx answers a workbook' })
  @ApiData(DefaulterListResponse)
  async defaulters(@Workspace() ctx: WorkspaceContext, @Query() q: DefaultersQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<DefaulterList | Buffer> {
    const list = await this.reports.defaulters(ctx, q);
    if (q.format !== 'xlsx') return list;
    reply.header('Content-Type', XLSX_TYPE).header('Content-Disposition', `attachment; filename="defaulters-${list.asOf}.xlsx"`).header('Cache-Control', 'no-store');
    return defaultersWorkbook(list);
  }

  @Get('fees/collection')
  @RequirePermission('fees.collect')
  @ApiOperation({ summary: 'Collection by class, head and mode for ?from=&to= (active receipts)' })
  @ApiData(CollectionResponse)
  collection(@Query() q: CollectionQueryDto): Promise<CollectionReport> {
    return this.reports.collection(q.from, q.to);
  }
}
