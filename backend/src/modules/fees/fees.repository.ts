import { Injectable } from '@nestjs/common';
import type { ConcessionKind, LateFeeKind, PaymentMode, ReceiptStatus } from '@vidyalaya/shared/fees';
import { types } from 'pg';
import { DataSource } from 'typeorm';
import { classOrderSql } from '../../common/sql/school-order';
import { AUDIT_COLUMNS } from '../../common/workspace/school-writes';
import { Repository } from '../../database/repository';
import { openedWith, openingStatement, type OpeningStatement } from '../../database/school-bound';

export interface HeadRow {
  id: string;
  name: string;
  tuition: boolean;
  created_at: Date;
}
export interface StructureRow {
  id: string;
  class_id: string;
  class_name: string;
  academic_year: string;
  late_fee_kind: LateFeeKind | null;
  late_fee_amount: string | null;
  late_fee_grace_days: number;
  late_fee_cap: string | null;
  created_at: Date;
}
export interface InstalmentItemRow {
  structure_id: string;
  instalment_id: string;
  instalment_name: string;
  due_on: string;
  position: number;
  head_id: string;
  head_name: string;
  tuition: boolean;
  amount: string;
}
export interface ConcessionRow {
  id: string;
  student_id: string;
  kind: ConcessionKind;
  percent: number | null;
  amount: string | null;
  head_ids: string[];
  note: string | null;
  approved_by: string | null;
  approved_by_name: string | null;
  created_at: Date;
}
export interface AllocationRow {
  receipt_id: string;
  student_id: string;
  instalment_id: string;
  head_id: string | null;
  amount: string;
  paid_on: string;
}
export interface ReceiptRow {
  id: string;
  number: string;
  financial_year: string;
  student_id: string;
  student_name: string;
  admission_number: string;
  class_name: string | null;
  amount: string;
  mode: PaymentMode;
  reference: string | null;
  paid_on: string;
  status: ReceiptStatus;
  collected_by: string | null;
  collected_by_name: string | null;
  collected_by_username: string | null;
  guardian_name: string | null;
  balance_after: string | null;
  due_after: string | null;
  created_at: Date;
  cancelled_at: Date | null;
  cancel_reason: string | null;
  print_count: number;
}
export interface ReceiptAllocationRow {
  receipt_id: string;
  instalment_id: string;
  instalment_name: string;
  due_on: string;
  head_id: string | null;
  head_name: string | null;
  tuition: boolean | null;
  amount: string;
}
export interface SchoolHeader {
  name: string;
  address1: string;
  address2: string | null;
  locality: string;
  city: string;
  state: string;
  pin_code: string;
  phone_numbers: string[];
  email: string | null;
  affiliation_number: string | null;
  school_code: string | null;
}

/**
 * A receipt's columns. Who received it is named by their full name: their staff record's, else the
 * name their membership was given, else (nothing else known) their username. The guardian is the one
 * kept on the receipt, else (receipts made before it was kept) the student's first guardian now.
 */
const RECEIPT_COLUMNS = `r.id, r.number, r.financial_year, r.student_id, r.student_name, r.admission_number, r.class_name, r.amount, r.mode, r.reference, to_char(r.paid_on, 'YYYY-MM-DD') AS paid_on,
  r.status, r.collected_by, coalesce(nullif(sf.name, ''), nullif(m.name, ''), u.username) AS collected_by_name, u.username AS collected_by_username,
  coalesce(r.guardian_name, g.name) AS guardian_name, r.balance_after, r.due_after, r.created_at, r.cancelled_at, r.cancel_reason, r.print_count`;
const RECEIPT_FROM = `fee_receipts r LEFT JOIN users u ON u.id = r.collected_by
  LEFT JOIN staff sf ON sf.school_id = r.school_id AND sf.user_id = r.collected_by
  LEFT JOIN school_members m ON m.school_id = r.school_id AND m.user_id = r.collected_by
  LEFT JOIN student_guardians g ON g.school_id = r.school_id AND g.student_id = r.student_id AND g.position = 0`;

/** A timestamptz's text as node-postgres reads it from a column (the same Date, to the millisecond). */
const parseTimestamptz = types.getTypeParser(types.builtins.TIMESTAMPTZ, 'text') as (text: string) => Date;
const timestamptz = (text: string): Date => parseTimestamptz(text);

/** Every query on the fee tables. The school is the bound one (`this.schoolId`). */
@Injectable()
export class FeesRepository extends Repository {
  constructor(db: DataSource) {
    super(db);
  }

  // ── heads ──────────────────────────────────────────────────────────────
  heads(): Promise<HeadRow[]> {
    return this.rows<HeadRow>(`SELECT id, name, tuition, created_at FROM fee_heads WHERE school_id = $1 ORDER BY lower(name), id`, [this.schoolId]);
  }

  async headNameTaken(name: string): Promise<boolean> {
    return !!(await this.one(`SELECT 1 FROM fee_heads WHERE school_id = $1 AND lower(name) = lower($2)`, [this.schoolId, name]));
  }

  async createHead(name: string, tuition: boolean, now: Date): Promise<HeadRow> {
    const [row] = await this.rows<HeadRow>(
      `INSERT INTO fee_heads (school_id, name, tuition, created_at) VALUES ($1, $2, $3, $4) RETURNING id, name, tuition, created_at`,
      [this.schoolId, name, tuition, now],
    );
    return row;
  }

  // ── structures ─────────────────────────────────────────────────────────

  /** The school's classes (newest year first) with their structure, if any. */
  classesWithStructure(): Promise<{ class_id: string; name: string; academic_year: string; structure_id: string | null }[]> {
    return this.rows(
      `SELECT c.id AS class_id, c.name, c.academic_year, s.id AS structure_id
         FROM classes c LEFT JOIN fee_structures s ON s.school_id = c.school_id AND s.class_id = c.id
        WHERE c.school_id = $1 ORDER BY c.academic_year DESC, ${classOrderSql('c.name')}, c.created_at`,
      [this.schoolId],
    );
  }

  async structureForClass(classId: string): Promise<string | null> {
    const row = await this.one<{ id: string }>(`SELECT id FROM fee_structures WHERE school_id = $1 AND class_id = $2`, [this.schoolId, classId]);
    return row?.id ?? null;
  }

  async insertStructure(
    s: { classId: string; academicYear: string; lateFee: { kind: LateFeeKind; amount: number; graceDays: number; cap: number | null } | null },
    instalments: { name: string; dueOn: string; items: { headId: string; amount: number }[] }[],
    now: Date,
  ): Promise<string> {
    const [row] = await this.rows<{ id: string }>(
      `INSERT INTO fee_structures (school_id, class_id, academic_year, late_fee_kind, late_fee_amount, late_fee_grace_days, late_fee_cap, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING id`,
      [this.schoolId, s.classId, s.academicYear, s.lateFee?.kind ?? null, s.lateFee?.amount ?? null, s.lateFee?.graceDays ?? 0, s.lateFee?.cap ?? null, now],
    );
    for (const [i, inst] of instalments.entries()) {
      const [ins] = await this.rows<{ id: string }>(
        `INSERT INTO fee_instalments (school_id, structure_id, position, name, due_on) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [this.schoolId, row.id, i + 1, inst.name, inst.dueOn],
      );
      await this.m.query(
        `INSERT INTO fee_instalment_items (school_id, instalment_id, head_id, position, amount)
         SELECT $1, $2, h, p::smallint, a FROM unnest($3::uuid[], $4::int[], $5::bigint[]) AS x(h, p, a)`,
        [this.schoolId, ins.id, inst.items.map((x) => x.headId), inst.items.map((_, j) => j + 1), inst.items.map((x) => x.amount)],
      );
    }
    return row.id;
  }

  async setLateFee(structureId: string, rule: { kind: LateFeeKind; amount: number; graceDays: number; cap: number | null } | null, now: Date): Promise<void> {
    await this.m.query(
      `UPDATE fee_structures SET late_fee_kind = $3, late_fee_amount = $4, late_fee_grace_days = $5, late_fee_cap = $6, updated_at = $7 WHERE school_id = $1 AND id = $2`,
      [this.schoolId, structureId, rule?.kind ?? null, rule?.amount ?? null, rule?.graceDays ?? 0, rule?.cap ?? null, now],
    );
  }

  /**
   * Rewrites a structure's instalments: `keep` are existing ones (edited in place, so payments stay
   * with them), the rest are new; existing ones not kept are removed with their items. Positions
   * are first moved out of the way (the position index is unique per structure).
   */
  async replaceInstalments(
    structureId: string,
    instalments: { id?: string; name: string; dueOn: string; items: { headId: string; amount: number }[] }[],
    removeIds: string[],
    now: Date,
  ): Promise<void> {
    if (removeIds.length > 0) await this.m.query(`DELETE FROM fee_instalments WHERE school_id = $1 AND structure_id = $2 AND id = ANY($3::uuid[])`, [this.schoolId, structureId, removeIds]);
    await this.m.query(`UPDATE fee_instalments SET position = position + 100 WHERE school_id = $1 AND structure_id = $2`, [this.schoolId, structureId]);
    for (const [i, inst] of instalments.entries()) {
      let id = inst.id;
      if (id) {
        await this.m.query(`UPDATE fee_instalments SET position = $4, name = $5, due_on = $6 WHERE school_id = $1 AND structure_id = $2 AND id = $3`, [
          this.schoolId,
          structureId,
          id,
          i + 1,
          inst.name,
          inst.dueOn,
        ]);
        await this.m.query(`DELETE FROM fee_instalment_items WHERE school_id = $1 AND instalment_id = $2`, [this.schoolId, id]);
      } else {
        const [ins] = await this.rows<{ id: string }>(
          `INSERT INTO fee_instalments (school_id, structure_id, position, name, due_on) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
          [this.schoolId, structureId, i + 1, inst.name, inst.dueOn],
        );
        id = ins.id;
      }
      await this.m.query(
        `INSERT INTO fee_instalment_items (school_id, instalment_id, head_id, position, amount)
         SELECT $1, $2, h, p::smallint, a FROM unnest($3::uuid[], $4::int[], $5::bigint[]) AS x(h, p, a)`,
        [this.schoolId, id, inst.items.map((x) => x.headId), inst.items.map((_, j) => j + 1), inst.items.map((x) => x.amount)],
      );
    }
    await this.m.query(`UPDATE fee_structures SET updated_at = $3 WHERE school_id = $1 AND id = $2`, [this.schoolId, structureId, now]);
  }

  /** Locks a structure's row for an edit (two edits, or an edit and a payment reading it, queue). */
  async lockStructure(structureId: string): Promise<boolean> {
    return !!(await this.one(`SELECT 1 FROM fee_structures WHERE school_id = $1 AND id = $2 FOR UPDATE`, [this.schoolId, structureId]));
  }

  /**
   * What the receipts of a structure's instalments hold, per instalment and head (null = the late
   * fee): `paid` counts active receipts only; `any` counts cancelled ones too (their allocations are
   * kept for the record and still point at the instalment).
   */
  allocationsOfStructure(structureId: string): Promise<{ instalment_id: string; head_id: string | null; paid: string; any_count: number }[]> {
    return this.rows(
      `SELECT a.instalment_id, a.head_id, coalesce(sum(a.amount) FILTER (WHERE r.status = 'active'), 0)::bigint AS paid, count(*)::int AS any_count
         FROM fee_allocations a
         JOIN fee_instalments i ON i.school_id = a.school_id AND i.id = a.instalment_id
         JOIN fee_receipts r ON r.school_id = a.school_id AND r.id = a.receipt_id
        WHERE a.school_id = $1 AND i.structure_id = $2
        GROUP BY a.instalment_id, a.head_id`,
      [this.schoolId, structureId],
    );
  }

  private structureSelect(where: string): string {
    return `SELECT s.id, s.class_id, c.name AS class_name, s.academic_year, s.late_fee_kind, s.late_fee_amount, s.late_fee_grace_days, s.late_fee_cap, s.created_at
              FROM fee_structures s JOIN classes c ON c.school_id = s.school_id AND c.id = s.class_id WHERE ${where}`;
  }

  structures(f: { classId?: string; academicYear?: string; ids?: string[] }): Promise<StructureRow[]> {
    return this.rows<StructureRow>(
      `${this.structureSelect(`s.school_id = $1 AND ($2::uuid IS NULL OR s.class_id = $2) AND ($3::text IS NULL OR s.academic_year = $3) AND ($4::uuid[] IS NULL OR s.id = ANY($4))`)}
        ORDER BY s.academic_year DESC, ${classOrderSql('c.name')}, s.id`,
      [this.schoolId, f.classId ?? null, f.academicYear ?? null, f.ids ?? null],
    );
  }

  /**
   * The items of the structures' instalments: the class's (no student), or with `arrearsOf` only
   * that student's own instalments on them (a promotion's `Arrears …` instalment).
   */
  itemsOf(structureIds: string[], arrearsOf: string | null = null): Promise<InstalmentItemRow[]> {
    return this.rows<InstalmentItemRow>(
      `SELECT i.structure_id, i.id AS instalment_id, i.name AS instalment_name, to_char(i.due_on, 'YYYY-MM-DD') AS due_on, i.position,
              it.head_id, h.name AS head_name, h.tuition, it.amount
         FROM fee_instalments i
         JOIN fee_instalment_items it ON it.school_id = i.school_id AND it.instalment_id = i.id
         JOIN fee_heads h ON h.school_id = it.school_id AND h.id = it.head_id
        WHERE i.school_id = $1 AND i.structure_id = ANY($2::uuid[]) AND i.student_id IS NOT DISTINCT FROM $3::uuid
        ORDER BY i.structure_id, i.due_on, i.position, it.position`,
      [this.schoolId, structureIds, arrearsOf],
    );
  }

  /** Every student's own instalments on the structures (a promotion's `Arrears …`), with the student, for many students at once. */
  studentItemsOf(structureIds: string[], studentIds: string[] | null = null): Promise<(InstalmentItemRow & { student_id: string })[]> {
    return this.rows(
      `SELECT i.student_id, i.structure_id, i.id AS instalment_id, i.name AS instalment_name, to_char(i.due_on, 'YYYY-MM-DD') AS due_on, i.position,
              it.head_id, h.name AS head_name, h.tuition, it.amount
         FROM fee_instalments i
         JOIN fee_instalment_items it ON it.school_id = i.school_id AND it.instalment_id = i.id
         JOIN fee_heads h ON h.school_id = it.school_id AND h.id = it.head_id
        WHERE i.school_id = $1 AND i.structure_id = ANY($2::uuid[]) AND i.student_id IS NOT NULL AND ($3::uuid[] IS NULL OR i.student_id = ANY($3::uuid[]))
        ORDER BY i.structure_id, i.due_on, i.position, it.position`,
      [this.schoolId, structureIds, studentIds],
    );
  }

  /**
   * Everything a few students' dues are computed from, in one statement (a payment reads it inside
   * its transaction, where every round trip counts; issue 32): the classes' structures, their items,
   * the students' own instalments on them, the students' concessions and active allocations, and the
   * heads when `withHeads`. The same rows, in the same order, as the classes' structures (`structures`), itemsOf,
   * studentItemsOf, concessions, activeAllocations and heads answer one by one.
   */
  async duesInputs(
    classIds: string[],
    studentIds: string[],
    withHeads: boolean,
  ): Promise<{
    structures: StructureRow[];
    classItems: InstalmentItemRow[];
    ownItems: (InstalmentItemRow & { student_id: string })[];
    concessions: ConcessionRow[];
    allocations: AllocationRow[];
    heads: HeadRow[];
  }> {
    const items = (own: boolean) => `
      SELECT coalesce(json_agg(x ORDER BY x.structure_id, x.due_on, x.position, x.item_position), '[]') FROM (
        SELECT ${own ? 'i.student_id, ' : ''}i.structure_id, i.id AS instalment_id, i.name AS instalment_name, to_char(i.due_on, 'YYYY-MM-DD') AS due_on, i.position,
               it.head_id, h.name AS head_name, h.tuition, it.amount::text AS amount, it.position AS item_position
          FROM fee_instalments i
          JOIN fee_instalment_items it ON it.school_id = i.school_id AND it.instalment_id = i.id
          JOIN fee_heads h ON h.school_id = it.school_id AND h.id = it.head_id
         WHERE i.school_id = $1 AND i.structure_id IN (SELECT id FROM s) AND ${own ? 'i.student_id = ANY($3::uuid[])' : 'i.student_id IS NULL'}) x`;
    const [row] = await this.rows<{ structures: (Omit<StructureRow, 'created_at'> & { created_at: string })[]; class_items: InstalmentItemRow[]; own_items: (InstalmentItemRow & { student_id: string })[]; concessions: (Omit<ConcessionRow, 'created_at'> & { created_at: string })[]; allocations: AllocationRow[]; heads: (Omit<HeadRow, 'created_at'> & { created_at: string })[] }>(
      `WITH s AS (
         SELECT s.id, s.class_id, c.name AS class_name, s.academic_year, s.late_fee_kind, s.late_fee_amount::text AS late_fee_amount, s.late_fee_grace_days,
                s.late_fee_cap::text AS late_fee_cap, s.created_at::text AS created_at
           FROM fee_structures s JOIN classes c ON c.school_id = s.school_id AND c.id = s.class_id
          WHERE s.school_id = $1 AND s.class_id = ANY($2::uuid[]))
       SELECT (SELECT coalesce(json_agg(s), '[]') FROM s) AS structures,
              (${items(false)}) AS class_items,
              (${items(true)}) AS own_items,
              (SELECT coalesce(json_agg(x ORDER BY x.created_at_order, x.id), '[]') FROM (
                 SELECT c.id, c.student_id, c.kind, c.percent, c.amount::text AS amount, c.head_ids::text[] AS head_ids, c.note, c.approved_by, u.username AS approved_by_name,
                        c.created_at::text AS created_at, c.created_at AS created_at_order
                   FROM fee_concessions c LEFT JOIN users u ON u.id = c.approved_by
                  WHERE c.school_id = $1 AND c.student_id = ANY($3::uuid[])) x) AS concessions,
              (SELECT coalesce(json_agg(x), '[]') FROM (
                 SELECT a.receipt_id, r.student_id, a.instalment_id, a.head_id, a.amount::text AS amount, to_char(r.paid_on, 'YYYY-MM-DD') AS paid_on
                   FROM fee_allocations a JOIN fee_receipts r ON r.school_id = a.school_id AND r.id = a.receipt_id
                  WHERE a.school_id = $1 AND r.student_id = ANY($3::uuid[]) AND r.status = 'active'
                 UNION ALL
                 SELECT c.id, c.student_id, c.instalment_id, c.head_id, c.amount::text, to_char(c.carried_on, 'YYYY-MM-DD')
                   FROM fee_carries c WHERE c.school_id = $1 AND c.student_id = ANY($3::uuid[])) x) AS allocations,
              (SELECT coalesce(json_agg(x ORDER BY lower(x.name), x.id), '[]') FROM (
                 SELECT id, name, tuition, created_at::text AS created_at FROM fee_heads WHERE school_id = $1 AND $4::boolean) x) AS heads`,
      [this.schoolId, classIds, studentIds, withHeads],
    );
    return {
      structures: row.structures.map((r) => ({ ...r, created_at: timestamptz(r.created_at) })),
      classItems: row.class_items.map(({ item_position: _, ...r }: InstalmentItemRow & { item_position?: number }) => r),
      ownItems: row.own_items.map(({ item_position: _, ...r }: InstalmentItemRow & { student_id: string; item_position?: number }) => r),
      concessions: row.concessions.map(({ created_at_order: _, ...r }: Omit<ConcessionRow, 'created_at'> & { created_at: string; created_at_order?: string }) => ({ ...r, created_at: timestamptz(r.created_at) })),
      allocations: row.allocations,
      heads: row.heads.map((r) => ({ ...r, created_at: timestamptz(r.created_at) })),
    };
  }

  // ── concessions ────────────────────────────────────────────────────────
  concessions(studentIds: string[]): Promise<ConcessionRow[]> {
    return this.rows<ConcessionRow>(
      `SELECT c.id, c.student_id, c.kind, c.percent, c.amount, c.head_ids::text[] AS head_ids, c.note, c.approved_by, u.username AS approved_by_name, c.created_at
         FROM fee_concessions c LEFT JOIN users u ON u.id = c.approved_by
        WHERE c.school_id = $1 AND c.student_id = ANY($2::uuid[]) ORDER BY c.created_at, c.id`,
      [this.schoolId, studentIds],
    );
  }

  /** `concessions` of every student now in the classes (the defaulters read a whole school at once). */
  concessionsOfClasses(classIds: string[]): Promise<ConcessionRow[]> {
    return this.rows<ConcessionRow>(
      `SELECT c.id, c.student_id, c.kind, c.percent, c.amount, c.head_ids::text[] AS head_ids, c.note, c.approved_by, u.username AS approved_by_name, c.created_at
         FROM fee_concessions c LEFT JOIN users u ON u.id = c.approved_by
        WHERE c.school_id = $1 AND c.student_id IN (SELECT st.id FROM students st WHERE st.school_id = $1 AND st.class_id = ANY($2::uuid[])) ORDER BY c.created_at, c.id`,
      [this.schoolId, classIds],
    );
  }

  async insertConcession(
    c: { studentId: string; kind: ConcessionKind; percent: number | null; amount: number | null; headIds: string[]; note: string | null; approvedBy: string },
    now: Date,
  ): Promise<string> {
    const [row] = await this.rows<{ id: string }>(
      `INSERT INTO fee_concessions (school_id, student_id, kind, percent, amount, head_ids, note, approved_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6::uuid[], $7, $8, $9) RETURNING id`,
      [this.schoolId, c.studentId, c.kind, c.percent, c.amount, c.headIds, c.note, c.approvedBy, now],
    );
    return row.id;
  }

  /** Deletes a student's concession; false when there is none with this id. */
  async deleteConcession(studentId: string, id: string): Promise<boolean> {
    const rows = await this.rows(`DELETE FROM fee_concessions WHERE school_id = $1 AND student_id = $2 AND id = $3 RETURNING id`, [this.schoolId, studentId, id]);
    return rows.length > 0;
  }

  // ── allocations and receipts ───────────────────────────────────────────
  /**
   * The allocations of the students' active (not cancelled) receipts, and the balances a promotion
   * carried to the next year's arrears instalment (`fee_carries`, `receipt_id` = the carry's id):
   * what was carried is settled here and owed there, never both.
   */
  /** Paise of the student's active receipts not placed on any due: their advance. */
  async advance(studentId: string): Promise<number> {
    const [row] = await this.rows<{ advance: string }>(
      `SELECT COALESCE(sum(r.amount - COALESCE(a.placed, 0)), 0) AS advance
         FROM fee_receipts r
         LEFT JOIN (SELECT receipt_id, sum(amount) AS placed FROM fee_allocations WHERE school_id = $1 GROUP BY receipt_id) a ON a.receipt_id = r.id
        WHERE r.school_id = $1 AND r.student_id = $2 AND r.status = 'active'`,
      [this.schoolId, studentId],
    );
    return Number(row?.advance ?? 0);
  }

  /** `activeAllocations` of every student now in the classes (the defaulters read a whole school at once). */
  activeAllocationsOfClasses(classIds: string[]): Promise<AllocationRow[]> {
    return this.rows<AllocationRow>(
      `WITH st AS (SELECT st.id FROM students st WHERE st.school_id = $1 AND st.class_id = ANY($2::uuid[]))
       SELECT a.receipt_id, r.student_id, a.instalment_id, a.head_id, a.amount, to_char(r.paid_on, 'YYYY-MM-DD') AS paid_on
         FROM fee_allocations a JOIN fee_receipts r ON r.school_id = a.school_id AND r.id = a.receipt_id
        WHERE a.school_id = $1 AND r.student_id IN (SELECT id FROM st) AND r.status = 'active'
       UNION ALL
       SELECT c.id, c.student_id, c.instalment_id, c.head_id, c.amount, to_char(c.carried_on, 'YYYY-MM-DD')
         FROM fee_carries c WHERE c.school_id = $1 AND c.student_id IN (SELECT id FROM st)`,
      [this.schoolId, classIds],
    );
  }

  activeAllocations(studentIds: string[]): Promise<AllocationRow[]> {
    return this.rows<AllocationRow>(
      `SELECT a.receipt_id, r.student_id, a.instalment_id, a.head_id, a.amount, to_char(r.paid_on, 'YYYY-MM-DD') AS paid_on
         FROM fee_allocations a JOIN fee_receipts r ON r.school_id = a.school_id AND r.id = a.receipt_id
        WHERE a.school_id = $1 AND r.student_id = ANY($2::uuid[]) AND r.status = 'active'
       UNION ALL
       SELECT c.id, c.student_id, c.instalment_id, c.head_id, c.amount, to_char(c.carried_on, 'YYYY-MM-DD')
         FROM fee_carries c WHERE c.school_id = $1 AND c.student_id = ANY($2::uuid[])`,
      [this.schoolId, studentIds],
    );
  }

  /**
   * Serialises payments of one student (their dues are read and allocated under this lock): a write's
   * opening statement (sent with its transaction's start, one exchange fewer; the counter's payment).
   */
  studentFeesLock(studentId: string): OpeningStatement {
    return openingStatement(`SELECT pg_advisory_xact_lock(hashtext('fees:' || $1::text || ':' || $2::text))`, this.schoolId, studentId.toLowerCase());
  }

  /** Takes `studentFeesLock` in this transaction, unless the transaction opened with it. */
  async lockStudentFees(studentId: string): Promise<void> {
    const lock = this.studentFeesLock(studentId);
    if (!openedWith(this.m, lock)) await this.m.query(lock.sql);
  }

  /**
   * Stores a receipt under the next gap-free number of its financial year, with its allocations and
   * its audit entry (`audit`: SchoolTx.auditRow's values; the receipt's number is added to its
   * `after` as `number`), in one statement: the counter row is made if missing, else locked and moved
   * on (INSERT … ON CONFLICT DO UPDATE), the number formatted as formatReceiptNumber does, the rows
   * written with it. The counter stays locked until the caller's transaction ends (a rollback gives
   * the number back), so a payment makes this its last statement before COMMIT and holds the lock
   * for that one round trip (issue 32). Answers the number taken.
   */
  async insertNumberedReceipt(
    r: {
      id: string;
      financialYear: string;
      studentId: string;
      studentName: string;
      admissionNumber: string;
      className: string | null;
      /** At most 100 characters, the column's width (recordPayment cuts it, and answers the same). */
      guardianName: string | null;
      amount: number;
      mode: PaymentMode;
      reference: string | null;
      paidOn: string;
      collectedBy: string | null;
      /** What the student owes right after it (for the year, and due by paidOn). */
      balanceAfter: number | null;
      dueAfter: number | null;
    },
    allocations: { instalmentId: string; headId: string | null; amount: number }[],
    now: Date,
    audit: unknown[],
  ): Promise<{ seq: number; number: string; collectedByName: string | null }> {
    const [row] = await this.rows<{ seq: string; number: string; collected_by_name: string | null }>(
      `WITH n AS (
         INSERT INTO fee_receipt_counters AS c (school_id, financial_year, next_value) VALUES ($1::uuid, $2::varchar, 2)
         ON CONFLICT (school_id, financial_year) DO UPDATE SET next_value = c.next_value + 1
         RETURNING c.next_value - 1 AS seq),
       r AS (
         INSERT INTO fee_receipts (school_id, id, financial_year, seq, number, student_id, student_name, admission_number, class_name, guardian_name, amount, mode, reference, paid_on,
                                   collected_by, created_at, balance_after, due_after)
         SELECT $1::uuid, $3::uuid, $2::varchar, n.seq, $2::varchar || '/' || CASE WHEN n.seq >= 100000 THEN n.seq::text ELSE lpad(n.seq::text, 6, '0') END,
                $4::uuid, $5::varchar, $6::varchar, $7::varchar, $8::varchar, $9::bigint, $10::varchar, $11::varchar, $12::date, $13::uuid, $14::timestamptz, $15::bigint, $16::bigint
           FROM n
         RETURNING id, seq, number),
       a AS (
         INSERT INTO fee_allocations (school_id, receipt_id, instalment_id, head_id, amount)
         SELECT $1::uuid, r.id, x.i, x.h, x.a FROM r CROSS JOIN unnest($17::uuid[], $18::uuid[], $19::bigint[]) AS x(i, h, a)),
       l AS (
         INSERT INTO audit_log (${AUDIT_COLUMNS})
         SELECT $20::uuid, $21::timestamptz, $22::uuid, $23::varchar, $24::varchar, $25::text, $26::jsonb, $27::jsonb || jsonb_build_object('number', r.number) FROM r)
       SELECT seq, number,
              -- Who received it, named as a receipt names them (RECEIPT_COLUMNS), so the payment's answer needs no read back.
              (SELECT coalesce(nullif(sf.name, ''), nullif(m.name, ''), u.username) FROM users u
                 LEFT JOIN staff sf ON sf.school_id = $1 AND sf.user_id = u.id
                 LEFT JOIN school_members m ON m.school_id = $1 AND m.user_id = u.id
                WHERE u.id = $13::uuid) AS collected_by_name
         FROM r`,
      [
        this.schoolId,
        r.financialYear,
        r.id,
        r.studentId,
        r.studentName,
        r.admissionNumber,
        r.className,
        r.guardianName,
        r.amount,
        r.mode,
        r.reference,
        r.paidOn,
        r.collectedBy,
        now,
        r.balanceAfter,
        r.dueAfter,
        allocations.map((a) => a.instalmentId),
        allocations.map((a) => a.headId),
        allocations.map((a) => a.amount),
        ...audit,
      ],
    );
    return { seq: Number(row.seq), number: row.number, collectedByName: row.collected_by_name };
  }

  receipt(id: string, lock = false): Promise<ReceiptRow | null> {
    return this.one<ReceiptRow>(`SELECT ${RECEIPT_COLUMNS} FROM ${RECEIPT_FROM} WHERE r.school_id = $1 AND r.id = $2${lock ? ' FOR UPDATE OF r' : ''}`, [this.schoolId, id]);
  }

  /** A receipt with its allocations (as receiptAllocations answers them), in one statement. */
  async receiptWithAllocations(id: string): Promise<{ row: ReceiptRow; allocations: ReceiptAllocationRow[] } | null> {
    const found = await this.one<ReceiptRow & { allocations: (ReceiptAllocationRow & { position?: number; item_position?: number | null })[] }>(
      `SELECT ${RECEIPT_COLUMNS},
              (SELECT coalesce(json_agg(x ORDER BY x.due_on, x.position, x.item_position NULLS LAST), '[]') FROM (
                 SELECT a.receipt_id, a.instalment_id, i.name AS instalment_name, to_char(i.due_on, 'YYYY-MM-DD') AS due_on, a.head_id, h.name AS head_name, h.tuition,
                        a.amount::text AS amount, i.position, it.position AS item_position
                   FROM fee_allocations a
                   JOIN fee_instalments i ON i.school_id = a.school_id AND i.id = a.instalment_id
                   LEFT JOIN fee_heads h ON h.school_id = a.school_id AND h.id = a.head_id
                   LEFT JOIN fee_instalment_items it ON it.school_id = a.school_id AND it.instalment_id = a.instalment_id AND it.head_id = a.head_id
                  WHERE a.school_id = r.school_id AND a.receipt_id = r.id) x) AS allocations
         FROM ${RECEIPT_FROM} WHERE r.school_id = $1 AND r.id = $2`,
      [this.schoolId, id],
    );
    if (!found) return null;
    const { allocations, ...row } = found;
    return { row, allocations: allocations.map(({ position: _p, item_position: _i, ...a }) => a) };
  }

  async receipts(
    f: { studentId?: string; from?: string; to?: string; status?: ReceiptStatus; studentIds?: string[] },
    page: number,
    pageSize: number,
  ): Promise<{ rows: ReceiptRow[]; total: number }> {
    const where = `r.school_id = $1 AND ($2::uuid IS NULL OR r.student_id = $2) AND ($3::date IS NULL OR r.paid_on >= $3::date)
      AND ($4::date IS NULL OR r.paid_on <= $4::date) AND ($5::text IS NULL OR r.status = $5) AND ($6::uuid[] IS NULL OR r.student_id = ANY($6))`;
    const params = [this.schoolId, f.studentId ?? null, f.from ?? null, f.to ?? null, f.status ?? null, f.studentIds ?? null];
    const rows = await this.rows<ReceiptRow>(
      `SELECT ${RECEIPT_COLUMNS} FROM ${RECEIPT_FROM} WHERE ${where} ORDER BY r.paid_on DESC, r.financial_year DESC, r.seq DESC LIMIT $7 OFFSET $8`,
      [...params, pageSize, (page - 1) * pageSize],
    );
    const total = await this.one<{ n: number }>(`SELECT count(*)::int AS n FROM fee_receipts r WHERE ${where}`, params);
    return { rows, total: total?.n ?? 0 };
  }

  receiptsPaidOn(date: string): Promise<ReceiptRow[]> {
    return this.rows<ReceiptRow>(`SELECT ${RECEIPT_COLUMNS} FROM ${RECEIPT_FROM} WHERE r.school_id = $1 AND r.paid_on = $2::date ORDER BY r.financial_year, r.seq`, [
      this.schoolId,
      date,
    ]);
  }

  /** Receipts cancelled on an IST calendar day. */
  receiptsCancelledOn(date: string): Promise<ReceiptRow[]> {
    return this.rows<ReceiptRow>(
      `SELECT ${RECEIPT_COLUMNS} FROM ${RECEIPT_FROM}
        WHERE r.school_id = $1 AND r.status = 'cancelled' AND (r.cancelled_at AT TIME ZONE 'Asia/Kolkata')::date = $2::date ORDER BY r.cancelled_at, r.id`,
      [this.schoolId, date],
    );
  }

  receiptAllocations(receiptIds: string[]): Promise<ReceiptAllocationRow[]> {
    return this.rows<ReceiptAllocationRow>(
      `SELECT a.receipt_id, a.instalment_id, i.name AS instalment_name, to_char(i.due_on, 'YYYY-MM-DD') AS due_on, a.head_id, h.name AS head_name, h.tuition, a.amount
         FROM fee_allocations a
         JOIN fee_instalments i ON i.school_id = a.school_id AND i.id = a.instalment_id
         LEFT JOIN fee_heads h ON h.school_id = a.school_id AND h.id = a.head_id
         LEFT JOIN fee_instalment_items it ON it.school_id = a.school_id AND it.instalment_id = a.instalment_id AND it.head_id = a.head_id
        WHERE a.school_id = $1 AND a.receipt_id = ANY($2::uuid[])
        ORDER BY i.due_on, i.position, it.position NULLS LAST`,
      [this.schoolId, receiptIds],
    );
  }

  async cancelReceipt(id: string, by: string | null, reason: string, now: Date): Promise<void> {
    await this.m.query(`UPDATE fee_receipts SET status = 'cancelled', cancelled_at = $3, cancelled_by = $4, cancel_reason = $5 WHERE school_id = $1 AND id = $2`, [
      this.schoolId,
      id,
      now,
      by,
      reason,
    ]);
  }

  async bumpPrintCount(id: string): Promise<number> {
    const [row] = await this.rows<{ print_count: number }>(
      `UPDATE fee_receipts SET print_count = print_count + 1 WHERE school_id = $1 AND id = $2 RETURNING print_count`,
      [this.schoolId, id],
    );
    return row.print_count;
  }

  /** Active receipts' allocations paid in a period, with the class of the structure and the head. */
  collection(from: string, to: string): Promise<{ class_id: string | null; class_name: string | null; head_id: string | null; head_name: string | null; tuition: boolean | null; amount: string }[]> {
    return this.rows(
      `SELECT s.class_id, c.name AS class_name, a.head_id, h.name AS head_name, h.tuition, sum(a.amount)::bigint AS amount
         FROM fee_allocations a
         JOIN fee_receipts r ON r.school_id = a.school_id AND r.id = a.receipt_id
         JOIN fee_instalments i ON i.school_id = a.school_id AND i.id = a.instalment_id
         JOIN fee_structures s ON s.school_id = i.school_id AND s.id = i.structure_id
         LEFT JOIN classes c ON c.school_id = s.school_id AND c.id = s.class_id
         LEFT JOIN fee_heads h ON h.school_id = a.school_id AND h.id = a.head_id
        WHERE a.school_id = $1 AND r.status = 'active' AND r.paid_on BETWEEN $2::date AND $3::date
        GROUP BY s.class_id, c.name, a.head_id, h.name, h.tuition`,
      [this.schoolId, from, to],
    );
  }

  collectionByMode(from: string, to: string): Promise<{ mode: PaymentMode; count: number; amount: string }[]> {
    return this.rows(
      `SELECT mode, count(*)::int AS count, sum(amount)::bigint AS amount FROM fee_receipts
        WHERE school_id = $1 AND status = 'active' AND paid_on BETWEEN $2::date AND $3::date GROUP BY mode ORDER BY mode`,
      [this.schoolId, from, to],
    );
  }

  // ── settings and the school ────────────────────────────────────────────
  settings(): Promise<{ upi_id: string | null; upi_name: string | null } | null> {
    return this.one(`SELECT upi_id, upi_name FROM fee_settings WHERE school_id = $1`, [this.schoolId]);
  }

  async saveSettings(upiId: string | null, upiName: string | null, now: Date): Promise<void> {
    await this.m.query(
      `INSERT INTO fee_settings (school_id, upi_id, upi_name, updated_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (school_id) DO UPDATE SET upi_id = EXCLUDED.upi_id, upi_name = EXCLUDED.upi_name, updated_at = EXCLUDED.updated_at`,
      [this.schoolId, upiId, upiName, now],
    );
  }

  school(): Promise<SchoolHeader | null> {
    return this.one<SchoolHeader>(
      `SELECT name, address1, address2, locality, city, state, pin_code, phone_numbers, email, affiliation_number, school_code FROM schools WHERE id = $1`,
      [this.schoolId],
    );
  }
}
