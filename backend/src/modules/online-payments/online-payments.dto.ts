import {
  confirmPaymentSchema,
  createPaymentOrderSchema,
  listPaymentOrdersQuerySchema,
  payLinkOrderParamSchema,
  payLinkTokenParamSchema,
  paymentOrderParamSchema,
  putGatewaySchema,
  receiptRefundParamSchema,
  reconciliationQuerySchema,
  refundReceiptSchema,
  settlementQuerySchema,
  studentPaymentParamSchema,
  webhookParamSchema,
} from '@vidyalaya/shared/online-payments';
import { createZodDto } from 'nestjs-zod';

export class PutGatewayDto extends createZodDto(putGatewaySchema) {}
export class CreatePaymentOrderDto extends createZodDto(createPaymentOrderSchema) {}
export class ConfirmPaymentDto extends createZodDto(confirmPaymentSchema) {}
export class ListPaymentOrdersQueryDto extends createZodDto(listPaymentOrdersQuerySchema) {}
export class RefundReceiptDto extends createZodDto(refundReceiptSchema) {}
export class StudentPaymentParamDto extends createZodDto(studentPaymentParamSchema) {}
export class PaymentOrderParamDto extends createZodDto(paymentOrderParamSchema) {}
export class ReceiptRefundParamDto extends createZodDto(receiptRefundParamSchema) {}
export class PayLinkTokenParamDto extends createZodDto(payLinkTokenParamSchema) {}
export class PayLinkOrderParamDto extends createZodDto(payLinkOrderParamSchema) {}
export class WebhookParamDto extends createZodDto(webhookParamSchema) {}
export class ReconciliationQueryDto extends createZodDto(reconciliationQuerySchema) {}
export class SettlementQueryDto extends createZodDto(settlementQuerySchema) {}
