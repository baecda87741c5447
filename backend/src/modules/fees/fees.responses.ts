import { CONCESSION_KINDS, LATE_FEE_KINDS, PAYMENT_MODES, RECEIPT_STATUSES } from '@vidyalaya/shared';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { successEnvelope } from '../../common/openapi';
import { pageSchema } from '../../common/workspace/page.schema';

/** The answers of the fee calls, for the OpenAPI document (common/openapi.ts). Amounts are integer paise. */
const paise = z.int();
const headSchema = z.object({ id: z.uuid(), name: z.string(), tuition: z.boolean(), createdAt: z.string() });
const lateFeeSchema = z.object({ kind: z.enum(LATE_FEE_KINDS), amount: paise, graceDays: z.int(), cap: paise.nullable() });
const structureSchema = z.object({
  id: z.uuid(),
  classId: z.uuid(),
  className: z.string(),
  academicYear: z.string(),
  lateFee: lateFeeSchema.nullable(),
  total: paise,
  instalments: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      dueOn: z.string(),
      amount: paise,
      items: z.array(z.object({ headId: z.uuid(), headName: z.string(), tuition: z.boolean(), amount: paise })),
    }),
  ),
  createdAt: z.string(),
});
const concessionSchema = z.object({
  id: z.string(),
  studentId: z.uuid(),
  kind: z.enum(CONCESSION_KINDS),
  percent: z.int().nullable(),
  amount: paise.nullable(),
  headIds: z.array(z.string()),
  note: z.string().nullable(),
  approvedBy: z.string().nullable(),
  approvedByName: z.string().nullable(),
  createdAt: z.string(),
  implicit: z.boolean().optional(),
});
const totalsSchema = z.object({ amount: paise, concession: paise, lateFee: paise, paid: paise, balance: paise, overdue: paise });
const studentFeesSchema = z.object({
  studentId: z.uuid(),
  studentName: z.string(),
  admissionNumber: z.string(),
  className: z.string().nullable(),
  rte: z.boolean(),
  asOf: z.string(),
  structureId: z.uuid().nullable(),
  academicYear: z.string().nullable(),
  instalments: z.array(
    z.object({
      instalmentId: z.uuid(),
      name: z.string(),
      dueOn: z.string(),
      amount: paise,
      concession: paise,
      lateFee: paise,
      paid: paise,
      balance: paise,
      lateFeePaid: paise,
      status: z.enum(['paid', 'partly_paid', 'overdue', 'due', 'upcoming']),
      items: z.array(z.object({ headId: z.uuid(), headName: z.string(), tuition: z.boolean(), amount: paise, concession: paise, paid: paise, balance: paise })),
    }),
  ),
  concessions: z.array(concessionSchema),
  totals: totalsSchema,
  upiAvailable: z.boolean().optional().describe('The school has set a UPI ID: …/fees/upi-qr answers a QR'),
  advance: z.number().int().nonnegative().optional().describe('Paise held on the account beyond the dues (an online payment for dues paid meanwhile)'),
});
const mode = z.enum(PAYMENT_MODES);
const receiptSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  financialYear: z.string(),
  studentId: z.uuid(),
  studentName: z.string(),
  admissionNumber: z.string(),
  className: z.string().nullable(),
  amount: paise,
  amountInWords: z.string(),
  mode,
  reference: z.string().nullable(),
  paidOn: z.string(),
  status: z.enum(RECEIPT_STATUSES),
  lines: z.array(z.object({ headId: z.uuid().nullable(), headName: z.string(), tuition: z.boolean(), amount: paise })),
  allocations: z.array(z.object({ instalmentId: z.uuid(), instalmentName: z.string(), headId: z.uuid().nullable(), amount: paise })),
  tuitionAmount: paise,
  guardianName: z.string().nullable(),
  balanceAfter: paise.nullable(),
  dueAfter: paise.nullable(),
  collectedBy: z.uuid().nullable(),
  collectedByName: z.string().nullable(),
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  printCount: z.int(),
});
const byMode = z.object({ mode, count: z.int(), amount: paise });

export class FeeHeadResponse extends createZodDto(successEnvelope(z.object({ head: headSchema }))) {}
export class FeeHeadListResponse extends createZodDto(successEnvelope(pageSchema(headSchema))) {}
export class FeeStructureResponse extends createZodDto(successEnvelope(z.object({ structure: structureSchema }))) {}
export class FeeStructureListResponse extends createZodDto(successEnvelope(pageSchema(structureSchema))) {}
export class ConcessionResponse extends createZodDto(successEnvelope(z.object({ concession: concessionSchema }))) {}
export class ConcessionRemovedResponse extends createZodDto(successEnvelope(z.object({ removed: z.literal(true) }))) {}
export class ConcessionListResponse extends createZodDto(successEnvelope(pageSchema(concessionSchema))) {}
export class StudentFeesResponse extends createZodDto(successEnvelope(studentFeesSchema)) {}
export class ReceiptResponse extends createZodDto(successEnvelope(z.object({ receipt: receiptSchema }))) {}
export class ReceiptListResponse extends createZodDto(successEnvelope(pageSchema(receiptSchema))) {}
export class DayBookResponse extends createZodDto(
  successEnvelope(
    z.object({
      date: z.string(),
      collections: z.array(byMode),
      receipts: z.array(receiptSchema),
      cancellations: z.array(z.object({ receiptId: z.uuid(), number: z.string(), amount: paise, mode, reason: z.string().nullable(), cancelledAt: z.string(), paidOn: z.string() })),
      totals: z.object({ count: z.int(), amount: paise, cancelledCount: z.int(), cancelledAmount: paise }),
    }),
  ),
) {}
const defaulterSchema = z.object({
  studentId: z.uuid(),
  studentName: z.string(),
  admissionNumber: z.string(),
  classId: z.uuid().nullable(),
  className: z.string().nullable(),
  sectionName: z.string().nullable(),
  guardianName: z.string().nullable(),
  guardianPhone: z.string().nullable(),
  overdueInstalments: z.int(),
  balance: paise,
  lateFee: paise,
  oldestDueOn: z.string(),
});
export class DefaulterListResponse extends createZodDto(successEnvelope(pageSchema(defaulterSchema).extend({ asOf: z.string(), totalBalance: paise }))) {}
export class CollectionResponse extends createZodDto(
  successEnvelope(
    z.object({
      from: z.string(),
      to: z.string(),
      total: paise,
      byClass: z.array(z.object({ classId: z.uuid().nullable(), className: z.string(), amount: paise })),
      byHead: z.array(z.object({ headId: z.uuid().nullable(), headName: z.string(), tuition: z.boolean(), amount: paise })),
      byMode: z.array(byMode),
    }),
  ),
) {}
export class FeeSettingsResponse extends createZodDto(successEnvelope(z.object({ settings: z.object({ upiId: z.string().nullable(), upiName: z.string().nullable() }) }))) {}
export class UpiQrResponse extends createZodDto(successEnvelope(z.object({ link: z.string(), amount: paise, reference: z.string(), qr: z.string(), svg: z.string() }))) {}
export class FeeClassListResponse extends createZodDto(
  successEnvelope(pageSchema(z.object({ classId: z.uuid(), name: z.string(), academicYear: z.string(), structureId: z.uuid().nullable() }))),
) {}
