import { Injectable } from '@nestjs/common';
import {
  allocatePayment,
  amountInWords,
  computeDues,
  financialYearOf,
  formatReceiptNumber,
  formatRupees,
  implicitRteWaiver,
  istParts,
  paymentExceedsDuesMessage,
  upiLink,
  type CancelReceiptInput,
  type CollectionReport,
  type Concession,
  type ConcessionResult,
  type CreateConcessionInput,
  type CreateFeeHeadInput,
  type CreateFeeStructureInput,
  type CreatePaymentInput,
  type DayBook,
  type Defaulter,
  type DefaulterList,
  type DefaultersQuery,
  type FeeClassList,
  type FeeHead,
  type FeeHeadResult,
  type FeeSettings,
  type FeeSettingsInput,
  type FeeStructure,
  type FeeStructureResult,
  type LateFeeRule,
  type ListFeeStructuresQuery,
  type ListReceiptsQuery,
  type Page,
  type PaymentMode,
  type PutLateFeeInput,
  type Receipt,
  type ReceiptList,
  type ReceiptResult,
  type Enrolment,
  type Student,
  type StudentFees,
  type StudentListItem,
  type UpdateFeeStructureInput,
  type UpiQr,
} from '@vidyalaya/shared';
import QRCode from 'qrcode';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../common/clock';
import { DomainException } from '../../common/domain.exception';
import { AccessService } from '../../common/workspace/access.service';
import { SchoolWrites, type SchoolTx } from '../../common/workspace/school-writes';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import { violatedUniqueIndex } from '../../database/unique-violation';
import { MessagingService } from '../messaging/messaging.service';
import { StudentsService } from '../students/students.service';
import { FeesRepository, type ConcessionRow, type HeadRow, type InstalmentItemRow, type ReceiptAllocationRow, type ReceiptRow, type StructureRow } from './fees.repository';
import { mergeDues } from './fee-arrears';
import { renderReceiptPdf, type ReceiptCopy, type ReceiptLanguage } from './receipt-pdf';

const pad2 = (n: number) => String(n).padStart(2, '0');
const n = (v: string | number | null): number => (v === null ? 0 : Number(v));

function toHead(r: HeadRow): FeeHead {
  return { id: r.id, name: r.name, tuition: r.tuition, createdAt: r.created_at.toISOString() };
}

function lateFeeOf(r: StructureRow): LateFeeRule | null {
  if (!r.late_fee_kind) return null;
  return { kind: r.late_fee_kind, amount: n(r.late_fee_amount), graceDays: r.late_fee_grace_days, cap: r.late_fee_cap === null ? null : n(r.late_fee_cap) };
}

function toStructure(r: StructureRow, items: InstalmentItemRow[]): FeeStructure {
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

function toConcession(r: ConcessionRow): Concession {
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

function toReceipt(r: ReceiptRow, allocs: ReceiptAllocationRow[]): Receipt {
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
function concessionsInForce(recorded: Concession[], student: Pick<Student, 'id' | 'rte'>, tuitionHeadIds: readonly string[]): Concession[] {
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
 * that keeps the number, the receipt PDF, the day book, the defaulters and the collection report.
 * Students (their class, RTE flag, guardian scoping) are read through StudentsService.
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
    const p = istParts(this.clock.now());
    return `${p.year}-${pad2(p.month)}-${pad2(p.day)}`;
  }

  // ── heads ──────────────────────────────────────────────────────────────
  async listHeads(ctx: WorkspaceContext): Promise<Page<FeeHead>> {
    const rows = await this.repo.heads(ctx.schoolId);
    return { items: rows.map(toHead), total: rows.length, page: 1, pageSize: Math.max(rows.length, 1) };
  }

  async createHead(ctx: WorkspaceContext, input: CreateFeeHeadInput): Promise<FeeHeadResult> {
    try {
      return await this.writes.run(ctx, async (tx) => {
        const repo = this.repo.in(tx.m);
        if (await repo.headNameTaken(ctx.schoolId, input.name)) throw new DomainException('FEE_HEAD_EXISTS', { details: { name: 'A fee head with this name already exists' } });
        const head = toHead(await repo.createHead(ctx.schoolId, input.name, input.tuition, tx.now));
        await tx.audit({ action: 'fee_head.created', entity: 'fee_head', entityId: head.id, after: head });
        return { head };
      });
    } catch (e) {
      if (violatedUniqueIndex(e) === 'fee_heads_name_uq') throw new DomainException('FEE_HEAD_EXISTS', { details: { name: 'A fee head with this name already exists' } });
      throw e;
    }
  }

  // ── structures ─────────────────────────────────────────────────────────
  async classes(ctx: WorkspaceContext): Promise<FeeClassList> {
    const rows = await this.repo.classesWithStructure(ctx.schoolId);
    const items = rows.map((r) => ({ classId: r.class_id, name: r.name, academicYear: r.academic_year, structureId: r.structure_id }));
    return { items, total: items.length, page: 1, pageSize: Math.max(items.length, 1) };
  }

  private async structuresOf(schoolId: string, rows: StructureRow[]): Promise<FeeStructure[]> {
    if (rows.length === 0) return [];
    const items = await this.repo.itemsOf(schoolId, rows.map((r) => r.id));
    return rows.map((r) => toStructure(r, items));
  }

  async listStructures(ctx: WorkspaceContext, q: ListFeeStructuresQuery): Promise<Page<FeeStructure>> {
    const rows = await this.repo.structures(ctx.schoolId, { classId: q.classId, academicYear: q.academicYear });
    const slice = rows.slice((q.page - 1) * q.pageSize, q.page * q.pageSize);
    return { items: await this.structuresOf(ctx.schoolId, slice), total: rows.length, page: q.page, pageSize: q.pageSize };
  }

  async getStructure(ctx: WorkspaceContext, structureId: string): Promise<FeeStructureResult> {
    await this.access.require(ctx, 'feeStructure', [structureId]);
    const [structure] = await this.structuresOf(ctx.schoolId, await this.repo.structures(ctx.schoolId, { ids: [structureId] }));
    if (!structure) throw new DomainException('NOT_FOUND');
    return { structure };
  }

  async createStructure(ctx: WorkspaceContext, input: CreateFeeStructureInput): Promise<FeeStructureResult> {
    await this.access.require(ctx, 'class', [input.classId]);
    const headIds = [...new Set(input.instalments.flatMap((i) => i.items.map((x) => x.headId)))];
    await this.access.require(ctx, 'feeHead', headIds);
    const cls = await this.repo.classOf(ctx.schoolId, input.classId);
    if (!cls) throw new DomainException('NOT_FOUND');
    if (cls.academic_year !== input.academicYear) {
      throw new DomainException('VALIDATION_FAILED', { details: { academicYear: `This class belongs to the academic year ${cls.academic_year}` } });
    }
    try {
      const id = await this.writes.run(ctx, async (tx) => {
        const repo = this.repo.in(tx.m);
        if (await repo.structureForClass(ctx.schoolId, input.classId)) throw new DomainException('FEE_STRUCTURE_EXISTS');
        const lateFee = input.lateFee ? { ...input.lateFee, cap: input.lateFee.cap ?? null } : null;
        const structureId = await repo.insertStructure(ctx.schoolId, { classId: input.classId, academicYear: input.academicYear, lateFee }, input.instalments, tx.now);
        const [structure] = await this.structuresOfIn(repo, ctx.schoolId, structureId);
        await tx.audit({ action: 'fee_structure.created', entity: 'fee_structure', entityId: structureId, after: structure });
        return structureId;
      });
      return this.getStructure(ctx, id);
    } catch (e) {
      if (violatedUniqueIndex(e) === 'fee_structures_class_uq') throw new DomainException('FEE_STRUCTURE_EXISTS');
      throw e;
    }
  }

  private async structuresOfIn(repo: FeesRepository, schoolId: string, id: string): Promise<FeeStructure[]> {
    const rows = await repo.structures(schoolId, { ids: [id] });
    const items = await repo.itemsOf(schoolId, [id]);
    return rows.map((r) => toStructure(r, items));
  }

  async setLateFee(ctx: WorkspaceContext, structureId: string, input: PutLateFeeInput): Promise<FeeStructureResult> {
    await this.access.require(ctx, 'feeStructure', [structureId]);
    await this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const [before] = await this.structuresOfIn(repo, ctx.schoolId, structureId);
      const rule = input.lateFee ? { ...input.lateFee, cap: input.lateFee.cap ?? null } : null;
      await repo.setLateFee(ctx.schoolId, structureId, rule, tx.now);
      await tx.audit({ action: 'fee_structure.late_fee_set', entity: 'fee_structure', entityId: structureId, before: { lateFee: before.lateFee }, after: { lateFee: rule } });
    });
    return this.getStructure(ctx, structureId);
  }

  /**
   * Edits a structure's instalments (and, when given, its late-fee rule) in one audited write. An
   * edit that would leave a payment without its instalment or head, or make a head's amount less
   * than what active receipts have paid on it, is refused (409 FEE_STRUCTURE_PAID) with nothing
   * changed; the first such problem is the message, each is a detail.
   */
  async updateStructure(ctx: WorkspaceContext, structureId: string, input: UpdateFeeStructureInput): Promise<FeeStructureResult> {
    await this.access.require(ctx, 'feeStructure', [structureId]);
    const headIds = [...new Set(input.instalments.flatMap((i) => i.items.map((x) => x.headId)))];
    await this.access.require(ctx, 'feeHead', headIds);
    await this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      if (!(await repo.lockStructure(ctx.schoolId, structureId))) throw new DomainException('NOT_FOUND');
      const [before] = await this.structuresOfIn(repo, ctx.schoolId, structureId);
      const existing = new Map(before.instalments.map((i) => [i.id, i]));
      const details: Record<string, string> = {};
      input.instalments.forEach((inst, i) => {
        if (inst.id && !existing.has(inst.id)) details[`instalments.${i}.id`] = 'This instalment is not part of this fee structure';
      });
      if (Object.keys(details).length > 0) throw new DomainException('VALIDATION_FAILED', { details });
      const kept = new Set(input.instalments.flatMap((i) => (i.id ? [i.id] : [])));
      const removed = before.instalments.filter((i) => !kept.has(i.id));
      const allocations = await repo.allocationsOfStructure(ctx.schoolId, structureId);
      for (const inst of removed) {
        if (allocations.some((a) => a.instalment_id === inst.id)) {
          details[`instalment.${inst.id}`] = `${inst.name}: receipts are recorded against this instalment, so it cannot be removed`;
        }
      }
      input.instalments.forEach((inst, i) => {
        if (!inst.id) return;
        const old = existing.get(inst.id)!;
        for (const a of allocations.filter((x) => x.instalment_id === inst.id && x.head_id !== null && n(x.paid) > 0)) {
          const headName = old.items.find((x) => x.headId === a.head_id)?.headName ?? '';
          const item = inst.items.find((x) => x.headId === a.head_id);
          const paid = formatRupees(n(a.paid));
          const j = item ? inst.items.indexOf(item) : -1;
          if (!item) details[`instalments.${i}.items`] = `${inst.name}: ${paid} is paid on ${headName}, so it cannot be removed`;
          else if (item.amount < n(a.paid)) details[`instalments.${i}.items.${j}.amount`] = `${inst.name}: ${headName} cannot be less than the ${paid} already paid`;
        }
      });
      const problems = Object.values(details);
      if (problems.length > 0) throw new DomainException('FEE_STRUCTURE_PAID', { message: `${problems[0]}.`, details });
      await repo.replaceInstalments(
        ctx.schoolId,
        structureId,
        input.instalments,
        removed.map((i) => i.id),
        tx.now,
      );
      if (input.lateFee !== undefined) {
        await repo.setLateFee(ctx.schoolId, structureId, input.lateFee ? { ...input.lateFee, cap: input.lateFee.cap ?? null } : null, tx.now);
      }
      const [after] = await this.structuresOfIn(repo, ctx.schoolId, structureId);
      await tx.audit({ action: 'fee_structure.updated', entity: 'fee_structure', entityId: structureId, before, after });
    });
    return this.getStructure(ctx, structureId);
  }

  // ── concessions ────────────────────────────────────────────────────────
  async listConcessions(ctx: WorkspaceContext, studentId: string): Promise<Page<Concession>> {
    const student = (await this.students.get(ctx, studentId)).student;
    const items = await this.concessionsWithImplicit(ctx.schoolId, student);
    return { items, total: items.length, page: 1, pageSize: Math.max(items.length, 1) };
  }

  private async concessionsWithImplicit(schoolId: string, student: Pick<Student, 'id' | 'rte'>, rows?: ConcessionRow[], repo = this.repo): Promise<Concession[]> {
    const recorded = (rows ?? (await repo.concessions(schoolId, [student.id]))).map(toConcession);
    const tuition = student.rte ? (await repo.heads(schoolId)).filter((h) => h.tuition).map((h) => h.id) : [];
    return concessionsInForce(recorded, student, tuition);
  }

  async createConcession(ctx: WorkspaceContext, studentId: string, input: CreateConcessionInput): Promise<ConcessionResult> {
    await this.students.get(ctx, studentId);
    await this.access.require(ctx, 'feeHead', input.headIds);
    return this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const id = await repo.insertConcession(
        ctx.schoolId,
        { studentId, kind: input.kind, percent: input.percent ?? null, amount: input.amount ?? null, headIds: input.headIds, note: input.note ?? null, approvedBy: ctx.userId },
        tx.now,
      );
      const concession = toConcession((await repo.concessions(ctx.schoolId, [studentId])).find((c) => c.id === id)!);
      await tx.audit({ action: 'fee_concession.created', entity: 'fee_concession', entityId: id, after: concession });
      return { concession };
    });
  }

  async removeConcession(ctx: WorkspaceContext, studentId: string, concessionId: string): Promise<{ removed: true }> {
    await this.students.get(ctx, studentId);
    return this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const row = (await repo.concessions(ctx.schoolId, [studentId])).find((c) => c.id === concessionId);
      if (!row) throw new DomainException('NOT_FOUND');
      await repo.deleteConcession(ctx.schoolId, studentId, concessionId);
      await tx.audit({ action: 'fee_concession.removed', entity: 'fee_concession', entityId: concessionId, before: toConcession(row) });
      return { removed: true as const };
    });
  }

  // ── dues ───────────────────────────────────────────────────────────────
  /** A student's dues as of a date, read on `repo` (a payment's transaction, or the pool). */
  private async duesOf(schoolId: string, student: Student, asOf: string, repo = this.repo, enrolment: Enrolment | null = student.enrolment): Promise<StudentFees> {
    return (await this.duesMany(schoolId, [{ student, enrolment }], asOf, repo)).get(student.id)!;
  }

  /**
   * Many students' dues, each of one enrolment (a year's class), as of a date, in the same few
   * queries whatever their number: the class structures, their items, the students' own instalments
   * (a promotion's arrears, without concessions: they were given in the year the arrears come from),
   * concessions and payments. `duesOf` is this for one student; the year end reads a whole school.
   */
  private async duesMany(schoolId: string, entries: readonly { student: Student; enrolment: Enrolment | null }[], asOf: string, repo = this.repo): Promise<Map<string, StudentFees>> {
    const out = new Map<string, StudentFees>();
    if (entries.length === 0) return out;
    const ids = entries.map((e) => e.student.id);
    const classIds = [...new Set(entries.map((e) => e.enrolment?.classId).filter((x): x is string => !!x))];
    const structureRows = classIds.length > 0 ? await repo.structureByClassIds(schoolId, classIds) : [];
    const structureIds = structureRows.map((r) => r.id);
    // One after another: `repo` may be a transaction's single connection (pg deprecates overlapping queries on one client).
    const classItems = structureIds.length > 0 ? await repo.itemsOf(schoolId, structureIds) : [];
    const ownItems = structureIds.length > 0 ? await repo.studentItemsOf(schoolId, structureIds, ids) : [];
    const concessionRows = await repo.concessions(schoolId, ids);
    const allocations = await repo.activeAllocations(schoolId, ids);
    const heads: HeadRow[] = entries.some((e) => e.student.rte) ? await repo.heads(schoolId) : [];
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
      this.duesOf(ctx.schoolId, student, asOf ?? this.today(), this.repo, enrolment),
      this.repo.settings(ctx.schoolId),
      this.repo.advance(ctx.schoolId, student.id),
    ]);
    // Whether …/fees/upi-qr can answer: a page asks for the QR only then (issue 36, no 422 without a UPI ID).
    return { ...dues, upiAvailable: !!settings?.upi_id, advance };
  }

  /** A student's dues of one enrolment (a year's class), read in the caller's transaction when `m` is given (the promotions' arrears carry). */
  enrolmentDues(schoolId: string, student: Student, enrolment: Enrolment, asOf: string, m?: EntityManager): Promise<StudentFees> {
    return this.duesOf(schoolId, student, asOf, m ? this.repo.in(m) : this.repo, enrolment);
  }

  /** Many students' dues of one enrolment each, in a few queries (the year end's preview and carry), in the caller's transaction when `m` is given. */
  enrolmentDuesMany(schoolId: string, entries: readonly { student: Student; enrolment: Enrolment }[], asOf: string, m?: EntityManager): Promise<Map<string, StudentFees>> {
    return this.duesMany(schoolId, entries, asOf, m ? this.repo.in(m) : this.repo);
  }

  // ── payments and receipts ──────────────────────────────────────────────
  async pay(ctx: WorkspaceContext, input: CreatePaymentInput): Promise<ReceiptResult> {
    if (input.paidOn > this.today()) throw new DomainException('VALIDATION_FAILED', { details: { paidOn: 'The payment date cannot be in the future' } });
    const { student } = await this.students.get(ctx, input.studentId);
    if (input.instalmentIds?.length) await this.access.require(ctx, 'feeInstalment', input.instalmentIds);
    const id = await this.writes.run(ctx, (tx) =>
      this.recordPayment(ctx, tx, student, { amount: input.amount, mode: input.mode, reference: input.reference ?? null, paidOn: input.paidOn, instalmentIds: input.instalmentIds }),
    );
    return { receipt: await this.receiptById(ctx.schoolId, id) };
  }

  /**
   * Records a payment as a receipt inside the caller's write (`tx` of SchoolWrites.run): the student's
   * dues are locked and read, the amount allocated oldest due first (or to `instalmentIds`), the next
   * gap-free number of the financial year taken, the receipt stored with the guardian's name and what
   * is left to pay after it, and audited as `fee_receipt.created`. More than is due is refused (422
   * PAYMENT_EXCEEDS_DUES, the most that is due in rupees) and nothing is written. Answers the
   * receipt's id. The counter's payments come here, and so can any other way of paying (mode
   * `online`), so every receipt is made the same way.
   */
  async recordPayment(ctx: WorkspaceContext, tx: SchoolTx, student: Student, p: PaymentToRecord): Promise<string> {
    const repo = this.repo.in(tx.m);
    await repo.lockStudentFees(ctx.schoolId, student.id);
    const dues = await this.duesOf(ctx.schoolId, student, p.paidOn, repo);
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
    const seq = await repo.takeReceiptSeq(ctx.schoolId, financialYear);
    const number = formatReceiptNumber(financialYear, seq);
    const receiptId = await repo.insertReceipt(
      ctx.schoolId,
      {
        financialYear,
        seq,
        number,
        studentId: student.id,
        studentName: student.name,
        admissionNumber: student.admissionNumber,
        className: dues.className,
        guardianName: student.guardians?.[0]?.name ?? null,
        amount: p.amount,
        mode: p.mode,
        reference: p.reference,
        paidOn: p.paidOn,
        collectedBy: p.collectedBy === undefined ? ctx.userId : p.collectedBy,
        balanceAfter: after.totals.balance,
        dueAfter: after.totals.overdue,
      },
      allocations,
      tx.now,
    );
    await tx.audit({
      action: 'fee_receipt.created',
      entity: 'fee_receipt',
      entityId: receiptId,
      after: { number, studentId: student.id, amount: p.amount, mode: p.mode, reference: p.reference, paidOn: p.paidOn, allocations, balanceAfter: after.totals.balance, ...(unallocated > 0 ? { advance: unallocated } : {}) },
    });
    await this.messaging.queue(tx, { event: 'receipt', ref: receiptId, studentIds: [student.id], values: { amount: formatRupees(p.amount), receiptNumber: number } });
    return receiptId;
  }

  /** Paise of a receipt placed on dues (the rest of its amount is an advance), read in `tx` (online fee payment). */
  async allocatedOf(tx: SchoolTx, receiptId: string): Promise<number> {
    return this.repo.in(tx.m).allocatedTotal(tx.actor.schoolId, receiptId);
  }

  /** A receipt's number, read in `tx` (online fee payment keeps it beside the payment). */
  async receiptNumberOf(tx: SchoolTx, receiptId: string): Promise<string> {
    const row = await this.repo.in(tx.m).receipt(tx.actor.schoolId, receiptId);
    if (!row) throw new DomainException('NOT_FOUND');
    return row.number;
  }

  /**
   * Cancels an active receipt inside the caller's write, e.g. once the gateway refunded it (online
   * fee payment): the number is kept, the reason recorded, audited as `fee_receipt.cancelled`.
   * False when it was cancelled already (nothing changes).
   */
  async cancelReceiptIn(tx: SchoolTx, receiptId: string, by: string | null, reason: string): Promise<boolean> {
    const repo = this.repo.in(tx.m);
    const row = await repo.receipt(tx.actor.schoolId, receiptId, true);
    if (!row) throw new DomainException('NOT_FOUND');
    if (row.status === 'cancelled') return false;
    await repo.cancelReceipt(tx.actor.schoolId, receiptId, by, reason, tx.now);
    await tx.audit({
      action: 'fee_receipt.cancelled',
      entity: 'fee_receipt',
      entityId: receiptId,
      before: { number: row.number, status: row.status, amount: n(row.amount) },
      after: { number: row.number, status: 'cancelled', reason },
    });
    return true;
  }

  private async receiptById(schoolId: string, id: string, repo = this.repo): Promise<Receipt> {
    const row = await repo.receipt(schoolId, id);
    if (!row) throw new DomainException('NOT_FOUND');
    return toReceipt(row, await repo.receiptAllocations(schoolId, [id]));
  }

  private async receiptsOf(schoolId: string, rows: ReceiptRow[]): Promise<Receipt[]> {
    if (rows.length === 0) return [];
    const allocs = await this.repo.receiptAllocations(schoolId, rows.map((r) => r.id));
    return rows.map((r) => toReceipt(r, allocs));
  }

  async listReceipts(ctx: WorkspaceContext, q: ListReceiptsQuery): Promise<ReceiptList> {
    if (q.studentId) await this.students.get(ctx, q.studentId);
    const { rows, total } = await this.repo.receipts(ctx.schoolId, { studentId: q.studentId, from: q.from, to: q.to, status: q.status }, q.page, q.pageSize);
    return { items: await this.receiptsOf(ctx.schoolId, rows), total, page: q.page, pageSize: q.pageSize };
  }

  /** One receipt, for whoever may read its student (a guardian: their own children's). */
  async getReceipt(ctx: WorkspaceContext, receiptId: string): Promise<ReceiptResult> {
    await this.access.require(ctx, 'feeReceipt', [receiptId]);
    const receipt = await this.receiptById(ctx.schoolId, receiptId);
    if (ctx.role === 'guardian') await this.students.get(ctx, receipt.studentId);
    return { receipt };
  }

  async cancelReceipt(ctx: WorkspaceContext, receiptId: string, input: CancelReceiptInput): Promise<ReceiptResult> {
    await this.access.require(ctx, 'feeReceipt', [receiptId]);
    await this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const row = await repo.receipt(ctx.schoolId, receiptId, true);
      if (!row) throw new DomainException('NOT_FOUND');
      if (row.status === 'cancelled') throw new DomainException('RECEIPT_CANCELLED');
      await repo.cancelReceipt(ctx.schoolId, receiptId, ctx.userId, input.reason, tx.now);
      await tx.audit({
        action: 'fee_receipt.cancelled',
        entity: 'fee_receipt',
        entityId: receiptId,
        before: { number: row.number, status: row.status, amount: n(row.amount) },
        after: { number: row.number, status: 'cancelled', reason: input.reason },
      });
    });
    return { receipt: await this.receiptById(ctx.schoolId, receiptId) };
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
        const count = await this.repo.in(tx.m).bumpPrintCount(ctx.schoolId, receiptId);
        await tx.audit({ action: 'fee_receipt.printed', entity: 'fee_receipt', entityId: receiptId, after: { number: receipt.number, print: count } });
        return count;
      });
      mark = { kind: copy === 'duplicate' || (copy !== 'original' && prints > 1) ? 'duplicate' : 'original' };
    }
    const school = await this.repo.school(ctx.schoolId);
    return { pdf: await renderReceiptPdf(receipt, school!, mark, lang), number: receipt.number };
  }

  // ── reports ────────────────────────────────────────────────────────────
  /** The school's name, for a report's heading. */
  async schoolName(ctx: WorkspaceContext): Promise<string> {
    return (await this.repo.school(ctx.schoolId))?.name ?? '';
  }

  async dayBook(ctx: WorkspaceContext, date?: string): Promise<DayBook> {
    const day = date ?? this.today();
    const [paid, cancelled] = await Promise.all([this.repo.receiptsPaidOn(ctx.schoolId, day), this.repo.receiptsCancelledOn(ctx.schoolId, day)]);
    const receipts = await this.receiptsOf(ctx.schoolId, paid);
    const byMode = new Map<PaymentMode, { mode: PaymentMode; count: number; amount: number }>();
    for (const r of receipts.filter((x) => x.status === 'active')) {
      const m = byMode.get(r.mode) ?? { mode: r.mode, count: 0, amount: 0 };
      m.count += 1;
      m.amount += r.amount;
      byMode.set(r.mode, m);
    }
    const collections = [...byMode.values()].sort((a, b) => a.mode.localeCompare(b.mode));
    const cancellations = cancelled.map((r) => ({
      receiptId: r.id,
      number: r.number,
      amount: n(r.amount),
      mode: r.mode,
      reason: r.cancel_reason,
      cancelledAt: r.cancelled_at!.toISOString(),
      paidOn: r.paid_on,
    }));
    return {
      date: day,
      collections,
      receipts,
      cancellations,
      totals: {
        count: collections.reduce((s, c) => s + c.count, 0),
        amount: collections.reduce((s, c) => s + c.amount, 0),
        cancelledCount: cancellations.length,
        cancelledAmount: cancellations.reduce((s, c) => s + c.amount, 0),
      },
    };
  }

  /** Every active student of the classes with a structure, and what each owes as of `asOf`. */
  async defaulters(ctx: WorkspaceContext, q: DefaultersQuery): Promise<DefaulterList> {
    const asOf = q.asOf ?? this.today();
    if (q.classId) await this.access.require(ctx, 'class', [q.classId]);
    const structures = await this.repo.structures(ctx.schoolId, { classId: q.classId });
    const all: Defaulter[] = [];
    if (structures.length > 0) {
      const items = await this.repo.itemsOf(ctx.schoolId, structures.map((s) => s.id));
      // Each student's own instalments (a promotion's `Arrears 2026-27`), counted beside the class's, as on the student's fees.
      const ownItems = new Map<string, InstalmentItemRow[]>();
      for (const i of await this.repo.studentItemsOf(ctx.schoolId, structures.map((s) => s.id))) ownItems.set(i.student_id, [...(ownItems.get(i.student_id) ?? []), i]);
      const heads = await this.repo.heads(ctx.schoolId);
      const tuition = heads.filter((h) => h.tuition).map((h) => h.id);
      for (const s of structures) {
        const structure = toStructure(s, items);
        const students = await this.studentsOfClass(ctx, s.class_id);
        if (students.length === 0) continue;
        const ids = students.map((x) => x.id);
        const [concessions, allocations] = await Promise.all([this.repo.concessions(ctx.schoolId, ids), this.repo.activeAllocations(ctx.schoolId, ids)]);
        for (const st of students) {
          const paid = allocations.filter((a) => a.student_id === st.id).map((a) => ({ instalmentId: a.instalment_id, headId: a.head_id, amount: n(a.amount), paidOn: a.paid_on }));
          let dues: Pick<ReturnType<typeof computeDues>, 'instalments' | 'totals'> = computeDues(
            structure,
            concessionsInForce(concessions.filter((c) => c.student_id === st.id).map(toConcession), { id: st.id, rte: st.rte }, tuition),
            paid,
            asOf,
          );
          const own = (ownItems.get(st.id) ?? []).filter((i) => i.structure_id === s.id);
          // Without concessions: they were given in the year the arrears were carried from.
          if (own.length > 0) dues = mergeDues(computeDues(toStructure(s, own), [], paid, asOf), dues);
          const overdue = dues.instalments.filter((i) => i.dueOn <= asOf && i.balance > 0);
          if (overdue.length === 0) continue;
          all.push({
            studentId: st.id,
            studentName: st.name,
            admissionNumber: st.admissionNumber,
            classId: st.classId,
            className: st.className,
            sectionName: st.sectionName,
            guardianName: st.guardianName,
            guardianPhone: st.guardianPhone,
            overdueInstalments: overdue.length,
            balance: overdue.reduce((sum, i) => sum + i.balance, 0),
            lateFee: overdue.reduce((sum, i) => sum + i.lateFee - i.lateFeePaid, 0),
            oldestDueOn: overdue[0].dueOn,
          });
        }
      }
    }
    all.sort((a, b) => b.balance - a.balance || a.studentName.localeCompare(b.studentName));
    const items = q.format === 'xlsx' ? all : all.slice((q.page - 1) * q.pageSize, q.page * q.pageSize);
    return { asOf, items, total: all.length, page: q.page, pageSize: q.format === 'xlsx' ? Math.max(all.length, 1) : q.pageSize, totalBalance: all.reduce((s, d) => s + d.balance, 0) };
  }

  private async studentsOfClass(ctx: WorkspaceContext, classId: string): Promise<StudentListItem[]> {
    const out: StudentListItem[] = [];
    for (let page = 1; ; page++) {
      const list = await this.students.list(ctx, { classId, status: 'active', page, pageSize: 200 } as Parameters<StudentsService['list']>[1]);
      out.push(...list.items);
      if (list.items.length < 200 || out.length >= list.total) break;
    }
    return out;
  }

  async collection(ctx: WorkspaceContext, from: string, to: string): Promise<CollectionReport> {
    if (from > to) throw new DomainException('VALIDATION_FAILED', { details: { to: 'Choose a period of at most 366 days, from on or before to' } });
    const [rows, modes] = await Promise.all([this.repo.collection(ctx.schoolId, from, to), this.repo.collectionByMode(ctx.schoolId, from, to)]);
    const byClass = new Map<string, CollectionReport['byClass'][number]>();
    const byHead = new Map<string, CollectionReport['byHead'][number]>();
    for (const r of rows) {
      const c = byClass.get(r.class_id ?? '') ?? { classId: r.class_id, className: r.class_name ?? '—', amount: 0 };
      c.amount += n(r.amount);
      byClass.set(r.class_id ?? '', c);
      const h = byHead.get(r.head_id ?? '') ?? { headId: r.head_id, headName: r.head_name ?? 'Late fee', tuition: r.tuition ?? false, amount: 0 };
      h.amount += n(r.amount);
      byHead.set(r.head_id ?? '', h);
    }
    const byMode = modes.map((m) => ({ mode: m.mode, count: m.count, amount: n(m.amount) }));
    return {
      from,
      to,
      total: byMode.reduce((s, m) => s + m.amount, 0),
      byClass: [...byClass.values()].sort((a, b) => a.className.localeCompare(b.className, 'en', { numeric: true })),
      byHead: [...byHead.values()].sort((a, b) => Number(b.tuition) - Number(a.tuition) || a.headName.localeCompare(b.headName)),
      byMode,
    };
  }

  // ── UPI ────────────────────────────────────────────────────────────────
  async getSettings(ctx: WorkspaceContext): Promise<{ settings: FeeSettings }> {
    const s = await this.repo.settings(ctx.schoolId);
    return { settings: { upiId: s?.upi_id ?? null, upiName: s?.upi_name ?? null } };
  }

  async putSettings(ctx: WorkspaceContext, input: FeeSettingsInput): Promise<{ settings: FeeSettings }> {
    return this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const before = await repo.settings(ctx.schoolId);
      const settings = { upiId: input.upiId ?? null, upiName: input.upiName ?? null };
      await repo.saveSettings(ctx.schoolId, settings.upiId, settings.upiName, tx.now);
      await tx.audit({ action: 'fee_settings.updated', entity: 'fee_settings', entityId: ctx.schoolId, before: { upiId: before?.upi_id ?? null, upiName: before?.upi_name ?? null }, after: settings });
      return { settings };
    });
  }

  /** A `upi://pay` link and QR for an instalment's balance (or everything due now). */
  async upiQr(ctx: WorkspaceContext, studentId: string, instalmentId?: string): Promise<UpiQr> {
    const fees = await this.studentFees(ctx, studentId);
    const settings = await this.repo.settings(ctx.schoolId);
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
    const school = await this.repo.school(ctx.schoolId);
    const link = upiLink({ upiId: settings.upi_id, payeeName: settings.upi_name || school!.name, amount, reference, note: `Fees ${fees.admissionNumber}` });
    const [qr, svg] = await Promise.all([QRCode.toDataURL(link, { errorCorrectionLevel: 'M', margin: 2, width: 320 }), QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })]);
    return { link, amount, reference, qr, svg };
  }
}
