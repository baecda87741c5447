import { AcademicsService } from '../academics/academics.service';
import { Injectable } from '@nestjs/common';
import { formatDateIST } from '@vidyalaya/shared';
import {
  DAY_NAMES,
  periodsByDay,
  timetableConflicts,
  TIMETABLE_MESSAGES as M,
  type BellSchedulesResult,
  type CopyTimetableResult,
  type PutBellSchedulesInput,
  type SchoolTimetableResult,
  type SectionRef,
  type SectionTimetableResult,
  type StaffTimetableResult,
  type TimetableClash,
  type TimetableClassesResult,
  type TimetablePdfLanguage,
  type TimetableSlot,
  type TimetableSlotInput,
} from '@vidyalaya/shared/timetable';
import { Clock } from '../../common/clock';
import { DomainException } from '../../common/domain.exception';
import { AccessService } from '../../common/workspace/access.service';
import { SchoolWrites } from '../../common/workspace/school-writes';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import { violatedUniqueIndex } from '../../database/unique-violation';
import { renderTimetablePdf, type TimetablePdfPage } from './timetable-pdf';
import { TimetableRepository, type SectionRow, type SlotRow } from './timetable.repository';

export function toSlot(r: SlotRow): TimetableSlot {
  return {
    day: r.day,
    period: r.period,
    subjectId: r.subject_id,
    subjectName: r.subject_name,
    teacherId: r.staff_id,
    teacherName: r.staff_name,
    sectionId: r.section_id,
    sectionName: r.section_name,
    classId: r.class_id,
    className: r.class_name,
  };
}

const toSectionRef = (s: SectionRow): SectionRef => ({ id: s.id, name: s.name, classId: s.class_id, className: s.class_name, academicYear: s.academic_year });
const where = (day: number, period: number) => `${DAY_NAMES[day]}, period ${period}`;

/**
 * Bell schedules and timetables. A section's week is saved whole; a teacher in two places at once
 * answers 409 TIMETABLE_CLASH naming each clash, a teacher over the school's daily limit 409
 * TEACHER_OVERLOADED. Saves touching the same teachers run one after another (advisory locks), and
 * the unique index on (school, year, teacher, day, period) refuses a double booking whatever happens.
 */
@Injectable()
export class TimetableService {
  constructor(
    private readonly repo: TimetableRepository,
    private readonly academics: AcademicsService,
    private readonly access: AccessService,
    private readonly writes: SchoolWrites,
    private readonly clock: Clock,
  ) {}

  // ── bell schedules ──────────────────────────────────────────────────────
  getBellSchedules(): Promise<BellSchedulesResult> {
    return this.repo.bellSchedules();
  }

  async putBellSchedules(ctx: WorkspaceContext, input: PutBellSchedulesInput): Promise<BellSchedulesResult> {
    await this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const before = await repo.bellSchedules();
      await repo.replaceBellSchedules(input, tx.now);
      await tx.audit({ action: 'bell_schedules.set', entity: 'bell_schedule', entityId: null, before, after: input });
    });
    return this.repo.bellSchedules();
  }

  // ── reading ─────────────────────────────────────────────────────────────
  private async sectionOrThrow(ctx: WorkspaceContext, sectionId: string): Promise<SectionRow> {
    await this.access.require(ctx, 'section', [sectionId]);
    const section = await this.academics.section(sectionId);
    if (!section) throw new DomainException('NOT_FOUND');
    return section;
  }

  async sectionTimetable(ctx: WorkspaceContext, sectionId: string): Promise<SectionTimetableResult> {
    const section = await this.sectionOrThrow(ctx, sectionId);
    const slots = await this.repo.sectionSlots(sectionId);
    return { timetable: { section: toSectionRef(section), slots: slots.map(toSlot) } };
  }

  async staffTimetable(ctx: WorkspaceContext, staffId: string, academicYear?: string): Promise<StaffTimetableResult> {
    // A guardian sees their child's section and the calendar, never a teacher's week or the whole school.
    if (ctx.role === 'guardian') throw new DomainException('FORBIDDEN');
    await this.access.require(ctx, 'staff', [staffId]);
    const [staff] = await this.repo.staffStatus([staffId]);
    const year = academicYear ?? (await this.repo.currentYear());
    const slots = await this.repo.staffSlots(staffId, year);
    return { staff: { id: staff.id, name: staff.name }, slots: slots.map(toSlot) };
  }

  async schoolTimetable(ctx: WorkspaceContext, academicYear?: string): Promise<SchoolTimetableResult> {
    if (ctx.role === 'guardian') throw new DomainException('FORBIDDEN');
    const year = academicYear ?? (await this.repo.currentYear());
    if (!year) return { academicYear: null, sections: [] };
    const [sections, slots] = await Promise.all([this.repo.sectionsOfYear(year), this.repo.yearSlots(year)]);
    const bySection = new Map<string, TimetableSlot[]>();
    for (const s of slots) bySection.set(s.section_id, [...(bySection.get(s.section_id) ?? []), toSlot(s)]);
    return {
      academicYear: year,
      sections: sections.map((s) => ({ section: toSectionRef(s), slots: bySection.get(s.id) ?? [] })),
    };
  }

  // ── the printed timetable (A4 landscape PDF) ────────────────────────────
  private async pdf(title: string, academicYear: string | null, pages: TimetablePdfPage[], lang: TimetablePdfLanguage): Promise<Buffer> {
    const [schoolName, { schedules }] = await Promise.all([this.repo.schoolName(), this.repo.bellSchedules()]);
    return renderTimetablePdf({ schoolName, title, academicYear, pages, schedules, lang, printedOn: formatDateIST(this.clock.now()) });
  }

  /** GET …/sections/{sectionId}/timetable/pdf: the section's week, subject and teacher in each period. */
  async sectionPdf(ctx: WorkspaceContext, sectionId: string, lang: TimetablePdfLanguage): Promise<{ pdf: Buffer; filename: string }> {
    const { timetable } = await this.sectionTimetable(ctx, sectionId);
    const heading = `${timetable.section.className} ${timetable.section.name}`;
    const cells = timetable.slots.map((s) => ({ day: s.day, period: s.period, main: s.subjectName, sub: s.teacherName }));
    const pdf = await this.pdf(heading, timetable.section.academicYear, [{ heading, cells }], lang);
    return { pdf, filename: `timetable-${heading}` };
  }

  /** GET …/staff/{staffId}/timetable/pdf: a teacher's week, subject and class in each period. */
  async staffPdf(ctx: WorkspaceContext, staffId: string, academicYear: string | undefined, lang: TimetablePdfLanguage): Promise<{ pdf: Buffer; filename: string }> {
    const week = await this.staffTimetable(ctx, staffId, academicYear);
    const year = academicYear ?? (await this.repo.currentYear());
    const cells = week.slots.map((s) => ({ day: s.day, period: s.period, main: s.subjectName, sub: `${s.className} ${s.sectionName}` }));
    const pdf = await this.pdf(week.staff.name, year, [{ heading: week.staff.name, cells }], lang);
    return { pdf, filename: `timetable-${week.staff.name}` };
  }

  /** GET …/timetable/pdf: every section of the year, a page each. */
  async schoolPdf(ctx: WorkspaceContext, academicYear: string | undefined, lang: TimetablePdfLanguage): Promise<{ pdf: Buffer; filename: string }> {
    const school = await this.schoolTimetable(ctx, academicYear);
    const pages = school.sections.map(({ section, slots }) => ({
      heading: `${section.className} ${section.name}`,
      cells: slots.map((s) => ({ day: s.day, period: s.period, main: s.subjectName, sub: s.teacherName })),
    }));
    const pdf = await this.pdf(school.academicYear ?? '', school.academicYear, pages, lang);
    return { pdf, filename: `timetable-${school.academicYear ?? 'school'}` };
  }

  /** GET …/timetable/classes: the year's classes, sections and subjects the editors choose from. */
  async classes(academicYear?: string): Promise<TimetableClassesResult> {
    const year = academicYear ?? (await this.repo.currentYear());
    if (!year) return { academicYear: null, classes: [] };
    return { academicYear: year, classes: await this.academics.classesWithDetails({ year }) };
  }

  // ── saving ──────────────────────────────────────────────────────────────
  /** PUT …/sections/{sectionId}/timetable: the section's whole week. */
  async putSectionTimetable(ctx: WorkspaceContext, sectionId: string, slots: TimetableSlotInput[]): Promise<SectionTimetableResult> {
    const section = await this.sectionOrThrow(ctx, sectionId);
    const normalized = slots.map((s) => ({ ...s, subjectId: s.subjectId.toLowerCase(), teacherId: s.teacherId.toLowerCase() }));
    await this.validate(ctx, section, normalized);
    await this.save(ctx, section, normalized);
    return this.sectionTimetable(ctx, sectionId);
  }

  /** Checks slots against the bell schedule, the class's subjects and the staff list (400 naming each slot). */
  private async validate(ctx: WorkspaceContext, section: SectionRow, slots: TimetableSlotInput[]): Promise<void> {
    const teacherIds = [...new Set(slots.map((s) => s.teacherId))];
    await this.access.require(ctx, 'staff', teacherIds);
    const [{ schedules }, subjects, teachers] = await Promise.all([
      this.repo.bellSchedules(),
      this.repo.classSubjects(section.class_id),
      this.repo.staffStatus(teacherIds),
    ]);
    const periods = periodsByDay(schedules);
    const left = new Set(teachers.filter((t) => t.status !== 'active').map((t) => t.id));
    const details: Record<string, string> = {};
    slots.forEach((s, i) => {
      const day = periods.get(s.day);
      if (!day) details[`slots.${i}.day`] = M.noScheduleForDay;
      else if (!day.has(s.period)) details[`slots.${i}.period`] = M.noSuchPeriod;
      if (!subjects.has(s.subjectId)) details[`slots.${i}.subjectId`] = M.subjectNotInClass;
      if (left.has(s.teacherId)) details[`slots.${i}.teacherId`] = M.teacherLeft;
    });
    if (Object.keys(details).length > 0) throw new DomainException('VALIDATION_FAILED', { details });
  }

  private async save(ctx: WorkspaceContext, section: SectionRow, slots: TimetableSlotInput[]): Promise<void> {
    const teacherIds = [...new Set(slots.map((s) => s.teacherId))];
    try {
      await this.writes.run(ctx, async (tx) => {
        const repo = this.repo.in(tx.m);
        await repo.lock([`section:${section.id}`, ...teacherIds.map((id) => `staff:${id}`)]);
        const others = await repo.otherSlotsOf(section.academic_year, section.id, teacherIds);
        this.checkClashes(slots, others);
        const { dailyLoadLimit } = await repo.bellSchedules();
        if (dailyLoadLimit !== null) await this.checkLoad(repo, slots, others, dailyLoadLimit);
        const before = await repo.sectionSlots(section.id);
        await repo.replaceSectionSlots(section.academic_year, section.id, slots);
        await tx.audit({
          action: 'timetable.saved',
          entity: 'section',
          entityId: section.id,
          before: before.map((s) => ({ day: s.day, period: s.period, subjectId: s.subject_id, teacherId: s.staff_id })),
          after: slots,
        });
      });
    } catch (e) {
      if (violatedUniqueIndex(e) !== 'timetable_slots_teacher_uq') throw e;
      // Another save took the teacher meanwhile: name the clash as it now stands.
      const others = await this.repo.otherSlotsOf(section.academic_year, section.id, teacherIds);
      this.checkClashes(slots, others);
      throw new DomainException('TIMETABLE_CLASH');
    }
  }

  /** The shared clash rule (shared/src/timetable/schemas.ts), as the editor shows it: 409 naming each clash. */
  private checkClashes(slots: TimetableSlotInput[], others: SlotRow[]): void {
    const busy = others.map((o) => ({ teacherId: o.staff_id, day: o.day, period: o.period, sectionId: o.section_id, row: o }));
    const { clashes } = timetableConflicts(slots, busy, null);
    if (clashes.length === 0) return;
    const details: Record<string, string> = {};
    const data: TimetableClash[] = clashes.map(({ slot, with: { row: o } }) => {
      details[`slots.${slot}.teacherId`] = `${o.staff_name} already teaches ${o.class_name} ${o.section_name} on ${where(o.day, o.period)}`;
      return { slot, day: o.day, period: o.period, teacherId: o.staff_id, teacherName: o.staff_name, sectionId: o.section_id, sectionName: o.section_name, className: o.class_name };
    });
    throw new DomainException('TIMETABLE_CLASH', { message: `${details[`slots.${clashes[0].slot}.teacherId`]}.`, details, data: { clashes: data } });
  }

  /** The shared daily-load rule: 409 TEACHER_OVERLOADED naming the teacher and the day. */
  private async checkLoad(repo: TimetableRepository, slots: TimetableSlotInput[], others: SlotRow[], limit: number): Promise<void> {
    const busy = others.map((o) => ({ teacherId: o.staff_id, day: o.day, period: o.period, sectionId: o.section_id }));
    const { overloads } = timetableConflicts(slots, busy, limit);
    if (overloads.length === 0) return;
    const names = new Map((await repo.staffStatus([...new Set(overloads.map((o) => o.teacherId))])).map((t) => [t.id, t.name]));
    const details: Record<string, string> = {};
    for (const o of overloads) {
      details[`slots.${o.slot}.teacherId`] = `${names.get(o.teacherId)} would teach ${o.count} periods on ${DAY_NAMES[o.day]}; the school’s limit is ${limit}`;
    }
    throw new DomainException('TEACHER_OVERLOADED', { message: `${details[`slots.${overloads[0].slot}.teacherId`]}.`, details });
  }

  /** POST …/sections/{sectionId}/timetable/copy {toSectionId}: the subjects' pattern, with the target's own assigned teachers. */
  async copy(ctx: WorkspaceContext, fromSectionId: string, toSectionId: string): Promise<CopyTimetableResult> {
    const from = await this.sectionOrThrow(ctx, fromSectionId);
    const to = await this.sectionOrThrow(ctx, toSectionId);
    if (from.id === to.id) throw new DomainException('VALIDATION_FAILED', { details: { toSectionId: 'Choose another section to copy to' } });
    const [source, subjects, assigned] = await Promise.all([
      this.repo.sectionSlots(from.id),
      this.repo.classSubjects(to.class_id),
      this.repo.assignmentsOf(to.id),
    ]);
    const slots: TimetableSlotInput[] = [];
    const skipped: CopyTimetableResult['skipped'] = [];
    for (const s of source) {
      const teacherId = assigned.get(s.subject_id);
      if (!subjects.has(s.subject_id)) skipped.push({ day: s.day, period: s.period, subjectId: s.subject_id, reason: M.subjectNotInClass });
      else if (!teacherId) skipped.push({ day: s.day, period: s.period, subjectId: s.subject_id, reason: 'No teacher is assigned this subject in the section' });
      else slots.push({ day: s.day, period: s.period, subjectId: s.subject_id, teacherId });
    }
    await this.validate(ctx, to, slots);
    await this.save(ctx, to, slots);
    const { timetable } = await this.sectionTimetable(ctx, to.id);
    return { timetable, skipped };
  }
}
