import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { GatewaySettings, PayLinkResult, PaymentConfirmation, PaymentOrderList, PaymentOrderResult, Reconciliation, RefundResult, SettlementReport } from '@vidyalaya/shared/online-payments';
import type { FastifyReply } from 'fastify';
import { ApiData } from '../../common/openapi';
import { RequirePermission, SchoolScoped, Workspace } from '../../common/workspace/workspace.decorators';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import {
  ConfirmPaymentDto,
  CreatePaymentOrderDto,
  ListPaymentOrdersQueryDto,
  PaymentOrderParamDto,
  PutGatewayDto,
  ReceiptRefundParamDto,
  ReconciliationQueryDto,
  RefundReceiptDto,
  SettlementQueryDto,
  StudentPaymentParamDto,
} from './online-payments.dto';
import {
  GatewaySettingsResponse,
  PayLinkResponse,
  PaymentConfirmationResponse,
  PaymentOrderListResponse,
  PaymentOrderResponse,
  ReconciliationResponse,
  RefundResponse,
  SettlementReportResponse,
} from './online-payments.responses';
import { OnlinePaymentsService } from './online-payments.service';
import { reconciliationWorkbook } from './reconciliation-xlsx';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Online fee payment in the school's workspace (DECISIONS "Online fee payment"). */
@ApiTags('Online payments')
@SchoolScoped()
@Controller('schools/:schoolId')
export class OnlinePaymentsController {
  constructor(private readonly payments: OnlinePaymentsService) {}

  @Get('payments-gateway')
  @RequirePermission('payments.gateway')
  @ApiOperation({ summary: 'The school’s payment gateway: {provider, keyId, keySecretSet, webhookSecretSet, testMode}; secrets are never answered' })
  @ApiData(GatewaySettingsResponse)
  getGateway(): Promise<GatewaySettings> {
    return this.payments.getGateway();
  }

  @Put('payments-gateway')
  @RequirePermission('payments.gateway')
  @ApiOperation({ summary: 'Set the gateway {provider:"razorpay", keyId, keySecret, webhookSecret} (secrets write-only, encrypted) or turn it off {provider:"none"}' })
  @ApiData(GatewaySettingsResponse)
  putGateway(@Workspace() ctx: WorkspaceContext, @Body() dto: PutGatewayDto): Promise<GatewaySettings> {
    return this.payments.putGateway(ctx, dto);
  }

  @Post('students/:studentId/payment-orders')
  @RequirePermission('payments.pay')
  @ApiOperation({ summary: 'Open an online payment {instalmentIds}: the amount (balance and late fee now) is fixed by the server; answers {order} with the gateway’s order id and key' })
  @ApiData(PaymentOrderResponse, 201)
  createOrder(@Workspace() ctx: WorkspaceContext, @Param() p: StudentPaymentParamDto, @Body() dto: CreatePaymentOrderDto): Promise<PaymentOrderResult> {
    return this.payments.createOrder(ctx, p.studentId, dto);
  }

  @Get('payment-orders')
  @RequirePermission('fees.collect')
  @ApiOperation({ summary: 'Online payment orders, newest first; ?status=created|paid|failed&studentId=' })
  @ApiData(PaymentOrderListResponse)
  listOrders(@Workspace() ctx: WorkspaceContext, @Query() q: ListPaymentOrdersQueryDto): Promise<PaymentOrderList> {
    return this.payments.listOrders(ctx, q);
  }

  @Get('payment-orders/:orderId')
  @RequirePermission('payments.pay')
  @ApiOperation({ summary: 'One order (a guardian: their own children’s)' })
  @ApiData(PaymentOrderResponse)
  getOrder(@Workspace() ctx: WorkspaceContext, @Param() p: PaymentOrderParamDto): Promise<PaymentOrderResult> {
    return this.payments.getOrder(ctx, p.orderId);
  }

  @Post('payment-orders/:orderId/confirm')
  @HttpCode(200)
  @RequirePermission('payments.pay')
  @ApiOperation({ summary: 'The browser’s return from Checkout {gatewayPaymentId, signature}: records the payment once as an online receipt; a bad signature is 400 and records nothing' })
  @ApiData(PaymentConfirmationResponse)
  confirm(@Workspace() ctx: WorkspaceContext, @Param() p: PaymentOrderParamDto, @Body() dto: ConfirmPaymentDto): Promise<PaymentConfirmation> {
    return this.payments.confirm(ctx, p.orderId, dto);
  }

  @Get('online-payments/settlements')
  @RequirePermission('fees.manage')
  @ApiOperation({
    summary:
      'The gateway’s bank transfers made on ?from=&to= (school dates, default today, at most 31 days): each with its UTR, the school’s payments credited and refunds debited, the gateway’s fee and tax and the net, each line beside its receipt with issues (settled_without_receipt, amount_mismatch, refund_on_active_receipt)',
  })
  @ApiData(SettlementReportResponse)
  settlements(@Query() q: SettlementQueryDto): Promise<SettlementReport> {
    return this.payments.settlements(q);
  }

  @Get('online-payments/reconciliation')
  @RequirePermission('fees.manage')
  @ApiOperation({
    summary:
      'Online receipts of ?from=&to= (school dates, default today, at most 92 days) against the gateway’s payments: each line with the gateway payment id, amounts, statuses and issues (paid_without_receipt, receipt_without_capture, amount_mismatch); &format=xlsx answers a workbook',
  })
  @ApiData(ReconciliationResponse)
  async reconciliation(@Query() q: ReconciliationQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<Reconciliation | Buffer> {
    const report = await this.payments.reconciliation(q);
    if (q.format !== 'xlsx') return report;
    reply.header('Content-Type', XLSX_TYPE).header('Content-Disposition', `attachment; filename="online-reconciliation-${report.from}-to-${report.to}.xlsx"`).header('Cache-Control', 'no-store');
    return reconciliationWorkbook(report, (await this.payments.schoolName()) ?? '');
  }

  @Post('receipts/:receiptId/refund')
  @HttpCode(200)
  @RequirePermission('fees.manage')
  @ApiOperation({ summary: 'Refund an online receipt through the gateway {reason}: answers the refund (pending); the receipt is cancelled when the gateway has refunded it' })
  @ApiData(RefundResponse)
  refund(@Workspace() ctx: WorkspaceContext, @Param() p: ReceiptRefundParamDto, @Body() dto: RefundReceiptDto): Promise<RefundResult> {
    return this.payments.refund(ctx, p.receiptId, dto);
  }

  @Post('students/:studentId/pay-links')
  @RequirePermission('payments.links')
  @ApiOperation({ summary: 'A signed link (valid 7 days) that opens the child’s dues and the payment without signing in' })
  @ApiData(PayLinkResponse, 201)
  payLink(@Workspace() ctx: WorkspaceContext, @Param() p: StudentPaymentParamDto): Promise<PayLinkResult> {
    return this.payments.createPayLink(ctx, p.studentId);
  }
}
