import { formatRupees } from '../rules/money';

/**
 * The fees contract's validation messages (the schemas in schemas.ts use them; the renderer maps them to
 * its translations). A module of their own, without zod: see schemas.ts.
 */

/** The largest single amount (an item, a payment, a concession): ₹1 crore, in paise. */
export const MAX_PAISE = 1_000_000_000;

export const FEES_MESSAGES = {
  headName: 'Name is required',
  headNameTooLong: 'Name must not exceed 60 characters',
  tuition: 'Say whether this head is tuition (true or false)',
  classId: 'Class must be a valid ID',
  academicYear: 'Academic year must look like 2026-27',
  instalments: 'Add at least one instalment (at most 24)',
  instalmentName: 'Instalment name is required (at most 60 characters)',
  dueOn: 'Enter the due date as YYYY-MM-DD',
  items: 'Add at least one fee head to the instalment',
  headId: 'Fee head must be a valid ID',
  amount: `Enter an amount from ${formatRupees(1)} to ${formatRupees(MAX_PAISE)}`,
  duplicateHead: 'A fee head appears twice in this instalment',
  lateFeeKind: 'Late fee must be fixed or per_day',
  graceDays: 'Grace days must be a whole number from 0 to 365',
  cap: `Enter a cap from ${formatRupees(1)} to ${formatRupees(MAX_PAISE)}`,
  concessionKind: 'Kind must be sibling, staff, rte, scholarship or other',
  percent: 'Percent must be a whole number from 1 to 100',
  percentOrAmount: 'Give either a percent or an amount, not both',
  note: 'Note must not exceed 200 characters',
  studentId: 'Student must be a valid ID',
  mode: 'Mode must be cash, upi, cheque, dd, bank_transfer or card',
  reference: 'Reference must not exceed 60 characters',
  referenceRequired: 'Enter the reference (UPI transaction, cheque, DD, transfer or card number) for this mode',
  paidOn: 'Enter the payment date as YYYY-MM-DD',
  paidOnFuture: 'The payment date cannot be in the future',
  reason: 'Give the reason for cancelling (at most 200 characters)',
  upiId: 'Enter a UPI ID like school@bank',
  upiName: 'Payee name must not exceed 60 characters',
  instalmentIds: 'Each instalment must be a valid ID',
  format: 'Format must be json or xlsx',
  range: 'Choose a period of at most 366 days, from on or before to',
  instalmentId: 'Instalment must be a valid ID',
  duplicateInstalment: 'An instalment appears twice in this structure',
  concessionId: 'Concession must be a valid ID',
} as const;
