import { z } from 'zod';
import { pageSchema } from '../workspace/common';
import { CONCESSION_KINDS, LATE_FEE_KINDS, PAYMENT_MODES, RECEIPT_STATUSES } from './schemas';

/**
 * The answers of the fee calls (schemas.ts has the requests and the arithmetic): schemas, their types
 * inferred from them; the back end wraps them in the success envelope. A module of their own, which
 * the renderer imports only types from, so no fees screen bundles these schemas. Amounts are
 * integer paise.
 */

/** An amount in an answer: integer paise. */
const paiseAnswer = z.int();

export const feeHeadSchema = z.object({ id: z.uuid(), name: z.string(), tuition: z.boolean(), createdAt: z.string() });
export type FeeHead = z.output<typeof feeHeadSchema>;
export const feeHeadListSchema = pageSchema(feeHeadSchema);
export type FeeHeadList = z.output<typeof feeHeadListSchema>;
export const feeHeadResultSchema = z.object({ head: feeHeadSchema });
export type FeeHeadResult = z.output<typeof feeHeadResultSchema>;

/** A structure's late-fee rule as answered (lateFeeRuleSchema in schemas.ts is the request's). */
export const lateFeeRuleAnswerSchema = z.object({ kind: z.enum(LATE_FEE_KINDS), amount: paiseAnswer, graceDays: z.int(), cap: paiseAnswer.nullable() });
export type LateFeeRule = z.output<typeof lateFeeRuleAnswerSchema>;
export const feeStructureItemSchema = z.object({ headId: z.uuid(), headName: z.string(), tuition: z.boolean(), amount: paiseAnswer });
export type FeeStructureItem = z.output<typeof feeStructureItemSchema>;
export const feeInstalmentSchema = z.object({ id: z.uuid(), name: z.string(), dueOn: z.string(), amount: paiseAnswer, items: z.array(feeStructureItemSchema) });
export type FeeInstalment = z.output<typeof feeInstalmentSchema>;
export const feeStructureSchema = z.object({
  id: z.uuid(),
  classId: z.uuid(),
  className: z.string(),
  academicYear: z.string(),
  lateFee: lateFeeRuleAnswerSchema.nullable(),
  total: paiseAnswer,
  instalments: z.array(feeInstalmentSchema),
  createdAt: z.string(),
});
export type FeeStructure = z.output<typeof feeStructureSchema>;
export const feeStructureListSchema = pageSchema(feeStructureSchema);
export type FeeStructureList = z.output<typeof feeStructureListSchema>;
export const feeStructureResultSchema = z.object({ structure: feeStructureSchema });
export type FeeStructureResult = z.output<typeof feeStructureResultSchema>;

export const concessionSchema = z.object({
  /** A stored concession's id; `rte-{studentId}` for the implicit RTE waiver. */
  id: z.string(),
  studentId: z.uuid(),
  kind: z.enum(CONCESSION_KINDS),
  percent: z.int().nullable(),
  amount: paiseAnswer.nullable(),
  headIds: z.array(z.string()),
  note: z.string().nullable(),
  approvedBy: z.string().nullable(),
  approvedByName: z.string().nullable(),
  createdAt: z.string(),
  /** True for the RTE waiver the system applies by itself (not stored). */
  implicit: z.boolean().optional(),
});
export type Concession = z.output<typeof concessionSchema>;
export const concessionListSchema = pageSchema(concessionSchema);
export type ConcessionList = z.output<typeof concessionListSchema>;
export const concessionResultSchema = z.object({ concession: concessionSchema });
export type ConcessionResult = z.output<typeof concessionResultSchema>;

export const dueItemSchema = z.object({
  headId: z.uuid(),
  headName: z.string(),
  tuition: z.boolean(),
  amount: paiseAnswer,
  concession: paiseAnswer,
  paid: paiseAnswer,
  balance: paiseAnswer,
});
export type DueItem = z.output<typeof dueItemSchema>;
export const instalmentStatusSchema = z.enum(['paid', 'partly_paid', 'overdue', 'due', 'upcoming']);
export type InstalmentStatus = z.output<typeof instalmentStatusSchema>;
export const instalmentDueSchema = z.object({
  instalmentId: z.uuid(),
  name: z.string(),
  dueOn: z.string(),
  amount: paiseAnswer,
  concession: paiseAnswer,
  lateFee: paiseAnswer,
  paid: paiseAnswer,
  balance: paiseAnswer,
  /** The late fee's own paid part (included in `paid`). */
  lateFeePaid: paiseAnswer,
  status: instalmentStatusSchema,
  items: z.array(dueItemSchema),
});
export type InstalmentDue = z.output<typeof instalmentDueSchema>;
export const feeTotalsSchema = z.object({
  amount: paiseAnswer,
  concession: paiseAnswer,
  lateFee: paiseAnswer,
  paid: paiseAnswer,
  balance: paiseAnswer,
  /** What is due by the as-of date (instalments due on or before it). */
  overdue: paiseAnswer,
});
export type FeeTotals = z.output<typeof feeTotalsSchema>;
export const studentFeesSchema = z.object({
  studentId: z.uuid(),
  studentName: z.string(),
  admissionNumber: z.string(),
  className: z.string().nullable(),
  rte: z.boolean(),
  asOf: z.string(),
  structureId: z.uuid().nullable(),
  academicYear: z.string().nullable(),
  instalments: z.array(instalmentDueSchema),
  concessions: z.array(concessionSchema),
  totals: feeTotalsSchema,
  /** GET …/students/{id}/fees only: the school has set a UPI ID, so `…/fees/upi-qr` answers a QR (without one it answers 422 UPI_NOT_SET). */
  upiAvailable: z.boolean().optional().describe('The school has set a UPI ID: …/fees/upi-qr answers a QR'),
  /**
   * GET …/students/{id}/fees only: paise held on the child's account beyond their dues (an online
   * payment for dues paid meanwhile becomes an advance, DECISIONS "Online fee payment"); 0 when none.
   */
  advance: z.number().int().nonnegative().optional().describe('Paise held on the account beyond the dues (an online payment for dues paid meanwhile)'),
});
export type StudentFees = z.output<typeof studentFeesSchema>;

export const receiptLineSchema = z.object({
  /** null for the late fee. */
  headId: z.uuid().nullable(),
  headName: z.string(),
  tuition: z.boolean(),
  amount: paiseAnswer,
});
export type ReceiptLine = z.output<typeof receiptLineSchema>;
export const receiptAllocationSchema = z.object({ instalmentId: z.uuid(), instalmentName: z.string(), headId: z.uuid().nullable(), amount: paiseAnswer });
export type ReceiptAllocation = z.output<typeof receiptAllocationSchema>;
export const receiptSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  financialYear: z.string(),
  studentId: z.uuid(),
  studentName: z.string(),
  admissionNumber: z.string(),
  className: z.string().nullable(),
  amount: paiseAnswer,
  amountInWords: z.string(),
  mode: z.enum(PAYMENT_MODES),
  reference: z.string().nullable(),
  paidOn: z.string(),
  status: z.enum(RECEIPT_STATUSES),
  lines: z.array(receiptLineSchema),
  allocations: z.array(receiptAllocationSchema),
  tuitionAmount: paiseAnswer,
  /** The student's (first) guardian when the receipt was made. */
  guardianName: z.string().nullable(),
  /** What the student still owed for the year right after this payment (net of concessions, with late fees as on paidOn); null on receipts made before it was kept. */
  balanceAfter: paiseAnswer.nullable(),
  /** The part of balanceAfter that was due by paidOn. */
  dueAfter: paiseAnswer.nullable(),
  collectedBy: z.uuid().nullable(),
  /** The staff member's full name (staff record, else the member's name, else the username). */
  collectedByName: z.string().nullable(),
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  printCount: z.int(),
});
export type Receipt = z.output<typeof receiptSchema>;
export const receiptListSchema = pageSchema(receiptSchema);
export type ReceiptList = z.output<typeof receiptListSchema>;
export const receiptResultSchema = z.object({ receipt: receiptSchema });
export type ReceiptResult = z.output<typeof receiptResultSchema>;

/** The receipts of one payment mode in a period: how many and their sum. */
const modeTotalSchema = z.object({ mode: z.enum(PAYMENT_MODES), count: z.int(), amount: paiseAnswer });

export const dayBookSchema = z.object({
  date: z.string(),
  collections: z.array(modeTotalSchema),
  receipts: z.array(receiptSchema),
  cancellations: z.array(
    z.object({ receiptId: z.uuid(), number: z.string(), amount: paiseAnswer, mode: z.enum(PAYMENT_MODES), reason: z.string().nullable(), cancelledAt: z.string(), paidOn: z.string() }),
  ),
  totals: z.object({ count: z.int(), amount: paiseAnswer, cancelledCount: z.int(), cancelledAmount: paiseAnswer }),
});
export type DayBook = z.output<typeof dayBookSchema>;

export const defaulterSchema = z.object({
  studentId: z.uuid(),
  studentName: z.string(),
  admissionNumber: z.string(),
  classId: z.uuid().nullable(),
  className: z.string().nullable(),
  sectionName: z.string().nullable(),
  guardianName: z.string().nullable(),
  guardianPhone: z.string().nullable(),
  overdueInstalments: z.int(),
  /** Due by the as-of date: net of concessions, with late fees, less what is paid. */
  balance: paiseAnswer,
  lateFee: paiseAnswer,
  oldestDueOn: z.string(),
});
export type Defaulter = z.output<typeof defaulterSchema>;
export const defaulterListSchema = pageSchema(defaulterSchema).extend({ asOf: z.string(), totalBalance: paiseAnswer });
export type DefaulterList = z.output<typeof defaulterListSchema>;

export const collectionReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  total: paiseAnswer,
  byClass: z.array(z.object({ classId: z.uuid().nullable(), className: z.string(), amount: paiseAnswer })),
  byHead: z.array(z.object({ headId: z.uuid().nullable(), headName: z.string(), tuition: z.boolean(), amount: paiseAnswer })),
  byMode: z.array(modeTotalSchema),
});
export type CollectionReport = z.output<typeof collectionReportSchema>;

export const feeClassListSchema = pageSchema(z.object({ classId: z.uuid(), name: z.string(), academicYear: z.string(), structureId: z.uuid().nullable() }));
export type FeeClassList = z.output<typeof feeClassListSchema>;

/** The school's UPI settings as answered (feeSettingsSchema in schemas.ts is the request's). */
export const feeSettingsAnswerSchema = z.object({ upiId: z.string().nullable(), upiName: z.string().nullable() });
export type FeeSettings = z.output<typeof feeSettingsAnswerSchema>;
export const feeSettingsResultSchema = z.object({ settings: feeSettingsAnswerSchema });
export type FeeSettingsResult = z.output<typeof feeSettingsResultSchema>;

export const upiQrSchema = z.object({
  link: z.string(),
  amount: paiseAnswer,
  reference: z.string(),
  /** A PNG data URL of the QR code. */
  qr: z.string(),
  svg: z.string(),
});
export type UpiQr = z.output<typeof upiQrSchema>;
