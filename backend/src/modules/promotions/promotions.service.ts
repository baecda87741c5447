import { Injectable, type OnModuleInit } from '@nestjs/common';
import { naturalCompare } from '@vidyalaya/shared';
import { defaultYearDates } from '@vidyalaya/shared/academic-years';
import {
  allocateSections,
  arrearsName,
  compareClassNames,
  nextClassName,
  promotionFlags,
  type AllocatePromotionInput,
  type ApplyPromotionInput,
  type CreatePromotionInput,
  type PatchPromotionLinesInput,
  type Promotion,
  type PromotionAnswer,
  type PromotionClassList,
  type PromotionCounts,
  type PromotionDecision,
  type PromotionLine,
  type PromotionLineList,
  type PromotionLinesQuery,
  type PromotionPreview,
  type PromotionResult,
  type PromotionTargetList,
} from '@vidyalaya/shared/promotions';
import { type Enrolment } from '@vidyalaya/shared/students';
import { DomainException } from '../../common/domain.exception';
import { AccessService } from '../../common/workspace/access.service';
import { SchoolWrites } from '../../common/workspace/school-writes';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import { AttendanceService } from '../attendance/attendance.service';
import { FeeRolloverService } from '../fees';
import { JobRegistry, JobsService, type JobContext } from '../jobs';
import { PromotionsRepository, type ClassRow, type LineRow, type NewLine, type PreviousPlacement, type PromotionCreated, type PromotionRow, type SectionRow, type YearRow } from './promotions.repository';

export const PROMOTION_APPLY_JOB = 'promotions.apply';
interface ApplyPayload {
  promotionId: string;
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const nameOf = (r: { first_name: string; last_name: string | null }) => [r.first_name, r.last_name].filter(Boolean).join(' ');
/** The day before an ISO date. */
function dayBefore(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
}
/** CBSE grades best first, for sorting by result. */
const GRADE_ORDER = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2', 'D', 'E'];

/** The two years' classes and sections, to resolve a line's target names to ids. */
interface YearMaps {
  fromYear: YearRow;
  toYear: YearRow | null;
  fromClasses: ClassRow[];
  toClasses: ClassRow[];
  sections: SectionRow[];
}

function emptyCounts(): PromotionCounts {
  return { promote: 0, detain: 0, passed_out: 0, left: 0 };
}

/**
 * Year end (DECISIONS "Year end: promotion and rollover"; issue 29): a draft proposed from the
 * closing year's data, edited line by line, previewed, applied by a background job one class per
 * transaction, and undone while the new year has no attendance, marks or receipts. Fees go through
 * the fees module's FeeRolloverService (structures copied, arrears carried); attendance figures
 * through AttendanceService.
 */
@Injectable()
export class PromotionsService implements OnModuleInit {
  constructor(
    private readonly repo: PromotionsRepository,
    private readonly access: AccessService,
    private readonly writes: SchoolWrites,
    private readonly jobs: JobsService,
    private readonly registry: JobRegistry,
    private readonly attendance: AttendanceService,
    private readonly feeRollover: FeeRolloverService,
  ) {}

  onModuleInit(): void {
    this.registry.register<ApplyPayload>(PROMOTION_APPLY_JOB, (job) => this.runApply(job));
  }

  // ── reading ─────────────────────────────────────────────────────────────
  private async toPromotion(r: PromotionRow, repo = this.repo): Promise<Promotion> {
    const counts = emptyCounts();
    let flagged = 0;
    for (const c of await repo.counts(r.id)) {
      counts[c.decision] = c.n;
      flagged += c.flagged;
    }
    return {
      id: r.id,
      fromYear: r.from_year,
      toYear: r.to_year,
      status: r.status,
      counts,
      flagged,
      feeIncreasePercent: r.fee_increase_percent === null ? null : Number(r.fee_increase_percent),
      renumberRolls: r.renumber_rolls,
      copyTimetable: r.copy_timetable,
      jobId: r.job_id,
      appliedAt: r.applied_at ? r.applied_at.toISOString() : null,
      revertedAt: r.reverted_at ? r.reverted_at.toISOString() : null,
      result: r.result,
      createdAt: r.created_at.toISOString(),
    };
  }

  private async promotionOrThrow(ctx: WorkspaceContext, promotionId: string): Promise<PromotionRow> {
    await this.access.require(ctx, 'promotion', [promotionId]);
    const row = await this.repo.find(promotionId);
    if (!row) throw new DomainException('NOT_FOUND');
    return row;
  }

  async list(): Promise<{ items: Promotion[]; total: number; page: number; pageSize: number }> {
    const rows = await this.repo.list();
    const items = await Promise.all(rows.map((r) => this.toPromotion(r)));
    return { items, total: items.length, page: 1, pageSize: Math.max(items.length, 1) };
  }

  async get(ctx: WorkspaceContext, promotionId: string): Promise<PromotionAnswer> {
    return { promotion: await this.toPromotion(await this.promotionOrThrow(ctx, promotionId)) };
  }

  private async yearMaps(fromYearName: string, toYearName: string, repo = this.repo): Promise<YearMaps> {
    const fromYear = (await repo.year(fromYearName))!;
    const toYear = await repo.year(toYearName);
    const fromClasses = await repo.classes(fromYearName);
    const toClasses = toYear ? await repo.classes(toYearName) : [];
    const sections = await repo.sections([...fromClasses, ...toClasses].map((c) => c.id));
    return { fromYear, toYear, fromClasses, toClasses, sections };
  }

  /**
   * A target (class name, section name) as ids: the `toYear` class of that name and its section of
   * that name, else its first; while `toYear` has no such class, the `fromYear` class and section
   * of those names (the templates apply copies).
   */
  private resolveTarget(maps: YearMaps, className: string | null, sectionName: string | null): { classId: string | null; className: string | null; sectionId: string | null; sectionName: string | null } {
    if (!className) return { classId: null, className: null, sectionId: null, sectionName: null };
    const cls = maps.toClasses.find((c) => c.name === className) ?? maps.fromClasses.find((c) => c.name === className);
    if (!cls) return { classId: null, className, sectionId: null, sectionName };
    const secs = maps.sections.filter((s) => s.class_id === cls.id).sort((a, b) => naturalCompare(a.name, b.name));
    const sec = secs.find((s) => sectionName !== null && s.name.toLowerCase() === sectionName.toLowerCase()) ?? secs[0];
    return { classId: cls.id, className: cls.name, sectionId: sec?.id ?? null, sectionName: sec?.name ?? sectionName };
  }

  private toLine(maps: YearMaps, l: LineRow): PromotionLine {
    const fromClass = maps.fromClasses.find((c) => c.id === l.from_class_id);
    const fromSection = maps.sections.find((s) => s.id === l.from_section_id);
    const target = this.resolveTarget(maps, l.target_class_name, l.target_section_name);
    return {
      studentId: l.student_id,
      name: nameOf(l),
      admissionNumber: l.admission_number,
      gender: l.gender,
      rollNumber: l.roll_number,
      fromClassId: l.from_class_id,
      fromClassName: fromClass?.name ?? '',
      fromSectionId: l.from_section_id,
      fromSectionName: fromSection?.name ?? '',
      attendancePercent: l.attendance_percent === null ? null : Number(l.attendance_percent),
      resultGrade: l.result_grade,
      result: l.result,
      decision: l.decision,
      targetClassId: target.classId,
      targetClassName: target.className,
      targetSectionId: target.sectionId,
      targetSectionName: target.sectionName,
      reason: l.reason,
      flags: l.flags ?? [],
      alreadyEnrolled: l.already_enrolled,
    };
  }

  async lines(ctx: WorkspaceContext, promotionId: string, q: PromotionLinesQuery): Promise<PromotionLineList> {
    const p = await this.promotionOrThrow(ctx, promotionId);
    if (q.classId) await this.access.require(ctx, 'class', [q.classId]);
    const maps = await this.yearMaps(p.from_year, p.to_year);
    let items = (await this.repo.lines(p.id, maps.toYear?.id ?? null, q.classId ?? null)).map((l) => this.toLine(maps, l));
    if (q.decision) items = items.filter((l) => l.decision === q.decision);
    const dir = q.order === 'desc' ? -1 : 1;
    const byName = (a: PromotionLine, b: PromotionLine) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });
    const grade = (l: PromotionLine) => (l.resultGrade ? GRADE_ORDER.indexOf(l.resultGrade) : 99);
    const cmp: Record<PromotionLinesQuery['sort'], (a: PromotionLine, b: PromotionLine) => number> = {
      name: byName,
      result: (a, b) => grade(a) - grade(b) || byName(a, b),
      attendance: (a, b) => (a.attendancePercent ?? -1) - (b.attendancePercent ?? -1) || byName(a, b),
      roll: (a, b) => (a.rollNumber ?? 1e9) - (b.rollNumber ?? 1e9) || byName(a, b),
    };
    items.sort((a, b) => dir * cmp[q.sort](a, b));
    const total = items.length;
    return { items: items.slice((q.page - 1) * q.pageSize, q.page * q.pageSize), total, page: q.page, pageSize: q.pageSize };
  }

  /** The closing year's classes with their totals and where their students go (the screen's class picker). */
  async classes(ctx: WorkspaceContext, promotionId: string): Promise<PromotionClassList> {
    const p = await this.promotionOrThrow(ctx, promotionId);
    const maps = await this.yearMaps(p.from_year, p.to_year);
    const lines = (await this.repo.lines(p.id, maps.toYear?.id ?? null)).map((l) => this.toLine(maps, l));
    const items = [...maps.fromClasses]
      .sort((a, b) => compareClassNames(a.name, b.name))
      .map((c) => {
        const mine = lines.filter((l) => l.fromClassId === c.id);
        const counts = emptyCounts();
        const targets = new Map<string, PromotionClassList['items'][number]['targets'][number]>();
        for (const l of mine) {
          counts[l.decision] += 1;
          if (!l.targetClassName) continue;
          const key = `${l.targetClassName}|${l.targetSectionName}`;
          const t = targets.get(key) ?? { classId: l.targetClassId, className: l.targetClassName, sectionId: l.targetSectionId, sectionName: l.targetSectionName ?? '', count: 0 };
          t.count += 1;
          targets.set(key, t);
        }
        return {
          classId: c.id,
          className: c.name,
          total: mine.length,
          flagged: mine.filter((l) => l.flags.length > 0).length,
          counts,
          targets: [...targets.values()].sort((a, b) => compareClassNames(a.className, b.className) || naturalCompare(a.sectionName, b.sectionName)),
        };
      })
      .filter((c) => c.total > 0);
    return { items };
  }

  /** The sections a line of `classId` may be sent to: the next class's (promote) and its own class's (detain). */
  async targets(ctx: WorkspaceContext, promotionId: string, classId: string): Promise<PromotionTargetList> {
    const p = await this.promotionOrThrow(ctx, promotionId);
    await this.access.require(ctx, 'class', [classId]);
    const maps = await this.yearMaps(p.from_year, p.to_year);
    const from = maps.fromClasses.find((c) => c.id === classId);
    if (!from) throw new DomainException('NOT_FOUND');
    const names = [from.name, nextClassName(from.name, maps.fromClasses.map((c) => c.name))].filter((x): x is string => !!x);
    const items: PromotionTargetList['items'] = [];
    for (const name of names) {
      const toCls = maps.toClasses.find((c) => c.name === name);
      const cls = toCls ?? maps.fromClasses.find((c) => c.name === name)!;
      for (const s of maps.sections.filter((x) => x.class_id === cls.id).sort((a, b) => naturalCompare(a.name, b.name))) {
        items.push({ classId: cls.id, className: cls.name, sectionId: s.id, sectionName: s.name, exists: !!toCls });
      }
    }
    return { items };
  }

  // ── the draft ───────────────────────────────────────────────────────────
  async create(ctx: WorkspaceContext, input: CreatePromotionInput): Promise<PromotionAnswer> {
    const fromYear = await this.repo.year(input.fromYear);
    if (!fromYear) throw new DomainException('VALIDATION_FAILED', { message: `The school has no academic year ${input.fromYear}.`, details: { fromYear: `The school has no academic year ${input.fromYear}` } });
    if (await this.repo.exists(input.fromYear, input.toYear)) throw new DomainException('PROMOTION_EXISTS');
    const toYear = await this.repo.year(input.toYear);
    const lines = await this.propose(fromYear, toYear);
    try {
      const id = await this.writes.run(ctx, async (tx) => {
        const repo = this.repo.in(tx.m);
        if (await repo.exists(input.fromYear, input.toYear)) throw new DomainException('PROMOTION_EXISTS');
        const promotionId = await repo.insert({ fromYear: input.fromYear, toYear: input.toYear, createdBy: ctx.userId, now: tx.now }, lines);
        const counts = emptyCounts();
        for (const l of lines) counts[l.decision] += 1;
        await tx.audit({ action: 'promotion.created', entity: 'promotion', entityId: promotionId, after: { fromYear: input.fromYear, toYear: input.toYear, counts, flagged: lines.filter((l) => l.flags.length).length } });
        return promotionId;
      });
      return this.get(ctx, id);
    } catch (e) {
      if ((e as { code?: string }).code === '23505') throw new DomainException('PROMOTION_EXISTS');
      throw e;
    }
  }

  /** One line per active student of the closing year: the next class (same section name), or passed out from the last class. */
  private async propose(fromYear: YearRow, toYear: YearRow | null): Promise<NewLine[]> {
    const classes = await this.repo.classes(fromYear.name);
    const sections = await this.repo.sections(classes.map((c) => c.id));
    const students = await this.repo.studentsOfYear(fromYear.id);
    const results = new Map((await this.repo.finalResults(fromYear.name)).map((r) => [r.student_id, r]));
    // Every child's attendance of the year in a few set-based queries (one per class), not one child at a time.
    const attendance = await this.attendance.yearSummaries(fromYear.name, students.map((s) => s.id));
    const classById = new Map(classes.map((c) => [c.id, c]));
    const sectionById = new Map(sections.map((x) => [x.id, x]));
    const names = classes.map((c) => c.name);
    const out: NewLine[] = [];
    for (const s of students) {
      const cls = classById.get(s.class_id);
      const sec = sectionById.get(s.section_id);
      if (!cls || !sec) continue;
      const next = nextClassName(cls.name, names);
      const attendancePercent = attendance.get(s.id)?.percentage ?? null;
      const r = results.get(s.id);
      const result = r?.result === 'pass' || r?.result === 'fail' ? r.result : null;
      out.push({
        student_id: s.id,
        from_class_id: cls.id,
        from_section_id: sec.id,
        roll_number: s.roll_number,
        attendance_percent: attendancePercent,
        result,
        result_grade: r?.grade ?? null,
        decision: next ? 'promote' : 'passed_out',
        target_class_name: next,
        target_section_name: next ? sec.name : null,
        flags: promotionFlags(attendancePercent, result),
      });
    }
    void toYear;
    return out;
  }

  async patchLines(ctx: WorkspaceContext, promotionId: string, input: PatchPromotionLinesInput): Promise<PromotionAnswer> {
    const p = await this.promotionOrThrow(ctx, promotionId);
    if (p.status !== 'draft') throw new DomainException('PROMOTION_APPLIED');
    const maps = await this.yearMaps(p.from_year, p.to_year);
    const existing = new Map((await this.repo.lines(p.id, maps.toYear?.id ?? null)).map((l) => [l.student_id, l]));
    const names = maps.fromClasses.map((c) => c.name);
    const details: Record<string, string> = {};
    const changes: { studentId: string; decision: PromotionDecision; targetClassName: string | null; targetSectionName: string | null; reason: string | null }[] = [];
    input.lines.forEach((l, i) => {
      const line = existing.get(l.studentId.toLowerCase());
      if (!line) {
        details[`lines.${i}.studentId`] = 'This student is not in this promotion';
        return;
      }
      const fromClass = maps.fromClasses.find((c) => c.id === line.from_class_id)!;
      let targetClassName: string | null = null;
      if (l.decision === 'promote') {
        targetClassName = nextClassName(fromClass.name, names);
        if (!targetClassName) {
          details[`lines.${i}.decision`] = `${fromClass.name} is the school’s last class: its students pass out`;
          return;
        }
      } else if (l.decision === 'detain') targetClassName = fromClass.name;
      let targetSectionName: string | null = null;
      if (targetClassName) {
        if (l.targetSectionId) {
          const allowed = this.sectionsOfTarget(maps, targetClassName);
          const sec = allowed.find((s) => s.id === l.targetSectionId!.toLowerCase());
          if (!sec) {
            details[`lines.${i}.targetSectionId`] = `Choose a section of ${targetClassName} in ${p.to_year}`;
            return;
          }
          targetSectionName = sec.name;
        } else if (line.target_class_name === targetClassName && line.target_section_name) targetSectionName = line.target_section_name;
        else targetSectionName = maps.sections.find((s) => s.id === line.from_section_id)?.name ?? null;
      }
      changes.push({ studentId: line.student_id, decision: l.decision, targetClassName, targetSectionName, reason: l.decision === 'detain' || l.decision === 'left' ? (l.reason ?? null) : (l.reason ?? null) });
    });
    if (Object.keys(details).length > 0) throw new DomainException('VALIDATION_FAILED', { details });
    await this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const locked = await repo.find(p.id, true);
      if (locked?.status !== 'draft') throw new DomainException('PROMOTION_APPLIED');
      for (const c of changes) await repo.setLine(p.id, c);
      await tx.audit({
        action: 'promotion.lines_changed',
        entity: 'promotion',
        entityId: p.id,
        before: changes.map((c) => {
          const b = existing.get(c.studentId)!;
          return { studentId: c.studentId, decision: b.decision, targetClassName: b.target_class_name, targetSectionName: b.target_section_name, reason: b.reason };
        }),
        after: changes,
      });
    });
    return this.get(ctx, p.id);
  }

  /** The sections a line may go to in a target class: the `toYear` class's, else its `fromYear` template's. */
  private sectionsOfTarget(maps: YearMaps, className: string): SectionRow[] {
    const cls = maps.toClasses.find((c) => c.name === className) ?? maps.fromClasses.find((c) => c.name === className);
    return cls ? maps.sections.filter((s) => s.class_id === cls.id) : [];
  }

  /**
   * Spreads one closing class's promoted children over the next class's sections (`keep`,
   * `alphabetical` or `balanced` by gender), counting the children already going there (detained,
   * early admissions) without moving them. Detained, passed-out and left lines are not touched.
   */
  async allocate(ctx: WorkspaceContext, promotionId: string, input: AllocatePromotionInput): Promise<PromotionAnswer> {
    const p = await this.promotionOrThrow(ctx, promotionId);
    await this.access.require(ctx, 'class', [input.classId]);
    if (p.status !== 'draft') throw new DomainException('PROMOTION_APPLIED');
    const maps = await this.yearMaps(p.from_year, p.to_year);
    const from = maps.fromClasses.find((c) => c.id === input.classId.toLowerCase());
    if (!from) throw new DomainException('VALIDATION_FAILED', { details: { classId: `Choose a class of ${p.from_year}` } });
    const next = nextClassName(from.name, maps.fromClasses.map((c) => c.name));
    if (!next) throw new DomainException('VALIDATION_FAILED', { details: { classId: `${from.name} is the school’s last class: its students pass out` } });
    const all = (await this.repo.lines(p.id, maps.toYear?.id ?? null)).map((l) => this.toLine(maps, l));
    const pool = all.filter((l) => l.fromClassId === from.id && l.decision === 'promote' && !l.alreadyEnrolled);
    const inPool = new Set(pool.map((l) => l.studentId));
    const sections = this.sectionsOfTarget(maps, next).map((x) => ({ id: x.id, name: x.name, girls: 0, boys: 0, others: 0 }));
    const bump = (sectionName: string | null, gender: 'male' | 'female' | 'other', n = 1) => {
      const sec = sections.find((x) => x.name.toLowerCase() === (sectionName ?? '').toLowerCase());
      if (sec) sec[gender === 'female' ? 'girls' : gender === 'male' ? 'boys' : 'others'] += n;
    };
    for (const l of all) if (!inPool.has(l.studentId) && !l.alreadyEnrolled && (l.decision === 'promote' || l.decision === 'detain') && l.targetClassName === next) bump(l.targetSectionName, l.gender);
    const toClass = maps.toClasses.find((c) => c.name === next);
    if (maps.toYear && toClass) {
      for (const r of await this.repo.enrolledGenders(maps.toYear.id, toClass.id)) bump(maps.sections.find((x) => x.id === r.section_id)?.name ?? null, r.gender, r.n);
    }
    const placed = allocateSections(
      pool.map((l) => ({ studentId: l.studentId, name: l.name, gender: l.gender, sectionName: l.fromSectionName })),
      sections,
      input.mode,
    );
    const changes = pool.filter((l) => placed.has(l.studentId) && placed.get(l.studentId) !== l.targetSectionName);
    await this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const locked = await repo.find(p.id, true);
      if (locked?.status !== 'draft') throw new DomainException('PROMOTION_APPLIED');
      if (changes.length === 0) return tx.nothingChanged();
      for (const l of changes) await repo.setLine(p.id, { studentId: l.studentId, decision: 'promote', targetClassName: next, targetSectionName: placed.get(l.studentId)!, reason: l.reason });
      await tx.audit({
        action: 'promotion.sections_allocated',
        entity: 'promotion',
        entityId: p.id,
        before: { classId: from.id, lines: changes.map((l) => ({ studentId: l.studentId, targetSectionName: l.targetSectionName })) },
        after: { classId: from.id, mode: input.mode, lines: changes.map((l) => ({ studentId: l.studentId, targetSectionName: placed.get(l.studentId) })) },
      });
    });
    return this.get(ctx, p.id);
  }

  /** Whether applying makes `toYear` current: yes unless it already is, or a later year is. */
  private async becomesCurrent(toYear: string, repo = this.repo): Promise<{ becomes: boolean; current: YearRow | null }> {
    const current = await repo.currentYear();
    const startsOn = (await repo.year(toYear))?.starts_on ?? defaultYearDates(toYear)!.startsOn;
    return { becomes: !current || (current.name !== toYear && current.starts_on < startsOn), current };
  }

  // ── preview ─────────────────────────────────────────────────────────────
  async preview(ctx: WorkspaceContext, promotionId: string, feeIncreasePercent: number): Promise<{ preview: PromotionPreview }> {
    const p = await this.promotionOrThrow(ctx, promotionId);
    const maps = await this.yearMaps(p.from_year, p.to_year);
    const rows = await this.repo.lines(p.id, maps.toYear?.id ?? null);
    const rte = new Map(rows.map((r) => [r.student_id, r.rte]));
    const lines = rows.map((l) => this.toLine(maps, l));
    const subjectCounts = new Map((await this.repo.subjectCounts(maps.fromClasses.map((c) => c.id))).map((r) => [r.class_id, r.n]));
    const classes = [...maps.fromClasses]
      .sort((a, b) => compareClassNames(a.name, b.name))
      .map((c) => {
        const to = maps.toClasses.find((x) => x.name === c.name);
        const secs = maps.sections.filter((s) => s.class_id === c.id).map((s) => s.name).sort(naturalCompare);
        return { name: c.name, exists: !!to, sections: to ? maps.sections.filter((s) => s.class_id === to.id).map((s) => s.name).sort(naturalCompare) : secs, newSections: to ? [] : secs, subjects: to ? 0 : (subjectCounts.get(c.id) ?? 0) };
      });
    const withStructure = await this.feeRollover.classesWithStructure(maps.toClasses.map((c) => c.id));
    const structures = (await this.feeRollover.previewStructures(maps.fromClasses.map((c) => c.id), feeIncreasePercent))
      .map((s) => {
        const name = maps.fromClasses.find((c) => c.id === s.fromClassId)!.name;
        const to = maps.toClasses.find((c) => c.name === name);
        return { className: name, total: s.total, newTotal: s.newTotal, exists: !!to && withStructure.has(to.id) };
      })
      .sort((a, b) => compareClassNames(a.className, b.className));
    const enrolments = new Map<string, { className: string; sectionName: string; count: number }>();
    const skipped: PromotionPreview['skipped'] = [];
    let arrearsStudents = 0;
    let arrearsAmount = 0;
    const carrying: PromotionLine[] = [];
    for (const l of lines) {
      if (l.decision !== 'promote' && l.decision !== 'detain') continue;
      if (l.alreadyEnrolled) {
        skipped.push({ studentId: l.studentId, name: l.name, className: l.fromClassName, sectionName: l.fromSectionName });
        continue;
      }
      const key = `${l.targetClassName}|${l.targetSectionName}`;
      const e = enrolments.get(key) ?? { className: l.targetClassName ?? '', sectionName: l.targetSectionName ?? '', count: 0 };
      e.count += 1;
      enrolments.set(key, e);
      carrying.push(l);
    }
    // Every child's unpaid balance in a few queries, as apply will carry it.
    const owed = await this.feeRollover.unpaidMany(
      carrying.map((l) => ({ student: { id: l.studentId, name: l.name, admissionNumber: l.admissionNumber, rte: rte.get(l.studentId) ?? false }, enrolment: this.fromEnrolment(maps, l) })),
      this.today(),
    );
    for (const lines of owed.values()) {
      const amount = lines.reduce((t, x) => t + x.amount, 0);
      if (amount > 0) {
        arrearsStudents += 1;
        arrearsAmount += amount;
      }
    }
    return {
      preview: {
        fromYear: p.from_year,
        toYear: p.to_year,
        yearExists: !!maps.toYear,
        classes,
        structures,
        enrolments: [...enrolments.values()].sort((a, b) => compareClassNames(a.className, b.className) || naturalCompare(a.sectionName, b.sectionName)),
        passedOut: lines.filter((l) => l.decision === 'passed_out').length,
        left: lines.filter((l) => l.decision === 'left').length,
        skipped,
        arrears: { students: arrearsStudents, amount: arrearsAmount },
        feeIncreasePercent,
        timetable: await this.repo.timetablePreview(p.from_year, p.to_year),
        becomesCurrent: (await this.becomesCurrent(p.to_year)).becomes,
      },
    };
  }

  private fromEnrolment(maps: YearMaps, l: PromotionLine): Enrolment {
    return { academicYear: maps.fromYear.name, classId: l.fromClassId, className: l.fromClassName, sectionId: l.fromSectionId, sectionName: l.fromSectionName, rollNumber: l.rollNumber };
  }

  private today(): string {
    const p = new Date(this.jobs.now().getTime() + 330 * 60_000);
    return `${p.getUTCFullYear()}-${pad2(p.getUTCMonth() + 1)}-${pad2(p.getUTCDate())}`;
  }

  // ── apply ───────────────────────────────────────────────────────────────
  async apply(ctx: WorkspaceContext, promotionId: string, input: ApplyPromotionInput): Promise<{ jobId: string }> {
    const p = await this.promotionOrThrow(ctx, promotionId);
    if (p.status !== 'draft') throw new DomainException('PROMOTION_APPLIED');
    return this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const locked = await repo.find(p.id, true);
      if (locked?.status !== 'draft') throw new DomainException('PROMOTION_APPLIED');
      const jobId = await this.jobs.enqueue(tx, PROMOTION_APPLY_JOB, { promotionId: p.id } satisfies ApplyPayload);
      await repo.update(
        p.id,
        { status: 'applying', fee_increase_percent: input.feeIncreasePercent, renumber_rolls: input.renumberRolls, copy_timetable: input.copyTimetable, job_id: jobId, result: null },
        tx.now,
      );
      await tx.audit({
        action: 'promotion.apply_started',
        entity: 'promotion',
        entityId: p.id,
        before: { status: 'draft' },
        after: { status: 'applying', jobId, feeIncreasePercent: input.feeIncreasePercent, renumberRolls: input.renumberRolls, copyTimetable: input.copyTimetable },
      });
      return { jobId };
    });
  }

  /**
   * The apply job: the new year (made if missing, its classes, sections and class subjects copied,
   * the fee structures copied and raised) in one transaction, then each closing class's students in
   * a transaction of their own (resumable: applied lines are skipped on a retry), then roll numbers
   * and the result report.
   */
  private async runApply(job: JobContext<ApplyPayload>): Promise<{ resultUrl: string }> {
    const actor = { schoolId: job.schoolId, userId: job.createdBy };
    const schoolId = job.schoolId;
    const p = await this.repo.find(job.payload.promotionId);
    if (!p || p.status !== 'applying') return { resultUrl: `/api/v1/schools/${schoolId}/promotions/${job.payload.promotionId}` };
    const percent = Number(p.fee_increase_percent ?? 0);
    const result: PromotionResult = {
      enrolled: 0,
      passedOut: 0,
      left: 0,
      skipped: [],
      yearCreated: false,
      classesCreated: 0,
      sectionsCreated: 0,
      subjectsCopied: 0,
      structuresCopied: 0,
      arrears: { students: 0, amount: 0 },
      ...(p.result ?? {}),
    };

    // 1. The new year, its classes and fee structures.
    if (!p.created) {
      await this.writes.run(actor, async (tx) => {
        const repo = this.repo.in(tx.m);
        const created: PromotionCreated = { yearId: null, classIds: [] };
        let toYear = await repo.year(p.to_year);
        if (!toYear) {
          const d = defaultYearDates(p.to_year)!;
          created.yearId = await repo.insertYear(p.to_year, d.startsOn, d.endsOn, tx.now);
          toYear = await repo.year(p.to_year);
          result.yearCreated = true;
        }
        const fromClasses = await repo.classes(p.from_year);
        const toClasses = await repo.classes(p.to_year);
        const pairs: { fromClassId: string; toClassId: string }[] = [];
        for (const c of fromClasses.sort((a, b) => compareClassNames(a.name, b.name))) {
          let to = toClasses.find((x) => x.name === c.name);
          if (!to) {
            const made = await repo.copyClass(c.id, c.name, p.to_year, tx.now);
            created.classIds.push(made.classId);
            result.classesCreated += 1;
            result.sectionsCreated += made.sections;
            result.subjectsCopied += made.subjects;
            to = { id: made.classId, name: c.name };
          }
          pairs.push({ fromClassId: c.id, toClassId: to.id });
        }
        result.structuresCopied = await this.feeRollover.copyStructures(tx, { promotionId: p.id, toYear: p.to_year, percent, pairs });
        if (p.copy_timetable) {
          const copied = await repo.copyTimetable(p.from_year, p.to_year);
          const made = new Set((await repo.sections(created.classIds)).map((x) => x.id));
          const slotSections = [...new Set(copied.slots.map((x) => x.section_id))];
          result.timetable = { sections: slotSections.length, slots: copied.slots.length, assignments: copied.assignments.length, classTeachers: copied.classTeachers.length };
          created.timetable = {
            slotSections: slotSections.filter((id) => !made.has(id)),
            assignments: copied.assignments.filter((a) => !made.has(a.section_id)).map((a) => [a.section_id, a.subject_id] as [string, string]),
            classTeachers: copied.classTeachers.map((x) => x.section_id).filter((id) => !made.has(id)),
          };
        }
        await repo.update(p.id, { created, result }, tx.now);
        await tx.audit({
          action: 'promotion.year_prepared',
          entity: 'promotion',
          entityId: p.id,
          after: {
            toYear: p.to_year,
            yearCreated: result.yearCreated,
            classesCreated: result.classesCreated,
            sectionsCreated: result.sectionsCreated,
            subjectsCopied: result.subjectsCopied,
            structuresCopied: result.structuresCopied,
            feeIncreasePercent: percent,
            ...(result.timetable ? { timetable: result.timetable } : {}),
          },
        });
      });
    }
    await job.progress(10);

    // 2. Each closing class in its own transaction.
    const maps = await this.yearMaps(p.from_year, p.to_year);
    const toYear = maps.toYear!;
    const all = await this.repo.lines(p.id, toYear.id);
    const classIds = [...new Set(all.map((l) => l.from_class_id))];
    const leftOn = dayBefore(toYear.starts_on);
    for (const [i, classId] of classIds.entries()) {
      if (job.signal.aborted) throw new Error('aborted');
      const pending = all.filter((l) => l.from_class_id === classId && !l.applied);
      if (pending.length === 0) continue;
      await this.writes.run(actor, async (tx) => {
        const repo = this.repo.in(tx.m);
        const done = { enrolled: 0, passedOut: 0, left: 0, skipped: [] as PromotionResult['skipped'], arrearsStudents: 0, arrearsAmount: 0 };
        // The whole class in a few set-based statements: outcomes, placements, enrolments, lines, arrears.
        const ids = pending.map((l) => l.student_id);
        await repo.setYearOutcomes(maps.fromYear.id, pending.map((l) => ({ studentId: l.student_id, result: l.result, grade: l.result_grade, attendance: l.attendance_percent })));
        const placements = await repo.placements(ids);
        const already = await repo.enrolledAmong(ids, toYear.id);
        const leaving: { studentId: string; status: 'passed_out' | 'left'; reason: string }[] = [];
        const enrolling: { studentId: string; classId: string; sectionId: string; rollNumber: number | null }[] = [];
        const marked: { studentId: string; enrolled: boolean; skipped: boolean; previous: PreviousPlacement | null }[] = [];
        const carry: { student: { id: string; name: string; admissionNumber: string; rte: boolean }; fromEnrolment: Enrolment; toClassId: string }[] = [];
        for (const l of pending) {
          const previous = placements.get(l.student_id);
          if (!previous) continue;
          const line = this.toLine(maps, l);
          if (l.decision === 'passed_out' || l.decision === 'left') {
            leaving.push({ studentId: l.student_id, status: l.decision, reason: l.reason ?? (l.decision === 'passed_out' ? 'Passed out' : 'Left') });
            marked.push({ studentId: l.student_id, enrolled: false, skipped: false, previous });
            if (l.decision === 'passed_out') done.passedOut += 1;
            else done.left += 1;
            continue;
          }
          if (already.has(l.student_id)) {
            marked.push({ studentId: l.student_id, enrolled: false, skipped: true, previous: null });
            done.skipped.push({ studentId: l.student_id, name: line.name, className: line.fromClassName, sectionName: line.fromSectionName });
            continue;
          }
          const toClass = maps.toClasses.find((c) => c.name === l.target_class_name);
          const secs = maps.sections.filter((x) => x.class_id === toClass?.id).sort((a, b) => naturalCompare(a.name, b.name));
          const sec = secs.find((x) => x.name.toLowerCase() === (l.target_section_name ?? '').toLowerCase()) ?? secs[0];
          if (!toClass || !sec) throw new Error(`No section of ${l.target_class_name} in ${p.to_year}`);
          enrolling.push({ studentId: l.student_id, classId: toClass.id, sectionId: sec.id, rollNumber: l.roll_number });
          marked.push({ studentId: l.student_id, enrolled: true, skipped: false, previous });
          carry.push({ student: { id: l.student_id, name: line.name, admissionNumber: l.admission_number, rte: l.rte }, fromEnrolment: this.fromEnrolment(maps, line), toClassId: toClass.id });
          done.enrolled += 1;
        }
        await repo.markLeftMany(leaving, leftOn, tx.now);
        await repo.enrolMany(toYear.id, enrolling, tx.now);
        await repo.markLines(p.id, marked);
        const carried = await this.feeRollover.carryArrearsMany(tx, { promotionId: p.id, toYear: p.to_year, name: arrearsName(p.from_year), dueOn: toYear.starts_on, asOf: this.today(), students: carry });
        for (const amount of carried.values()) {
          done.arrearsStudents += 1;
          done.arrearsAmount += amount;
        }
        result.enrolled += done.enrolled;
        result.passedOut += done.passedOut;
        result.left += done.left;
        result.skipped.push(...done.skipped);
        result.arrears.students += done.arrearsStudents;
        result.arrears.amount += done.arrearsAmount;
        await repo.update(p.id, { result }, tx.now);
        await tx.audit({
          action: 'promotion.class_applied',
          entity: 'promotion',
          entityId: p.id,
          after: { classId, enrolled: done.enrolled, passedOut: done.passedOut, left: done.left, skipped: done.skipped.length, arrears: { students: done.arrearsStudents, amount: done.arrearsAmount } },
        });
      });
      await job.progress(10 + ((i + 1) / classIds.length) * 80);
    }

    // 3. Roll numbers, the new year made current (the closing one is then read-only for marks and
    // attendance), and the promotion applied.
    await this.writes.run(actor, async (tx) => {
      const repo = this.repo.in(tx.m);
      if (p.renumber_rolls !== false) await repo.renumber(p.id, toYear.id);
      const fresh = (await repo.find(p.id, true))!;
      const created: PromotionCreated = fresh.created ?? { yearId: null, classIds: [] };
      const { becomes, current } = await this.becomesCurrent(p.to_year, repo);
      if (becomes) {
        await repo.makeCurrent(toYear.id);
        created.madeCurrent = true;
        created.previousCurrentYearId = current?.id ?? null;
        result.previousCurrentYear = current?.name ?? null;
      }
      await repo.update(p.id, { status: 'applied', applied_at: tx.now, result, created }, tx.now);
      await tx.audit({
        action: 'promotion.applied',
        entity: 'promotion',
        entityId: p.id,
        before: { status: 'applying', currentYear: current?.name ?? null },
        after: { status: 'applied', result, currentYear: becomes ? p.to_year : (current?.name ?? null) },
      });
    });
    return { resultUrl: `/api/v1/schools/${schoolId}/promotions/${p.id}` };
  }

  // ── undo ────────────────────────────────────────────────────────────────
  async revert(ctx: WorkspaceContext, promotionId: string): Promise<PromotionAnswer> {
    const p = await this.promotionOrThrow(ctx, promotionId);
    await this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const locked = await repo.find(p.id, true);
      if (!locked) throw new DomainException('NOT_FOUND');
      if (locked.status === 'draft') {
        tx.nothingChanged();
        return;
      }
      const toYear = await repo.year(locked.to_year);
      const created = locked.created ?? { yearId: null, classIds: [] };
      const reasons = await repo.lockReasons(locked.to_year, locked.id, created.classIds);
      const toClassIds = toYear ? (await repo.classes(locked.to_year)).map((c) => c.id) : [];
      const receipts = await this.feeRollover.receiptsOnClasses(toClassIds, locked.applied_at ?? locked.created_at, tx);
      if (reasons.attendance || reasons.marks || reasons.others || reasons.readmitted || receipts) {
        const what = [
          reasons.attendance && 'attendance',
          reasons.marks && 'marks',
          receipts && 'fee receipts',
          reasons.others && 'students admitted since',
          reasons.readmitted && 'a student re-admitted after this promotion marked them left or passed out',
        ]
          .filter(Boolean)
          .join(', ');
        throw new DomainException('PROMOTION_LOCKED', {
          message: `${locked.to_year} already has ${what}, so this promotion can no longer be undone.`,
          details: { attendance: reasons.attendance, marks: reasons.marks, receipts, students: reasons.others, readmitted: reasons.readmitted },
        });
      }
      const lines = (await repo.lines(locked.id, toYear?.id ?? null)).filter((x) => x.applied && x.previous);
      await repo.restoreMany(toYear?.id ?? null, lines.map((l) => ({ studentId: l.student_id, enrolled: l.enrolled, previous: l.previous! })), tx.now);
      const restored = lines.length;
      const fees = await this.feeRollover.removePromotion(tx, locked.id);
      if (created.timetable) await repo.removeTimetable(created.timetable);
      // The year that was current before apply is current again (while the new year still is).
      const current = await repo.currentYear();
      const restoreCurrent = !!created.madeCurrent && current?.id === toYear?.id;
      if (restoreCurrent) await repo.makeCurrent(created.previousCurrentYearId ?? null);
      await repo.deleteClasses(created.classIds);
      if (created.yearId) await repo.deleteYear(created.yearId);
      await repo.resetLines(locked.id);
      await repo.update(locked.id, { status: 'draft', reverted_at: tx.now, applied_at: null, created: null, result: null, job_id: null }, tx.now);
      await tx.audit({
        action: 'promotion.reverted',
        entity: 'promotion',
        entityId: locked.id,
        before: { status: locked.status, result: locked.result },
        after: {
          status: 'draft',
          studentsRestored: restored,
          classesRemoved: created.classIds.length,
          yearRemoved: !!created.yearId,
          fees,
          timetableRemoved: !!created.timetable,
          currentYear: restoreCurrent ? ((await repo.currentYear())?.name ?? null) : (current?.name ?? null),
        },
      });
    });
    return this.get(ctx, p.id);
  }
}
