import { z } from 'zod';
import { blankToUndefined, optionalField, requiredText } from '../schemas/common';
import { formatRupees, paiseToDecimal } from '../rules/money';
import { isoDateSchema, pageQueryShape, schoolAndIdParamSchema } from '../workspace/common';
import type { DueItem, FeeStructureItem, FeeTotals, InstalmentDue, InstalmentStatus, LateFeeRule } from './answers';
import { FEES_MESSAGES, MAX_PAISE } from './messages';

/**
 * Fees and receipts (DECISIONS "Fees"; issue 18): the wire contract and the arithmetic. Money is
 * integer paise everywhere: no floating-point number ever holds an amount. The dues of a student
 * are computed here from the structure, the concessions and the payments (never stored), so the
 * server, its reports and the renderer agree to the paisa.
 *
 * Rounding rule: a percent concession on an item is floor(amount × percent ÷ 100) paise (rounded
 * down to the paisa: a concession never exceeds what the percent says). Percent concessions of one
 * item add up and are capped at the item's amount; amount concessions then take what is left,
 * spread over the chosen heads' items, oldest instalment first.
 */
export const PAYMENT_MODES = ['cash', 'upi', 'cheque', 'dd', 'bank_transfer', 'card', 'online'] as const;
/** The modes the counter records by hand: `online` receipts come only from the payment gateway (issue 32). */
export const COUNTER_PAYMENT_MODES = ['cash', 'upi', 'cheque', 'dd', 'bank_transfer', 'card'] as const satisfies readonly PaymentMode[];
export type PaymentMode = (typeof PAYMENT_MODES)[number];
export const CONCESSION_KINDS = ['sibling', 'staff', 'rte', 'scholarship', 'other'] as const;
export type ConcessionKind = (typeof CONCESSION_KINDS)[number];
export const LATE_FEE_KINDS = ['fixed', 'per_day'] as const;
export type LateFeeKind = (typeof LATE_FEE_KINDS)[number];
/** The modes whose payment names a reference (the UPI or bank transaction, the cheque or DD number, the card slip): every mode but cash. */
export const REFERENCE_REQUIRED_MODES: readonly PaymentMode[] = ['upi', 'cheque', 'dd', 'bank_transfer', 'card'];
/** Whether a payment in this mode must carry a (not blank) reference (DECISIONS "Fixes … Payments"). */
export const referenceRequired = (mode: string): boolean => (REFERENCE_REQUIRED_MODES as readonly string[]).includes(mode);

/**
 * The refusal of a payment above what is due, in rupees as the screen shows them (DECISIONS "Fixes
 * … Money in messages"): 'At most ₹21,900.00 is due on these instalments'.
 */
export const paymentExceedsDuesMessage = (dueLeft: number, chosenInstalments: boolean): string =>
  `At most ${formatRupees(dueLeft)} is due${chosenInstalments ? ' on these instalments' : ''}`;

export const RECEIPT_STATUSES = ['active', 'cancelled'] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];

// The messages and the largest amount live in a module without zod, so a screen that needs only
// the messages (the fees feature's translations, loaded on every workspace page) does not bring zod.
// The answers' schemas live in answers.ts, which the renderer takes only types from, so the
// fees screens that use this module's requests and arithmetic do not bundle them.
export { FEES_MESSAGES, MAX_PAISE } from './messages';
const M = FEES_MESSAGES;

const paise = (message: string) => z.number({ error: message }).int(message).min(1, message).max(MAX_PAISE, message);

// ── requests ────────────────────────────────────────────────────────────
export const createFeeHeadSchema = z.object({
  name: requiredText(60, M.headName, M.headNameTooLong),
  tuition: z.boolean({ error: M.tuition }).default(false),
});
export type CreateFeeHeadInput = z.output<typeof createFeeHeadSchema>;

export const lateFeeRuleSchema = z.object({
  kind: z.enum(LATE_FEE_KINDS, { error: M.lateFeeKind }),
  amount: paise(M.amount),
  graceDays: z.number({ error: M.graceDays }).int(M.graceDays).min(0, M.graceDays).max(365, M.graceDays).default(0),
  cap: z.preprocess((v) => (v === null ? undefined : v), paise(M.cap).optional()),
});
export type LateFeeRuleInput = z.output<typeof lateFeeRuleSchema>;

const instalmentSchema = z.object({
  name: requiredText(60, M.instalmentName, M.instalmentName),
  dueOn: z.iso.date({ error: M.dueOn }),
  items: z
    .array(z.object({ headId: z.uuid({ error: M.headId }), amount: paise(M.amount) }), { error: M.items })
    .min(1, M.items)
    .max(30, M.items)
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((item, i) => {
        if (seen.has(item.headId)) ctx.addIssue({ code: 'custom', message: M.duplicateHead, path: [i, 'headId'] });
        seen.add(item.headId);
      });
    }),
});

export const createFeeStructureSchema = z.object({
  classId: z.uuid({ error: M.classId }),
  academicYear: z.string({ error: M.academicYear }).trim().regex(/^\d{4}-\d{2}$/, M.academicYear),
  instalments: z.array(instalmentSchema, { error: M.instalments }).min(1, M.instalments).max(24, M.instalments),
  lateFee: z.preprocess((v) => (v === null ? undefined : v), lateFeeRuleSchema.optional()),
});
export type CreateFeeStructureInput = z.output<typeof createFeeStructureSchema>;

/**
 * PATCH …/fee-structures/{id}: the whole list of instalments as it should be (class and year stay).
 * An instalment with `id` is an existing one, edited in place (its payments stay with it); one
 * without is new; an existing one left out is removed. `lateFee` when given replaces the rule
 * (null = none). The server refuses (409 FEE_STRUCTURE_PAID) an edit that would leave a payment
 * without its instalment or head, or make a head's amount less than what is already paid on it.
 */
export const updateFeeStructureSchema = z.object({
  instalments: z
    .array(instalmentSchema.extend({ id: optionalField(z.uuid({ error: M.instalmentId })) }), { error: M.instalments })
    .min(1, M.instalments)
    .max(24, M.instalments)
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((inst, i) => {
        if (!inst.id) return;
        if (seen.has(inst.id)) ctx.addIssue({ code: 'custom', message: M.duplicateInstalment, path: [i, 'id'] });
        seen.add(inst.id);
      });
    }),
  lateFee: lateFeeRuleSchema.nullable().optional(),
});
export type UpdateFeeStructureInput = z.output<typeof updateFeeStructureSchema>;

/** …/students/{studentId}/concessions/{concessionId} */
export const concessionParamSchema = schoolAndIdParamSchema('studentId').extend({ concessionId: z.uuid({ error: M.concessionId }) });

/** PUT …/fee-structures/{id}/late-fee: the rule, or {lateFee:null} for none. */
export const putLateFeeSchema = z.object({ lateFee: lateFeeRuleSchema.nullable() });
export type PutLateFeeInput = z.output<typeof putLateFeeSchema>;

export const listFeeStructuresQuerySchema = z.object({
  classId: optionalField(z.uuid({ error: M.classId })),
  academicYear: optionalField(z.string().trim().regex(/^\d{4}-\d{2}$/, M.academicYear)),
  ...pageQueryShape,
});
export type ListFeeStructuresQuery = z.output<typeof listFeeStructuresQuerySchema>;

export const createConcessionSchema = z
  .object({
    kind: z.enum(CONCESSION_KINDS, { error: M.concessionKind }),
    percent: z.number({ error: M.percent }).int(M.percent).min(1, M.percent).max(100, M.percent).optional(),
    amount: paise(M.amount).optional(),
    headIds: z.array(z.uuid({ error: M.headId }), { error: M.headId }).max(30, M.headId).default([]),
    note: optionalField(z.string().trim().max(200, M.note)),
  })
  .superRefine((v, ctx) => {
    if ((v.percent === undefined) === (v.amount === undefined)) ctx.addIssue({ code: 'custom', message: M.percentOrAmount, path: ['percent'] });
  });
export type CreateConcessionInput = z.output<typeof createConcessionSchema>;

export const createPaymentSchema = z
  .object({
    studentId: z.uuid({ error: M.studentId }),
    amount: paise(M.amount),
    mode: z.enum(COUNTER_PAYMENT_MODES, { error: M.mode }),
    reference: optionalField(z.string().trim().max(60, M.reference)),
    paidOn: z.iso.date({ error: M.paidOn }),
    instalmentIds: z.array(z.uuid({ error: M.instalmentIds }), { error: M.instalmentIds }).max(24, M.instalmentIds).optional(),
  })
  .superRefine((v, ctx) => {
    if (referenceRequired(v.mode) && !v.reference) ctx.addIssue({ code: 'custom', message: M.referenceRequired, path: ['reference'] });
  });
export type CreatePaymentInput = z.output<typeof createPaymentSchema>;

export const cancelReceiptSchema = z.object({ reason: requiredText(200, M.reason, M.reason) });
export type CancelReceiptInput = z.output<typeof cancelReceiptSchema>;

export const listReceiptsQuerySchema = z.object({
  studentId: optionalField(z.uuid({ error: M.studentId })),
  from: optionalField(isoDateSchema),
  to: optionalField(isoDateSchema),
  status: optionalField(z.enum(RECEIPT_STATUSES)),
  ...pageQueryShape,
});
export type ListReceiptsQuery = z.output<typeof listReceiptsQuerySchema>;

export const receiptPdfQuerySchema = z.object({ copy: optionalField(z.enum(['original', 'duplicate'])), lang: optionalField(z.enum(['en', 'hi'], { error: 'Language must be en or hi' })) });

/** `academicYear`: that year's dues (the student's enrolment of that year); default the current year. */
export const studentFeesQuerySchema = z.object({
  asOf: optionalField(isoDateSchema),
  academicYear: optionalField(z.string().regex(/^\d{4}-\d{2}$/, 'Enter the year as 2026-27')),
});
export const dayBookQuerySchema = z.object({ date: optionalField(isoDateSchema), format: optionalField(z.enum(['json', 'xlsx'], { error: M.format })) });
export const defaultersQuerySchema = z.object({
  asOf: optionalField(isoDateSchema),
  classId: optionalField(z.uuid({ error: M.classId })),
  format: optionalField(z.enum(['json', 'xlsx'], { error: M.format })),
  ...pageQueryShape,
});
export type DefaultersQuery = z.output<typeof defaultersQuerySchema>;
export const collectionQuerySchema = z.object({ from: isoDateSchema, to: isoDateSchema });
export const upiQrQuerySchema = z.object({ instalmentId: optionalField(z.uuid({ error: M.instalmentIds })) });

export const feeSettingsSchema = z.object({
  upiId: z.preprocess(
    blankToUndefined,
    z
      .string({ error: M.upiId })
      .trim()
      .regex(/^[a-zA-Z0-9._-]{2,64}@[a-zA-Z][a-zA-Z0-9.-]{1,63}$/, M.upiId)
      .nullable()
      .optional(),
  ),
  upiName: optionalField(z.string().trim().max(60, M.upiName)),
});
export type FeeSettingsInput = z.output<typeof feeSettingsSchema>;

// The answers (FeeHead, StudentFees, Receipt, …) are schemas in answers.ts.

// ── arithmetic (pure, integer paise) ───────────────────────────────────────
const DAY_MS = 86_400_000;
const toMs = (iso: string): number => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
const addDaysIso = (iso: string, n: number): string => new Date(toMs(iso) + n * DAY_MS).toISOString().slice(0, 10);
/** Whole days from `a` to `b` (negative when `b` is before `a`). */
const daysFrom = (a: string, b: string): number => Math.round((toMs(b) - toMs(a)) / DAY_MS);

/** The Indian financial year (April–March) of a date: 2027-03-31 → '2026-27', 2027-04-01 → '2027-28'. */
export function financialYearOf(date: string): string {
  const y = Number(date.slice(0, 4));
  const start = Number(date.slice(5, 7)) >= 4 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** '2026-27/000123'. */
export function formatReceiptNumber(financialYear: string, seq: number): string {
  return `${financialYear}/${String(seq).padStart(6, '0')}`;
}

/** Percent of an amount in integer arithmetic, rounded down to the paisa. */
export function percentOf(amount: number, percent: number): number {
  return Math.floor((amount * percent) / 100);
}

export interface DueStructureInput {
  lateFee: LateFeeRule | null;
  instalments: { id: string; name: string; dueOn: string; items: FeeStructureItem[] }[];
}
export interface DueConcessionInput {
  kind: ConcessionKind;
  percent: number | null;
  amount: number | null;
  headIds: string[];
}
export interface DueAllocationInput {
  instalmentId: string;
  /** null = the late fee. */
  headId: string | null;
  amount: number;
  paidOn: string;
}

/**
 * The RTE waiver the system applies by itself (RTE 12(1)(c)): the student is RTE and no concession of
 * kind 'rte' is recorded. It waives the school's tuition heads in full and nothing else; a school
 * with no tuition head gets no waiver (null), never one with an empty list of heads, which would
 * count as every head. The one rule for every screen and report (dues, counter, defaulters).
 */
export function implicitRteWaiver(concessions: readonly Pick<DueConcessionInput, 'kind'>[], rte: boolean, tuitionHeadIds: readonly string[]): DueConcessionInput | null {
  if (!rte || concessions.some((c) => c.kind === 'rte') || tuitionHeadIds.length === 0) return null;
  return { kind: 'rte', percent: 100, amount: null, headIds: [...tuitionHeadIds] };
}

/** The concessions in force: the recorded ones, plus the implicit RTE tuition waiver when it applies (implicitRteWaiver). */
export function effectiveConcessions<C extends DueConcessionInput>(concessions: readonly C[], rte: boolean, tuitionHeadIds: readonly string[]): (C | DueConcessionInput)[] {
  const waiver = implicitRteWaiver(concessions, rte, tuitionHeadIds);
  return waiver ? [...concessions, waiver] : [...concessions];
}

const applies = (c: DueConcessionInput, headId: string) => c.headIds.length === 0 || c.headIds.includes(headId);

/**
 * A student's dues as of `asOf`, per instalment (oldest due first): amount, concession, late fee,
 * paid and balance; payments dated after `asOf` are not counted. The late fee of an instalment
 * runs from the day after `dueOn + graceDays` until the day its items were paid in full (or
 * `asOf`): fixed = the amount once, per_day = amount × days, never above the cap.
 */
export function computeDues(structure: DueStructureInput, concessions: readonly DueConcessionInput[], allocations: readonly DueAllocationInput[], asOf: string): { instalments: InstalmentDue[]; totals: FeeTotals } {
  const instalments = [...structure.instalments].sort((a, b) => (a.dueOn < b.dueOn ? -1 : a.dueOn > b.dueOn ? 1 : 0));
  // Concessions per item: percents on the gross amount, then amounts oldest first.
  const concessionOf = new Map<string, number>();
  const key = (instalmentId: string, headId: string) => `${instalmentId}:${headId}`;
  for (const inst of instalments) {
    for (const item of inst.items) {
      let c = 0;
      for (const con of concessions) if (con.percent !== null && applies(con, item.headId)) c += percentOf(item.amount, con.percent);
      concessionOf.set(key(inst.id, item.headId), Math.min(c, item.amount));
    }
  }
  for (const con of concessions) {
    if (con.amount === null) continue;
    let left = con.amount;
    for (const inst of instalments) {
      for (const item of inst.items) {
        if (left <= 0 || !applies(con, item.headId)) continue;
        const k = key(inst.id, item.headId);
        const take = Math.min(left, item.amount - (concessionOf.get(k) ?? 0));
        concessionOf.set(k, (concessionOf.get(k) ?? 0) + take);
        left -= take;
      }
    }
  }

  const counted = allocations.filter((a) => a.paidOn <= asOf);
  const out: InstalmentDue[] = [];
  const totals: FeeTotals = { amount: 0, concession: 0, lateFee: 0, paid: 0, balance: 0, overdue: 0 };
  for (const inst of instalments) {
    const mine = counted.filter((a) => a.instalmentId === inst.id);
    const items: DueItem[] = inst.items.map((item) => {
      const concession = concessionOf.get(key(inst.id, item.headId)) ?? 0;
      const paid = mine.filter((a) => a.headId === item.headId).reduce((s, a) => s + a.amount, 0);
      return { headId: item.headId, headName: item.headName, tuition: item.tuition, amount: item.amount, concession, paid, balance: item.amount - concession - paid };
    });
    const amount = items.reduce((s, i) => s + i.amount, 0);
    const concession = items.reduce((s, i) => s + i.concession, 0);
    const net = amount - concession;
    const itemsPaid = items.reduce((s, i) => s + i.paid, 0);
    const lateFeePaid = mine.filter((a) => a.headId === null).reduce((s, a) => s + a.amount, 0);
    // The day the items were paid in full, if they were.
    let settledOn: string | null = null;
    if (net > 0) {
      let cum = 0;
      for (const a of [...mine].filter((x) => x.headId !== null).sort((x, y) => (x.paidOn < y.paidOn ? -1 : x.paidOn > y.paidOn ? 1 : 0))) {
        cum += a.amount;
        if (cum >= net) {
          settledOn = a.paidOn;
          break;
        }
      }
    }
    let lateFee = 0;
    const rule = structure.lateFee;
    if (rule && net > 0) {
      const lateFrom = addDaysIso(inst.dueOn, rule.graceDays);
      const end = settledOn ?? asOf;
      const days = daysFrom(lateFrom, end);
      if (days > 0) {
        lateFee = rule.kind === 'fixed' ? rule.amount : rule.amount * days;
        if (rule.cap !== null) lateFee = Math.min(lateFee, rule.cap);
      }
    }
    lateFee = Math.max(lateFee, lateFeePaid);
    const paid = itemsPaid + lateFeePaid;
    const balance = net + lateFee - paid;
    const status: InstalmentStatus = balance <= 0 ? 'paid' : paid > 0 ? 'partly_paid' : inst.dueOn < asOf ? 'overdue' : inst.dueOn === asOf ? 'due' : 'upcoming';
    out.push({ instalmentId: inst.id, name: inst.name, dueOn: inst.dueOn, amount, concession, lateFee, paid, balance, status, items, lateFeePaid });
    totals.amount += amount;
    totals.concession += concession;
    totals.lateFee += lateFee;
    totals.paid += paid;
    totals.balance += balance;
    if (inst.dueOn <= asOf) totals.overdue += balance;
  }
  return { instalments: out, totals };
}

/**
 * Splits a payment of `amount` over the dues: the chosen instalments (or all), oldest due first;
 * within an instalment its heads in order, then its late fee. Answers the allocations and what
 * could not be placed (more than was due).
 */
export function allocatePayment(dues: readonly InstalmentDue[], amount: number, instalmentIds?: readonly string[]): { allocations: { instalmentId: string; headId: string | null; amount: number }[]; unallocated: number } {
  let left = amount;
  const allocations: { instalmentId: string; headId: string | null; amount: number }[] = [];
  for (const inst of dues) {
    if (instalmentIds && instalmentIds.length > 0 && !instalmentIds.includes(inst.instalmentId)) continue;
    for (const item of inst.items) {
      if (left <= 0) break;
      const take = Math.min(left, Math.max(0, item.balance));
      if (take > 0) {
        allocations.push({ instalmentId: inst.instalmentId, headId: item.headId, amount: take });
        left -= take;
      }
    }
    const lateLeft = inst.lateFee - inst.lateFeePaid;
    const take = Math.min(left, Math.max(0, lateLeft));
    if (take > 0) {
      allocations.push({ instalmentId: inst.instalmentId, headId: null, amount: take });
      left -= take;
    }
  }
  return { allocations, unallocated: left };
}

/** `upi://pay?pa=…&pn=…&am=…&tr=…&cu=INR` for an amount in paise. */
export function upiLink(p: { upiId: string; payeeName: string; amount: number; reference: string; note?: string }): string {
  const q = [`pa=${encodeURIComponent(p.upiId)}`, `pn=${encodeURIComponent(p.payeeName)}`, `am=${paiseToDecimal(p.amount)}`, `tr=${encodeURIComponent(p.reference)}`];
  if (p.note) q.push(`tn=${encodeURIComponent(p.note)}`);
  q.push('cu=INR');
  return `upi://pay?${q.join('&')}`;
}
