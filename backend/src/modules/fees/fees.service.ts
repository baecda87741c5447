import { Injectable } from '@nestjs/common';
import { amountInWords, formatRupees, istDate, type Page } from '@vidyalaya/shared';
import {
  allocatePayment,
  computeDues,
  financialYearOf,
  implicitRteWaiver,
  paymentExceedsDuesMessage,
  upiLink,
  type CancelReceiptInput,
  type Concession,
  type ConcessionResult,
  type CreateConcessionInput,
  type CreatePaymentInput,
  type FeeHead,
  type FeeStructure,
  type LateFeeRule,
  type ListReceiptsQuery,
  type Receipt,
  type ReceiptList,
  type ReceiptResult,
  type StudentFees,
  type UpiQr,
} from '@vidyalaya/shared/fees';
import { type Enrolment, type Student } from '@vidyalaya/shared/students';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../common/clock';
import { DomainException } from '../../common/domain.exception';
import { AccessService } from '../../common/workspace/access.service';
import { SchoolWrites, type SchoolTx } from '../../common/workspace/school-writes';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import { MessagingService } from '../messaging/messaging.service';
import { StudentsService } from '../students/students.service';
import { FeesRepository, type ConcessionRow, type HeadRow, type InstalmentItemRow, type ReceiptAllocationRow, type ReceiptRow, type StructureRow } from './fees.repository';
import { mergeDues } from './fee-arrears';
import { renderReceiptPdf, type ReceiptCopy, type ReceiptLanguage } from './receipt-pdf';
import { loadQrCode } from '../../common/lazy-libraries';

export const pad2 = (n: number) => String(n).padStart(2, '0');
export const n = (v: string | number | null): number => (v === null ? 0 : Number(v));

export function toHead(r: HeadRow): FeeHead {
  return { id: r.id, name: r.name, tuition: r.tuition, createdAt: r.created_at.toISOString() };
}

export function lateFeeOf(r: StructureRow): LateFeeRule | null {
  if (!r.late_fee_kind) return null;
  return { kind: r.late_fee_kind, amount: n(r.late_fee_amount), graceDays: r.late_fee_grace_days, cap: r.late_fee_cap === null ? null : n(r.late_fee_cap) };
}

export function toStructure(r: StructureRow, items: InstalmentItemRow[]): FeeStructure {
  const instalments: FeeStructure['instalments'] = [];
  for (const it of items.filter((x) => x.structure_id === r.id)) {
    let inst = instalments.find((i) => i.id === it.instalment_id);
    if (!inst) {
      inst = { id: it.instalment_id, name: it.instalment_name, dueOn: it.due_on, amount: 0, items: [] };
      instalments.push(inst);
    }
    inst.items.push({ headId: it.head_id, headName: it.head_name, tuition: it.tuition, amount: n(it.amount) });
    inst.amount += n(it.amount);
  }
  return {
    id: r.id,
    classId: r.class_id,
    className: r.class_name,
    academicYear: r.academic_year,
    lateFee: lateFeeOf(r),
    total: instalments.reduce((s, i) => s + i.amount, 0),
    instalments,
    createdAt: r.created_at.toISOString(),
  };
}

export function toConcession(r: ConcessionRow): Concession {
  return {
    id: r.id,
    studentId: r.student_id,
    kind: r.kind,
    percent: r.percent,
    amount: r.amount === null ? null : n(r.amount),
    headIds: r.head_ids ?? [],
    note: r.note,
    approvedBy: r.approved_by,
    approvedByName: r.approved_by_name,
    createdAt: r.created_at.toISOString(),
  };
}

export function toReceipt(r: ReceiptRow, allocs: ReceiptAllocationRow[]): Receipt {
  const mine = allocs.filter((a) => a.receipt_id === r.id);
  const lines: Receipt['lines'] = [];
  for (const a of mine) {
    const key = a.head_id;
    let line = lines.find((l) => l.headId === key);
    if (!line) {
      line = { headId: key, headName: a.head_name ?? 'Late fee', tuition: a.tuition ?? false, amount: 0 };
      lines.push(line);
    }
    line.amount += n(a.amount);
  }
  // Tuition first (its own line for Section 80C), then the other heads, the late fee last.
  lines.sort((x, y) => Number(y.tuition) - Number(x.tuition) || Number(x.headId === null) - Number(y.headId === null));
  const amount = n(r.amount);
  return {
    id: r.id,
    number: r.number,
    financialYear: r.financial_year,
    studentId: r.student_id,
    studentName: r.student_name,
    admissionNumber: r.admission_number,
    className: r.class_name,
    amount,
    amountInWords: amountInWords(amount),
    mode: r.mode,
    reference: r.reference,
    paidOn: r.paid_on,
    status: r.status,
    lines,
    allocations: mine.map((a) => ({ instalmentId: a.instalment_id, instalmentName: a.instalment_name, headId: a.head_id, amount: n(a.amount) })),
    tuitionAmount: lines.filter((l) => l.tuition).reduce((s, l) => s + l.amount, 0),
    guardianName: r.guardian_name,
    balanceAfter: r.balance_after === null ? null : n(r.balance_after),
    dueAfter: r.due_after === null ? null : n(r.due_after),
    collectedBy: r.collected_by,
    collectedByName: r.collected_by_name,
    createdAt: r.created_at.toISOString(),
    cancelledAt: r.cancelled_at ? r.cancelled_at.toISOString() : null,
    cancelReason: r.cancel_reason,
    printCount: r.print_count,
  };
}

/**
 * The concessions in force for a student: the recorded ones and the RTE tuition waiver the shared
 * rule (implicitRteWaiver) applies by itself, shown as a concession that is not stored. The dues
 * page, the counter, a payment's allocation and the defaulters list all go through here, so an RTE
 * child owes the same everywhere (a school without a tuition head waives nothing).
 */
export function concessionsInForce(recorded: Concession[], student: Pick<Student, 'id' | 'rte'>, tuitionHeadIds: readonly string[]): Concession[] {
  const waiver = implicitRteWaiver(recorded, student.rte, tuitionHeadIds);
  if (!waiver) return recorded;
  return [
    ...recorded,
    {
      id: `rte-${student.id}`,
      studentId: student.id,
      kind: 'rte',
      percent: waiver.percent,
      amount: waiver.amount,
      headIds: waiver.headIds,
      note: 'RTE 12(1)(c): tuition waived',
      approvedBy: null,
      approvedByName: null,
      createdAt: new Date(0).toISOString(),
      implicit: true,
    },
  ];
}

/** What a payment is: the counter's, or (online fee payment) one a gateway confirmed. */
export interface PaymentToRecord {
  amount: number;
  mode: Receipt['mode'];
  reference: string | null;
  paidOn: string;
  instalmentIds?: string[];
  /** Who received it; the caller's user unless given (null: nobody at the counter, e.g. a gateway). */
  collectedBy?: string | null;
  /**
   * Money already taken (a gateway's payment): what is no longer due is kept on the receipt as an
   * advance on the student's account instead of being refused (issue 32).
   */
  keepExcessAsAdvance?: boolean;
}

/**
 * Fees and receipts (DECISIONS "Fees"): heads, structures per class with instalments and a late-fee
 * rule, concessions per student, dues computed (never stored) from those and the allocations of
 * active receipts, payments allocated oldest due first under gap-free receipt numbers, cancellation
 * that keeps the number, the receipt PDF. Students (their class, RTE flag, guardian scoping) are
 * read through StudentsService. Split along its seams (issue 34): heads, structures and the UPI
 * settings are FeeSetupService (fee-setup.service.ts), the day book, defaulters and collection
 * FeeReportsService (fee-reports.service.ts); this service keeps dues, concessions, payments and
 * receipts, which other modules call.
 */
@Injectable()
export class FeesService {
  constructor(
    private readonly repo: FeesRepository,
    private readonly students: StudentsService,
    private readonly access: AccessService,
    private readonly writes: SchoolWrites,
    private readonly clock: Clock,
    private readonly messaging: MessagingService,
  ) {}

  /** Today in India. */
  today(): string {
    return istDate(this.clock.now());
  }

  // ── concessions ────────────────────────────────────────────────────────
  async listConcessions(ctx: WorkspaceContext, studentId: string): Promise<Page<Concession>> {
    const student = (await this.students.get(ctx, studentId)).student;
    const items = await this.concessionsWithImplicit(student);
    return { items, total: items.length, page: 1, pageSize: Math.max(items.length, 1) };
  }

  private async concessionsWithImplicit(student: Pick<Student, 'id' | 'rte'>, rows?: ConcessionRow[], repo = this.repo): Promise<Concession[]> {
    const recorded = (rows ?? (await repo.concessions([student.id]))).map(toConcession);
    const tuition = student.rte ? (await repo.heads()).filter((h) => h.tuition).map((h) => h.id) : [];
    return concessionsInForce(recorded, student, tuition);
  }

  async createConcession(ctx: WorkspaceContext, studentId: string, input: CreateConcessionInput): Promise<ConcessionResult> {
    await this.students.get(ctx, studentId);
    await this.access.require(ctx, 'feeHead', input.headIds);
    return this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const id = await repo.insertConcession(
        { studentId, kind: input.kind, percent: input.percent ?? null, amount: input.amount ?? null, headIds: input.headIds, note: input.note ?? null, approvedBy: ctx.userId },
        tx.now,
      );
      const concession = toConcession((await repo.concessions([studentId])).find((c) => c.id === id)!);
      await tx.audit({ action: 'fee_concession.created', entity: 'fee_concession', entityId: id, after: concession });
      return { concession };
    });
  }

  async removeConcession(ctx: WorkspaceContext, studentId: string, concessionId: string): Promise<{ removed: true }> {
    await this.students.get(ctx, studentId);
    return this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const row = (await repo.concessions([studentId])).find((c) => c.id === concessionId);
      if (!row) throw new DomainException('NOT_FOUND');
      await repo.deleteConcession(studentId, concessionId);
      await tx.audit({ action: 'fee_concession.removed', entity: 'fee_concession', entityId: concessionId, before: toConcession(row) });
      return { removed: true as const };
    });
  }

  // ── dues ───────────────────────────────────────────────────────────────
  /** A student's dues as of a date, read on `repo` (a payment's transaction, or the pool). */
  private async duesOf(student: Student, asOf: string, repo = this.repo, enrolment: Enrolment | null = student.enrolment): Promise<StudentFees> {
    return (await this.duesMany([{ student, enrolment }], asOf, repo)).get(student.id)!;
  }

  /**
   * Many students' dues, each of one enrolment (a year's class), as of a date, in the same few
   * queries whatever their number: the class structures, their items, the students' own instalments
   * (a promotion's arrears, without concessions: they were given in the year the arrears come from),
   * concessions and payments. `duesOf` is this for one student; the year end reads a whole school.
   */
  private async duesMany(entries: readonly { student: Student; enrolment: Enrolment | null }[], asOf: string, repo = this.repo): Promise<Map<string, StudentFees>> {
    const out = new Map<string, StudentFees>();
    if (entries.length === 0) return out;
    const ids = entries.map((e) => e.student.id);
    const classIds = [...new Set(entries.map((e) => e.enrolment?.classId).filter((x): x is string => !!x))];
    // One statement: a payment reads this inside its transaction, where every round trip counts (issue 32).
    const { structures: structureRows, classItems, ownItems, concessions: concessionRows, allocations, heads } = await repo.duesInputs(
      classIds,
      ids,
      entries.some((e) => e.student.rte),
    );
    const tuition = heads.filter((h) => h.tuition).map((h) => h.id);
    const byStudent = <T extends { student_id: string }>(rows: readonly T[]) => {
      const m = new Map<string, T[]>();
      for (const r of rows) m.set(r.student_id, [...(m.get(r.student_id) ?? []), r]);
      return m;
    };
    const concessionsOf = byStudent(concessionRows);
    const paidOf = byStudent(allocations);
    const ownOf = byStudent(ownItems);
    const structureOf = new Map(structureRows.map((r) => [r.class_id, { row: r, structure: toStructure(r, classItems) }]));
    for (const { student, enrolment } of entries) {
      const s = enrolment?.classId ? structureOf.get(enrolment.classId) : undefined;
      const concessions = concessionsInForce((concessionsOf.get(student.id) ?? []).map(toConcession), student, student.rte ? tuition : []);
      const paid = (paidOf.get(student.id) ?? []).map((a) => ({ instalmentId: a.instalment_id, headId: a.head_id, amount: n(a.amount), paidOn: a.paid_on }));
      let result: Pick<StudentFees, 'instalments' | 'totals'> = { instalments: [], totals: { amount: 0, concession: 0, lateFee: 0, paid: 0, balance: 0, overdue: 0 } };
      if (s) {
        result = computeDues(s.structure, concessions, paid, asOf);
        const own = (ownOf.get(student.id) ?? []).filter((i) => i.structure_id === s.row.id);
        if (own.length > 0) result = mergeDues(computeDues(toStructure(s.row, own), [], paid, asOf), result);
      }
      out.set(student.id, {
        studentId: student.id,
        studentName: student.name,
        admissionNumber: student.admissionNumber,
        className: enrolment ? `${enrolment.className} ${enrolment.sectionName}`.trim() : null,
        rte: student.rte,
        asOf,
        structureId: s?.row.id ?? null,
        academicYear: s?.row.academic_year ?? null,
        instalments: result.instalments,
        concessions,
        totals: result.totals,
      });
    }
    return out;
  }

  /**
   * A student's dues of one academic year (`GET …/fees?academicYear=`): that year's enrolment; by
   * default the school's current year's, else the newest.
   */
  async studentFees(ctx: WorkspaceContext, studentId: string, asOf?: string, academicYear?: string): Promise<StudentFees> {
    const { student } = await this.students.get(ctx, studentId);
    const years = student.enrolments ?? [];
    const enrolment = academicYear ? (years.find((e) => e.academicYear === academicYear) ?? null) : (years.find((e) => e.current) ?? student.enrolment);
    const [dues, settings, advance] = await Promise.all([
      this.duesOf(student, asOf ?? this.today(), this.repo, enrolment),
      this.repo.settings(),
      this.repo.advance(student.id),
    ]);
    // Whether …/fees/upi-qr can answer: a page asks for the QR only then (issue 36, no 422 without a UPI ID).
    return { ...dues, upiAvailable: !!settings?.upi_id, advance };
  }

  /** A student's dues of one enrolment (a year's class), read in the caller's transaction when `m` is given (the promotions' arrears carry). */
  enrolmentDues(student: Student, enrolment: Enrolment, asOf: string, m?: EntityManager): Promise<StudentFees> {
    return this.duesOf(student, asOf, m ? this.repo.in(m) : this.repo, enrolment);
  }

  /** Many students' dues of one enrolment each, in a few queries (the year end's preview and carry), in the caller's transaction when `m` is given. */
  enrolmentDuesMany(entries: readonly { student: Student; enrolment: Enrolment }[], asOf: string, m?: EntityManager): Promise<Map<string, StudentFees>> {
    return this.duesMany(entries, asOf, m ? this.repo.in(m) : this.repo);
  }

  // ── payments and receipts ──────────────────────────────────────────────
  async pay(ctx: WorkspaceContext, input: CreatePaymentInput): Promise<ReceiptResult> {
    if (input.paidOn > this.today()) throw new DomainException('VALIDATION_FAILED', { details: { paidOn: 'The payment date cannot be in the future' } });
    const student = await this.students.record(ctx, input.studentId);
    if (input.instalmentIds?.length) await this.access.require(ctx, 'feeInstalment', input.instalmentIds);
    // The receipt is answered from what was written (recordPayment), not read back after COMMIT; the
    // student's fees lock is the transaction's opening statement, sent with its start.
    const receipt = await this.writes.run(
      ctx,
      (tx) =>
        this.recordPayment(ctx, tx, student, { amount: input.amount, mode: input.mode, reference: input.reference ?? null, paidOn: input.paidOn, instalmentIds: input.instalmentIds }),
      this.repo.studentFeesLock(student.id),
    );
    return { receipt };
  }

  /**
   * Records a payment as a receipt inside the caller's write (`tx` of SchoolWrites.run): the student's
   * dues are locked and read, the amount allocated oldest due first (or to `instalmentIds`), the next
   * gap-free number of the financial year taken, the receipt stored with the guardian's name and what
   * is left to pay after it, and audited as `fee_receipt.created`. More than is due is refused (422
   * PAYMENT_EXCEEDS_DUES, the most that is due in rupees) and nothing is written. Answers the
   * receipt as stored, built from what was written (the dues read, the numbered insert), exactly
   * as reading it back would answer it (fees.int-spec compares the two), one round trip fewer. The
   * counter's payments come here, and so can any other way of paying (mode `online`), so every
   * receipt is made the same way.
   */
  async recordPayment(ctx: WorkspaceContext, tx: SchoolTx, student: Student, p: PaymentToRecord): Promise<Receipt> {
    const repo = this.repo.in(tx.m);
    await repo.lockStudentFees(student.id);
    const dues = await this.duesOf(student, p.paidOn, repo);
    if (!dues.structureId && !p.keepExcessAsAdvance) throw new DomainException('NO_FEE_STRUCTURE');
    if (p.instalmentIds?.length && !p.keepExcessAsAdvance) {
      const known = new Set(dues.instalments.map((i) => i.instalmentId));
      if (!p.instalmentIds.every((i) => known.has(i))) throw new DomainException('NOT_FOUND', { message: 'These instalments are not this student’s.' });
    }
    const { allocations, unallocated } = allocatePayment(dues.instalments, p.amount, p.instalmentIds);
    if (unallocated > 0 && !p.keepExcessAsAdvance) {
      const message = paymentExceedsDuesMessage(p.amount - unallocated, !!p.instalmentIds?.length);
      throw new DomainException('PAYMENT_EXCEEDS_DUES', { message: `${message}.`, details: { amount: message } });
    }
    // What is left after it, as the dues page will show it on paidOn: the dues as of paidOn less what
    // this receipt allocated (an allocation never exceeds an item's or late fee's balance, and the
    // late fee of an instalment it settles stops on paidOn, the as-of day, so nothing else moves).
    const dueBy = new Set(dues.instalments.filter((i) => i.dueOn <= p.paidOn).map((i) => i.instalmentId));
    const allocated = allocations.reduce((sum, a) => sum + a.amount, 0);
    const allocatedDue = allocations.filter((a) => dueBy.has(a.instalmentId)).reduce((sum, a) => sum + a.amount, 0);
    const after = { totals: { balance: dues.totals.balance - allocated, overdue: dues.totals.overdue - allocatedDue } };
    const financialYear = financialYearOf(p.paidOn);
    const receiptId = randomUUID();
    const collectedBy = p.collectedBy === undefined ? ctx.userId : p.collectedBy;
    // Whether the school tells guardians of a receipt: read before the number is taken, so that the
    // counter's lock is held for as little as possible (issue 32).
    const message = await this.messaging.willQueue(tx, { event: 'receipt', ref: receiptId, studentIds: [student.id] });
    // The number is taken in the last statement before COMMIT, with the receipt, its lines and its
    // audit entry (which gets the number as `number` in `after`).
    const guardianName = student.guardians?.[0]?.name?.slice(0, 100) ?? null;
    const { number, collectedByName } = await repo.insertNumberedReceipt(
      {
        id: receiptId,
        financialYear,
        studentId: student.id,
        studentName: student.name,
        admissionNumber: student.admissionNumber,
        className: dues.className,
        guardianName,
        amount: p.amount,
        mode: p.mode,
        reference: p.reference,
        paidOn: p.paidOn,
        collectedBy,
        balanceAfter: after.totals.balance,
        dueAfter: after.totals.overdue,
      },
      allocations,
      tx.now,
      tx.auditRow({
        action: 'fee_receipt.created',
        entity: 'fee_receipt',
        entityId: receiptId,
        after: { studentId: student.id, amount: p.amount, mode: p.mode, reference: p.reference, paidOn: p.paidOn, allocations, balanceAfter: after.totals.balance, ...(unallocated > 0 ? { advance: unallocated } : {}) },
      }),
    );
    if (message) await this.messaging.queue(tx, { event: 'receipt', ref: receiptId, studentIds: [student.id], values: { amount: formatRupees(p.amount), receiptNumber: number } }, true);
    // The receipt as receiptWithAllocations would read it: its lines named from the dues they paid,
    // ordered as that read orders them (due date, then the order the dues list them; a late fee last).
    const order = new Map(dues.instalments.map((inst, k) => [inst.instalmentId, k]));
    const allocRows: ReceiptAllocationRow[] = allocations
      .map((a, k) => ({ a, k, inst: dues.instalments[order.get(a.instalmentId)!]! }))
      .sort((x, y) => (x.inst.dueOn < y.inst.dueOn ? -1 : x.inst.dueOn > y.inst.dueOn ? 1 : x.k - y.k))
      .map(({ a, inst }) => {
        const item = a.headId === null ? undefined : inst.items.find((i) => i.headId === a.headId);
        return {
          receipt_id: receiptId,
          instalment_id: a.instalmentId,
          instalment_name: inst.name,
          due_on: inst.dueOn,
          head_id: a.headId,
          head_name: item?.headName ?? null,
          tuition: item ? item.tuition : null,
          amount: String(a.amount),
        };
      });
    const row: ReceiptRow = {
      id: receiptId,
      number,
      financial_year: financialYear,
      student_id: student.id,
      student_name: student.name,
      admission_number: student.admissionNumber,
      class_name: dues.className,
      amount: String(p.amount),
      mode: p.mode,
      reference: p.reference,
      paid_on: p.paidOn,
      status: 'active',
      collected_by: collectedBy,
      collected_by_name: collectedByName,
      collected_by_username: null,
      guardian_name: guardianName,
      balance_after: String(after.totals.balance),
      due_after: String(after.totals.overdue),
      created_at: tx.now,
      cancelled_at: null,
      cancel_reason: null,
      print_count: 0,
    };
    return toReceipt(row, allocRows);
  }

  /**
   * Cancels an active receipt inside the caller's write, e.g. once the gateway refunded it (online
   * fee payment): the number is kept, the reason recorded, audited as `fee_receipt.cancelled`.
   * False when it was cancelled already (nothing changes).
   */
  async cancelReceiptIn(tx: SchoolTx, receiptId: string, by: string | null, reason: string): Promise<boolean> {
    const repo = this.repo.in(tx.m);
    const row = await repo.receipt(receiptId, true);
    if (!row) throw new DomainException('NOT_FOUND');
    if (row.status === 'cancelled') return false;
    await repo.cancelReceipt(receiptId, by, reason, tx.now);
    await tx.audit({
      action: 'fee_receipt.cancelled',
      entity: 'fee_receipt',
      entityId: receiptId,
      before: { number: row.number, status: row.status, amount: n(row.amount) },
      after: { number: row.number, status: 'cancelled', reason },
    });
    return true;
  }

  private async receiptById(id: string, repo = this.repo): Promise<Receipt> {
    const found = await repo.receiptWithAllocations(id);
    if (!found) throw new DomainException('NOT_FOUND');
    return toReceipt(found.row, found.allocations);
  }

  async receiptsOf(rows: ReceiptRow[]): Promise<Receipt[]> {
    if (rows.length === 0) return [];
    const allocs = await this.repo.receiptAllocations(rows.map((r) => r.id));
    return rows.map((r) => toReceipt(r, allocs));
  }

  async listReceipts(ctx: WorkspaceContext, q: ListReceiptsQuery): Promise<ReceiptList> {
    if (q.studentId) await this.students.get(ctx, q.studentId);
    const { rows, total } = await this.repo.receipts({ studentId: q.studentId, from: q.from, to: q.to, status: q.status }, q.page, q.pageSize);
    return { items: await this.receiptsOf(rows), total, page: q.page, pageSize: q.pageSize };
  }

  /** One receipt, for whoever may read its student (a guardian: their own children's). */
  async getReceipt(ctx: WorkspaceContext, receiptId: string): Promise<ReceiptResult> {
    await this.access.require(ctx, 'feeReceipt', [receiptId]);
    const receipt = await this.receiptById(receiptId);
    if (ctx.role === 'guardian') await this.students.get(ctx, receipt.studentId);
    return { receipt };
  }

  async cancelReceipt(ctx: WorkspaceContext, receiptId: string, input: CancelReceiptInput): Promise<ReceiptResult> {
    await this.access.require(ctx, 'feeReceipt', [receiptId]);
    await this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const row = await repo.receipt(receiptId, true);
      if (!row) throw new DomainException('NOT_FOUND');
      if (row.status === 'cancelled') throw new DomainException('RECEIPT_CANCELLED');
      await repo.cancelReceipt(receiptId, ctx.userId, input.reason, tx.now);
      await tx.audit({
        action: 'fee_receipt.cancelled',
        entity: 'fee_receipt',
        entityId: receiptId,
        before: { number: row.number, status: row.status, amount: n(row.amount) },
        after: { number: row.number, status: 'cancelled', reason: input.reason },
      });
    });
    return { receipt: await this.receiptById(receiptId) };
  }

  /**
   * The receipt as a PDF. The school's prints (admin, accountant) are counted: the first is the
   * original, every later one is marked DUPLICATE (`copy` forces either). A guardian's download is
   * not a print: it is marked GUARDIAN'S COPY with the day it was downloaded, leaves the count
   * alone (so the office's next print is still the original) and is audited as
   * `fee_receipt.downloaded`.
   */
  async receiptPdf(ctx: WorkspaceContext, receiptId: string, copy?: 'original' | 'duplicate', lang: ReceiptLanguage = 'en'): Promise<{ pdf: Buffer; number: string }> {
    const { receipt } = await this.getReceipt(ctx, receiptId);
    let mark: ReceiptCopy;
    if (ctx.role === 'guardian') {
      const downloadedAt = await this.writes.run(ctx, async (tx) => {
        await tx.audit({ action: 'fee_receipt.downloaded', entity: 'fee_receipt', entityId: receiptId, after: { number: receipt.number, copy: 'guardian' } });
        return tx.now;
      });
      mark = { kind: 'guardian', downloadedAt };
    } else {
      const prints = await this.writes.run(ctx, async (tx) => {
        const count = await this.repo.in(tx.m).bumpPrintCount(receiptId);
        await tx.audit({ action: 'fee_receipt.printed', entity: 'fee_receipt', entityId: receiptId, after: { number: receipt.number, print: count } });
        return count;
      });
      mark = { kind: copy === 'duplicate' || (copy !== 'original' && prints > 1) ? 'duplicate' : 'original' };
    }
    const school = await this.repo.school();
    return { pdf: await renderReceiptPdf(receipt, school!, mark, lang), number: receipt.number };
  }

  // ── UPI ────────────────────────────────────────────────────────────────
  /** A `upi://pay` link and QR for an instalment's balance (or everything due now). */
  async upiQr(ctx: WorkspaceContext, studentId: string, instalmentId?: string): Promise<UpiQr> {
    const fees = await this.studentFees(ctx, studentId);
    const settings = await this.repo.settings();
    if (!settings?.upi_id) throw new DomainException('UPI_NOT_SET');
    let amount: number;
    let reference: string;
    if (instalmentId) {
      const inst = fees.instalments.find((i) => i.instalmentId === instalmentId);
      if (!inst) throw new DomainException('NOT_FOUND');
      amount = inst.balance;
      reference = `${fees.admissionNumber}-${inst.name}`;
    } else {
      amount = fees.instalments.filter((i) => i.dueOn <= fees.asOf).reduce((s, i) => s + Math.max(0, i.balance), 0);
      reference = `${fees.admissionNumber}-DUES`;
    }
    if (amount <= 0) throw new DomainException('VALIDATION_FAILED', { message: 'Nothing is due to pay.', details: { instalmentId: 'Nothing is due on this instalment' } });
    reference = reference.replace(/[^A-Za-z0-9-]/g, '').slice(0, 35);
    const school = await this.repo.school();
    const link = upiLink({ upiId: settings.upi_id, payeeName: settings.upi_name || school!.name, amount, reference, note: `Fees ${fees.admissionNumber}` });
    const QRCode = await loadQrCode();
    const [qr, svg] = await Promise.all([QRCode.toDataURL(link, { errorCorrectionLevel: 'M', margin: 2, width: 320 }), QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })]);
    return { link, amount, reference, qr, svg };
  }
}
