import { Injectable } from '@nestjs/common';
import {
  computeDues,
  type CollectionReport,
  type DayBook,
  type Defaulter,
  type DefaulterList,
  type DefaultersQuery,
  type PaymentMode,
} from '@vidyalaya/shared/fees';
import { DomainException } from '../../common/domain.exception';
import { AccessService } from '../../common/workspace/access.service';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import { InsightsService } from '../insights/insights.service';
import { StudentsService } from '../students/students.service';
import { mergeDues } from './fee-arrears';
import { FeesRepository } from './fees.repository';
import { concessionsInForce, FeesService, n, toConcession, toStructure } from './fees.service';

/** `localeCompare`'s order (the default collation), with the collator made once rather than per comparison. */
const compareNames = new Intl.Collator().compare;

/** How many defaulters lists (a school, a class or all, a day) one process keeps. */
const KEPT_LISTS = 16;

interface KeptDefaulters {
  list: Defaulter[];
  totalBalance: number;
}

/** Fees' reports (DECISIONS "Fees"): the day book, the defaulters and the collection report. */
@Injectable()
export class FeeReportsService {
  constructor(
    private readonly repo: FeesRepository,
    private readonly students: StudentsService,
    private readonly access: AccessService,
    private readonly fees: FeesService,
    private readonly insights: InsightsService,
  ) {}

  /** Defaulters lists kept with the 'fees' version they were computed at (keptDefaulters). */
  private readonly kept = new Map<string, KeptDefaulters & { version: string }>();

  // ── reports ────────────────────────────────────────────────────────────
  /** The school's name, for a report's heading. */
  async schoolName(): Promise<string> {
    return (await this.repo.school())?.name ?? '';
  }

  async dayBook(date?: string): Promise<DayBook> {
    const day = date ?? this.fees.today();
    const [paid, cancelled] = await Promise.all([this.repo.receiptsPaidOn(day), this.repo.receiptsCancelledOn(day)]);
    const receipts = await this.fees.receiptsOf(paid);
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

  /** Every active student of the classes with a structure who owes something overdue as of `asOf`, a page of them (issue 32). */
  async defaulters(ctx: WorkspaceContext, q: DefaultersQuery): Promise<DefaulterList> {
    const asOf = q.asOf ?? this.fees.today();
    if (q.classId) await this.access.require(ctx, 'class', [q.classId]);
    const { list: all, totalBalance } = await this.keptDefaulters(ctx, q.classId ?? null, asOf);
    const items = q.format === 'xlsx' ? all : all.slice((q.page - 1) * q.pageSize, q.page * q.pageSize);
    return { asOf, items, total: all.length, page: q.page, pageSize: q.format === 'xlsx' ? Math.max(all.length, 1) : q.pageSize, totalBalance };
  }

  /**
   * The whole sorted list, kept in this process with the school's 'fees' version it was computed at
   * (the change log, migrations 1766000000200 and 1766000000300, watches every table the list reads):
   * used again while no write has committed since, so a page of the list costs one indexed read of the
   * version instead of the whole school's computation (issue 32 item 5). The version is read before the
   * computation, so a write committed meanwhile makes the next read compute again; never stale. Kept
   * only for callers who see the whole school (a teacher's or guardian's scope is computed each time),
   * at most KEPT_LISTS lists, the least recently used dropped first.
   */
  private async keptDefaulters(ctx: WorkspaceContext, classId: string | null, asOf: string): Promise<KeptDefaulters> {
    if ((await this.students.scopeOf(ctx)).kind !== 'all') return this.withTotal(await this.computeDefaulters(ctx, classId, asOf));
    const key = `${ctx.schoolId}|${classId ?? ''}|${asOf}`;
    const version = await this.insights.version('fees');
    const kept = this.kept.get(key);
    this.kept.delete(key);
    if (kept?.version === version) {
      this.kept.set(key, kept);
      return kept;
    }
    const fresh = { version, ...this.withTotal(await this.computeDefaulters(ctx, classId, asOf)) };
    this.kept.set(key, fresh);
    for (const oldest of this.kept.keys()) {
      if (this.kept.size <= KEPT_LISTS) break;
      this.kept.delete(oldest);
    }
    return fresh;
  }

  private withTotal(list: Defaulter[]): KeptDefaulters {
    return { list, totalBalance: list.reduce((s, d) => s + d.balance, 0) };
  }

  /**
   * Every active student of the classes with a structure who owes something overdue as of `asOf`, by
   * balance (largest first), then name: the whole school read in seven set-based statements whatever
   * its size, six of them at once (the structures; their items, the students' own arrears instalments,
   * the heads, the students, their concessions and payments), each student's dues computed by the one
   * shared rule (computeDues).
   */
  private async computeDefaulters(ctx: WorkspaceContext, classId: string | null, asOf: string): Promise<Defaulter[]> {
    const structures = await this.repo.structures({ classId: classId ?? undefined });
    const all: Defaulter[] = [];
    if (structures.length > 0) {
      const structureIds = structures.map((s) => s.id);
      const classIds = [...new Set(structures.map((s) => s.class_id))];
      // All at once, each on its own connection: the concessions and payments of every student now in
      // these classes (the students read may be fewer: the active ones the caller may see).
      const [items, ownRows, heads, students, concessions, allocations] = await Promise.all([
        this.repo.itemsOf(structureIds),
        this.repo.studentItemsOf(structureIds),
        this.repo.heads(),
        this.students.activeOfClasses(ctx, classIds),
        this.repo.concessionsOfClasses(classIds),
        this.repo.activeAllocationsOfClasses(classIds),
      ]);
      const groupBy = <T, K>(rows: readonly T[], key: (r: T) => K) => {
        const m = new Map<K, T[]>();
        for (const r of rows) {
          const list = m.get(key(r));
          if (list) list.push(r);
          else m.set(key(r), [r]);
        }
        return m;
      };
      // Each student's own instalments (a promotion's `Arrears 2026-27`), counted beside the class's, as on the student's fees.
      const ownItems = groupBy(ownRows, (i) => i.student_id);
      const concessionsOf = groupBy(concessions, (c) => c.student_id);
      const paidOf = groupBy(allocations, (a) => a.student_id);
      const studentsOf = groupBy(students, (st) => st.classId);
      const tuition = heads.filter((h) => h.tuition).map((h) => h.id);
      const itemsOf = groupBy(items, (i) => i.structure_id);
      // computeDues is pure: students of one structure with the same concessions, payments and own
      // instalments owe the same, so it runs once per distinct set of inputs (in a school most students
      // share one: nothing paid, or the same instalments paid in full). A student's concessions are
      // their own rows, so a student with any is computed alone.
      const duesOf = new Map<string, Pick<ReturnType<typeof computeDues>, 'instalments' | 'totals'>>();
      for (const s of structures) {
        const classStudents = studentsOf.get(s.class_id);
        if (!classStudents) continue;
        const structure = toStructure(s, itemsOf.get(s.id) ?? []);
        for (const st of classStudents) {
          const paidRows = paidOf.get(st.id) ?? [];
          const concessionRows = concessionsOf.get(st.id) ?? [];
          const own = (ownItems.get(st.id) ?? []).filter((i) => i.structure_id === s.id);
          const key = [
            s.id,
            st.rte ? 'rte' : '',
            concessionRows.map((c) => c.id).join(','),
            paidRows.map((a) => `${a.instalment_id}:${a.head_id ?? ''}:${a.amount}:${a.paid_on}`).join(','),
            own.map((i) => `${i.instalment_id}:${i.head_id}:${i.amount}`).join(','),
          ].join('|');
          let dues = duesOf.get(key);
          if (!dues) {
            const paid = paidRows.map((a) => ({ instalmentId: a.instalment_id, headId: a.head_id, amount: n(a.amount), paidOn: a.paid_on }));
            dues = computeDues(structure, concessionsInForce(concessionRows.map(toConcession), { id: st.id, rte: st.rte }, tuition), paid, asOf);
            // Without concessions: they were given in the year the arrears were carried from.
            if (own.length > 0) dues = mergeDues(computeDues(toStructure(s, own), [], paid, asOf), dues);
            duesOf.set(key, dues);
          }
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
    return all.sort((a, b) => b.balance - a.balance || compareNames(a.studentName, b.studentName));
  }

  async collection(from: string, to: string): Promise<CollectionReport> {
    if (from > to) throw new DomainException('VALIDATION_FAILED', { details: { to: 'Choose a period of at most 366 days, from on or before to' } });
    const [rows, modes] = await Promise.all([this.repo.collection(from, to), this.repo.collectionByMode(from, to)]);
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
}
