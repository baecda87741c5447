import { Injectable } from '@nestjs/common';
import { raiseFee, sameDayNextYear } from '@vidyalaya/shared/promotions';
import { type Enrolment, type Student } from '@vidyalaya/shared/students';
import { DataSource } from 'typeorm';
import type { SchoolTx } from '../../common/workspace/school-writes';
import { Repository } from '../../database/repository';
import { FeesService } from './fees.service';

/** The name of the head a carried late fee is owed under on the arrears instalment (found by name, made when missing). */
const LATE_FEE_HEAD = 'Late fee';

/** The queries of the year-end fee work: copying structures, the arrears instalments and their carries. */
@Injectable()
export class FeeRolloverRepository extends Repository {
  constructor(db: DataSource) {
    super(db);
  }

  structuresOfClasses(classIds: string[]) {
    return this.rows<{ id: string; class_id: string; late_fee_kind: string | null; late_fee_amount: string | null; late_fee_grace_days: number; late_fee_cap: string | null }>(
      `SELECT id, class_id, late_fee_kind, late_fee_amount, late_fee_grace_days, late_fee_cap FROM fee_structures WHERE school_id = $1 AND class_id = ANY($2::uuid[])`,
      [this.schoolId, classIds],
    );
  }

  /** The class instalments (not a student's own) of structures, with their items. */
  classItems(structureIds: string[]) {
    return this.rows<{ structure_id: string; instalment_id: string; position: number; name: string; due_on: string; head_id: string; item_position: number; amount: string }>(
      `SELECT i.structure_id, i.id AS instalment_id, i.position, i.name, to_char(i.due_on, 'YYYY-MM-DD') AS due_on, it.head_id, it.position AS item_position, it.amount
         FROM fee_instalments i JOIN fee_instalment_items it ON it.school_id = i.school_id AND it.instalment_id = i.id
        WHERE i.school_id = $1 AND i.structure_id = ANY($2::uuid[]) AND i.student_id IS NULL
        ORDER BY i.structure_id, i.position, it.position`,
      [this.schoolId, structureIds],
    );
  }

  async insertStructure(
    s: { classId: string; academicYear: string; promotionId: string; lateFee: { kind: string | null; amount: string | null; graceDays: number; cap: string | null } },
    now: Date,
  ): Promise<string> {
    const [row] = await this.rows<{ id: string }>(
      `INSERT INTO fee_structures (school_id, class_id, academic_year, late_fee_kind, late_fee_amount, late_fee_grace_days, late_fee_cap, promotion_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING id`,
      [this.schoolId, s.classId, s.academicYear, s.lateFee.kind, s.lateFee.amount, s.lateFee.graceDays, s.lateFee.cap, s.promotionId, now],
    );
    return row.id;
  }

  async insertInstalment(
    i: { structureId: string; position: number; name: string; dueOn: string; studentId: string | null; promotionId: string | null; items: { headId: string; amount: number }[] },
  ): Promise<string> {
    const [row] = await this.rows<{ id: string }>(
      `INSERT INTO fee_instalments (school_id, structure_id, position, name, due_on, student_id, promotion_id) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [this.schoolId, i.structureId, i.position, i.name, i.dueOn, i.studentId, i.promotionId],
    );
    await this.m.query(
      `INSERT INTO fee_instalment_items (school_id, instalment_id, head_id, position, amount)
       SELECT $1, $2, h, p::smallint, a FROM unnest($3::uuid[], $4::int[], $5::bigint[]) AS x(h, p, a)`,
      [this.schoolId, row.id, i.items.map((x) => x.headId), i.items.map((_, j) => j + 1), i.items.map((x) => x.amount)],
    );
    return row.id;
  }

  /** Each structure's next free instalment position. */
  async nextPositions(structureIds: string[]): Promise<Map<string, number>> {
    const rows = await this.rows<{ structure_id: string; p: number }>(
      `SELECT s.id AS structure_id, coalesce(max(i.position), 0)::int + 1 AS p FROM unnest($2::uuid[]) AS s(id)
         LEFT JOIN fee_instalments i ON i.school_id = $1 AND i.structure_id = s.id GROUP BY s.id`,
      [this.schoolId, structureIds],
    );
    return new Map(rows.map((r) => [r.structure_id, r.p]));
  }

  /**
   * Many students' own instalments at once (the arrears of a class), with their items and carries:
   * three statements, whatever the number of students.
   */
  async insertArrears(
    a: { promotionId: string; name: string; dueOn: string; carriedOn: string; rows: { studentId: string; structureId: string; position: number; items: { headId: string; amount: number }[]; lines: { instalmentId: string; headId: string | null; amount: number }[] }[] },
  ): Promise<void> {
    if (a.rows.length === 0) return;
    const made = await this.rows<{ id: string; student_id: string }>(
      `INSERT INTO fee_instalments (school_id, structure_id, position, name, due_on, student_id, promotion_id)
       SELECT $1, x.structure_id, x.position, $2, $3, x.student_id, $4 FROM unnest($5::uuid[], $6::int[], $7::uuid[]) AS x(structure_id, position, student_id)
       RETURNING id, student_id`,
      [this.schoolId, a.name, a.dueOn, a.promotionId, a.rows.map((r) => r.structureId), a.rows.map((r) => r.position), a.rows.map((r) => r.studentId)],
    );
    const idOf = new Map(made.map((m) => [m.student_id, m.id]));
    const items = a.rows.flatMap((r) => r.items.map((it, j) => ({ instalmentId: idOf.get(r.studentId)!, headId: it.headId, position: j + 1, amount: it.amount })));
    await this.m.query(
      `INSERT INTO fee_instalment_items (school_id, instalment_id, head_id, position, amount)
       SELECT $1, i, h, p::smallint, a FROM unnest($2::uuid[], $3::uuid[], $4::int[], $5::bigint[]) AS x(i, h, p, a)`,
      [this.schoolId, items.map((x) => x.instalmentId), items.map((x) => x.headId), items.map((x) => x.position), items.map((x) => x.amount)],
    );
    const carries = a.rows.flatMap((r) => r.lines.map((l) => ({ studentId: r.studentId, arrearsId: idOf.get(r.studentId)!, ...l })));
    await this.m.query(
      `INSERT INTO fee_carries (school_id, promotion_id, student_id, instalment_id, head_id, amount, arrears_instalment_id, carried_on)
       SELECT $1, $2, s, i, h, a, ar, $3 FROM unnest($4::uuid[], $5::uuid[], $6::uuid[], $7::bigint[], $8::uuid[]) AS x(s, i, h, a, ar)`,
      [this.schoolId, a.promotionId, a.carriedOn, carries.map((c) => c.studentId), carries.map((c) => c.instalmentId), carries.map((c) => c.headId), carries.map((c) => c.amount), carries.map((c) => c.arrearsId)],
    );
  }

  async lateFeeHead(now: Date): Promise<string> {
    const found = await this.one<{ id: string }>(`SELECT id FROM fee_heads WHERE school_id = $1 AND lower(name) = lower($2)`, [this.schoolId, LATE_FEE_HEAD]);
    if (found) return found.id;
    const [row] = await this.rows<{ id: string }>(`INSERT INTO fee_heads (school_id, name, tuition, created_at) VALUES ($1, $2, false, $3) RETURNING id`, [this.schoolId, LATE_FEE_HEAD, now]);
    return row.id;
  }

  async removePromotion(promotionId: string): Promise<{ carries: number; instalments: number; structures: number }> {
    const carries = await this.rows(`DELETE FROM fee_carries WHERE school_id = $1 AND promotion_id = $2 RETURNING id`, [this.schoolId, promotionId]);
    const instalments = await this.rows(`DELETE FROM fee_instalments WHERE school_id = $1 AND promotion_id = $2 RETURNING id`, [this.schoolId, promotionId]);
    const structures = await this.rows(`DELETE FROM fee_structures WHERE school_id = $1 AND promotion_id = $2 RETURNING id`, [this.schoolId, promotionId]);
    return { carries: carries.length, instalments: instalments.length, structures: structures.length };
  }

  /** Whether any receipt (active or cancelled) made since `since` was recorded against an instalment of these classes' structures. */
  async receiptsOnClasses(classIds: string[], since: Date): Promise<boolean> {
    if (classIds.length === 0) return false;
    const row = await this.one(
      `SELECT 1 FROM fee_allocations a
         JOIN fee_instalments i ON i.school_id = a.school_id AND i.id = a.instalment_id
         JOIN fee_structures s ON s.school_id = i.school_id AND s.id = i.structure_id
         JOIN fee_receipts r ON r.school_id = a.school_id AND r.id = a.receipt_id
        WHERE a.school_id = $1 AND s.class_id = ANY($2::uuid[]) AND r.created_at >= $3 LIMIT 1`,
      [this.schoolId, classIds, since],
    );
    return !!row;
  }
}

export interface StructurePreview {
  fromClassId: string;
  total: number;
  newTotal: number;
}

/**
 * The year-end fee work for the promotions module (issue 29), inside the promotion's own
 * transactions: copying a year's fee structures to the next (amounts raised by a percentage,
 * rounded to whole rupees; due dates a year later), and carrying a student's unpaid balance of the
 * closing year into one `Arrears 2026-27` instalment of their new class, due on the new year's
 * first day. The carry is recorded per closing instalment and head (`fee_carries`), which the fees
 * module counts as settling it: the balance moves, it is never owed twice.
 */
@Injectable()
export class FeeRolloverService {
  constructor(
    private readonly repo: FeeRolloverRepository,
    private readonly fees: FeesService,
  ) {}

  /** What copying the classes' structures would give: each class's yearly total now and raised. */
  async previewStructures(fromClassIds: string[], percent: number): Promise<StructurePreview[]> {
    if (fromClassIds.length === 0) return [];
    const structures = await this.repo.structuresOfClasses(fromClassIds);
    const items = structures.length ? await this.repo.classItems(structures.map((s) => s.id)) : [];
    return structures.map((s) => {
      const mine = items.filter((i) => i.structure_id === s.id);
      return { fromClassId: s.class_id, total: mine.reduce((t, i) => t + Number(i.amount), 0), newTotal: mine.reduce((t, i) => t + raiseFee(Number(i.amount), percent), 0) };
    });
  }

  /** Which of the classes already have a structure. */
  async classesWithStructure(classIds: string[]): Promise<Set<string>> {
    if (classIds.length === 0) return new Set();
    return new Set((await this.repo.structuresOfClasses(classIds)).map((s) => s.class_id));
  }

  /**
   * Copies each `from` class's structure to its `to` class (of `toYear`) where the `to` class has
   * none yet. Answers how many were copied.
   */
  async copyStructures(tx: SchoolTx, p: { promotionId: string; toYear: string; percent: number; pairs: { fromClassId: string; toClassId: string }[] }): Promise<number> {
    const repo = this.repo.in(tx.m);
    if (p.pairs.length === 0) return 0;
    const from = await repo.structuresOfClasses(p.pairs.map((x) => x.fromClassId));
    const existing = new Set((await repo.structuresOfClasses(p.pairs.map((x) => x.toClassId))).map((s) => s.class_id));
    const items = from.length ? await repo.classItems(from.map((s) => s.id)) : [];
    let copied = 0;
    for (const pair of p.pairs) {
      const s = from.find((x) => x.class_id === pair.fromClassId);
      if (!s || existing.has(pair.toClassId)) continue;
      const structureId = await repo.insertStructure(
        {
          classId: pair.toClassId,
          academicYear: p.toYear,
          promotionId: p.promotionId,
          lateFee: { kind: s.late_fee_kind, amount: s.late_fee_amount, graceDays: s.late_fee_grace_days, cap: s.late_fee_cap },
        },
        tx.now,
      );
      const mine = items.filter((i) => i.structure_id === s.id);
      const instalmentIds = [...new Set(mine.map((i) => i.instalment_id))];
      for (const id of instalmentIds) {
        const its = mine.filter((i) => i.instalment_id === id);
        await repo.insertInstalment({
          structureId,
          position: its[0].position,
          name: its[0].name,
          dueOn: sameDayNextYear(its[0].due_on),
          studentId: null,
          promotionId: p.promotionId,
          items: its.map((i) => ({ headId: i.head_id, amount: raiseFee(Number(i.amount), p.percent) })),
        });
      }
      existing.add(pair.toClassId);
      copied += 1;
    }
    return copied;
  }

  /**
   * What students owe of their closing year's enrolment as of `asOf`, read together in a few queries:
   * per student, the unpaid items per instalment and head, and each instalment's unpaid late fee (head null).
   */
  async unpaidMany(
    entries: readonly { student: Pick<Student, 'id' | 'name' | 'admissionNumber' | 'rte'>; enrolment: Enrolment }[],
    asOf: string,
    tx?: SchoolTx,
  ): Promise<Map<string, { instalmentId: string; headId: string | null; amount: number }[]>> {
    const dues = await this.fees.enrolmentDuesMany(
      entries.map((e) => ({ student: { ...e.student, enrolment: e.enrolment } as Student, enrolment: e.enrolment })),
      asOf,
      tx?.m,
    );
    const out = new Map<string, { instalmentId: string; headId: string | null; amount: number }[]>();
    for (const [studentId, d] of dues) {
      const lines: { instalmentId: string; headId: string | null; amount: number }[] = [];
      for (const inst of d.instalments) {
        for (const item of inst.items) if (item.balance > 0) lines.push({ instalmentId: inst.instalmentId, headId: item.headId, amount: item.balance });
        const late = inst.lateFee - inst.lateFeePaid;
        if (late > 0) lines.push({ instalmentId: inst.instalmentId, headId: null, amount: late });
      }
      out.set(studentId, lines);
    }
    return out;
  }

  /**
   * Carries the unpaid balance of the closing year (`fromEnrolment`) of the students of one closing
   * class (the apply job's transaction per class): for each, one instalment named `name`, due
   * `dueOn`, on their new class's structure (made empty where the class has none), under the same
   * heads (a late fee under "Late fee"), with the carries that settle what it moved. Read and
   * written in a few statements, whatever the number of students. Answers the amount carried per
   * student (a student who owed nothing is absent, and nothing is written for them).
   */
  async carryArrearsMany(
    tx: SchoolTx,
    p: {
      promotionId: string;
      toYear: string;
      name: string;
      dueOn: string;
      asOf: string;
      students: readonly { student: Pick<Student, 'id' | 'name' | 'admissionNumber' | 'rte'>; fromEnrolment: Enrolment; toClassId: string }[];
    },
  ): Promise<Map<string, number>> {
    const repo = this.repo.in(tx.m);
    const carried = new Map<string, number>();
    if (p.students.length === 0) return carried;
    const unpaid = await this.unpaidMany(p.students.map((x) => ({ student: x.student, enrolment: x.fromEnrolment })), p.asOf, tx);
    const owing = p.students.filter((x) => (unpaid.get(x.student.id) ?? []).reduce((t, l) => t + l.amount, 0) > 0);
    if (owing.length === 0) return carried;
    const toClassIds = [...new Set(owing.map((x) => x.toClassId))];
    const structureOf = new Map((await repo.structuresOfClasses(toClassIds)).map((s) => [s.class_id, s.id]));
    for (const classId of toClassIds) {
      if (!structureOf.has(classId)) {
        structureOf.set(classId, await repo.insertStructure({ classId, academicYear: p.toYear, promotionId: p.promotionId, lateFee: { kind: null, amount: null, graceDays: 0, cap: null } }, tx.now));
      }
    }
    const positions = await repo.nextPositions([...structureOf.values()]);
    let lateHead: string | null = null;
    const rows = [];
    for (const x of owing) {
      const lines = unpaid.get(x.student.id)!;
      const byHead = new Map<string, number>();
      for (const l of lines) {
        const head = l.headId ?? (lateHead ??= await repo.lateFeeHead(tx.now));
        byHead.set(head, (byHead.get(head) ?? 0) + l.amount);
      }
      const structureId = structureOf.get(x.toClassId)!;
      const position = positions.get(structureId) ?? 1;
      positions.set(structureId, position + 1);
      rows.push({ studentId: x.student.id, structureId, position, items: [...byHead].map(([headId, amount]) => ({ headId, amount })), lines });
      carried.set(x.student.id, lines.reduce((t, l) => t + l.amount, 0));
    }
    await repo.insertArrears({ promotionId: p.promotionId, name: p.name, dueOn: p.dueOn, carriedOn: p.asOf, rows });
    return carried;
  }

  /** Undoes a promotion's fee work: its carries, arrears instalments and copied structures. */
  removePromotion(tx: SchoolTx, promotionId: string): Promise<{ carries: number; instalments: number; structures: number }> {
    return this.repo.in(tx.m).removePromotion(promotionId);
  }

  /** Whether a receipt was recorded against these classes' fees since `since` (the undo's lock). */
  receiptsOnClasses(classIds: string[], since: Date, tx?: SchoolTx): Promise<boolean> {
    return (tx ? this.repo.in(tx.m) : this.repo).receiptsOnClasses(classIds, since);
  }
}
