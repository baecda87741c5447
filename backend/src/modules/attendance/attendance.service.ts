import { Injectable, type OnModuleInit } from '@nestjs/common';
import { roleHas } from '@vidyalaya/shared';
import {
  ATTENDANCE_BOARD_CLASSES,
  ATTENDANCE_MESSAGES,
  ATTENDANCE_THRESHOLD,
  attendancePercent,
  type AttendanceCounts,
  type AttendanceDayResult,
  type AttendanceMark,
  type AttendanceRegisterResult,
  type AttendanceSettingsResult,
  type AttendanceStatus,
  type AttendanceToday,
  type BelowThresholdItem,
  type BelowThresholdResult,
  type PutAttendanceInput,
  type StudentAttendanceResult,
} from '@vidyalaya/shared/attendance';
import { Clock } from '../../common/clock';
import { DomainException } from '../../common/domain.exception';
import { AccessService } from '../../common/workspace/access.service';
import { SchoolWrites } from '../../common/workspace/school-writes';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import { AcademicYearsService } from '../academic-years/academic-years.service';
import { CalendarService } from '../calendar/calendar.service';
import { JobRegistry } from '../jobs';
import { JobsService } from '../jobs/jobs.service';
import { brandedMail } from '../mail';
import { MailService } from '../mail/mail.service';
import { MessagingService } from '../messaging/messaging.service';
import { StaffService } from '../staff/staff.service';
import { StudentsService } from '../students/students.service';
import { academicYearOf, academicYearRange, addDays, maxDate, minDate, monthRange, monthsBetween, showDate, todayIST } from './attendance-dates';
import {
  AttendanceRepository,
  type CountRow,
  type DayEdit,
  type DayRow,
  type EditRow,
  type MarkRow,
  type SchoolStudentRow,
  type StudentRow,
} from './attendance.repository';
import { boundSchoolId } from '../../common/request-context';
import { AcademicsService, type SectionWithClass } from '../academics/academics.service';

export const ABSENCE_NOTICE_JOB = 'attendance.absence-notice';
interface NoticePayload {
  date: string;
  studentIds: string[];
}

const fullName = (s: { first_name: string; last_name: string | null }) => [s.first_name, s.last_name].filter(Boolean).join(' ');
const emptyCounts = (): AttendanceCounts => ({ present: 0, absent: 0, late: 0, halfDay: 0, leave: 0 });
const KEY: Record<AttendanceStatus, keyof AttendanceCounts> = { present: 'present', absent: 'absent', late: 'late', half_day: 'halfDay', leave: 'leave' };
const fromRow = (r: CountRow | undefined): AttendanceCounts =>
  r ? { present: r.present, absent: r.absent, late: r.late, halfDay: r.half_day, leave: r.leave } : emptyCounts();

/**
 * Daily attendance (DECISIONS "Attendance"): marking a section's day (teachers only their own
 * sections), the month register, today's overview, a student's running percentage and the 75 %
 * early-warning list. Working days and holidays come from the calendar module, so attendance and
 * the calendar agree on every day. Absent children's guardians are e-mailed by a background job,
 * once per child per day, queued inside the save's transaction (never blocking it).
 */
@Injectable()
export class AttendanceService implements OnModuleInit {
  constructor(
    private readonly repo: AttendanceRepository,
    private readonly access: AccessService,
    private readonly writes: SchoolWrites,
    private readonly clock: Clock,
    private readonly calendar: CalendarService,
    private readonly staff: StaffService,
    private readonly students: StudentsService,
    private readonly jobs: JobsService,
    private readonly registry: JobRegistry,
    private readonly mail: MailService,
    private readonly messaging: MessagingService,
    private readonly years: AcademicYearsService,
    private readonly academics: AcademicsService,
  ) {}

  onModuleInit(): void {
    this.registry.register<NoticePayload>(ABSENCE_NOTICE_JOB, async (job) => {
      await this.sendNotices(job.createdBy, job.payload);
    });
  }

  async schoolName(): Promise<string> {
    return (await this.repo.schoolName())?.name ?? '';
  }

  today(): string {
    return todayIST(this.clock.now());
  }

  // ── who may see and mark which section ───────────────────────────────────
  /** The section (404 when missing or another school's); a teacher only their own (403); a guardian none (403). */
  private async sectionFor(ctx: WorkspaceContext, sectionId: string): Promise<SectionWithClass> {
    await this.access.require(ctx, 'section', [sectionId]);
    const section = await this.academics.section(sectionId);
    if (!section) throw new DomainException('NOT_FOUND');
    if (ctx.role === 'guardian') throw new DomainException('FORBIDDEN');
    if (ctx.role === 'teacher') {
      const mine = await this.staff.sectionsTaughtBy(ctx.userId);
      if (!mine.includes(sectionId)) throw new DomainException('FORBIDDEN', { message: 'You can mark and view attendance only for the sections assigned to you.' });
    }
    return section;
  }

  // ── marking a day ────────────────────────────────────────────────────────
  /**
   * Saves a section's day (issue 37, the morning rush: every teacher at 8:30). What one save costs:
   * the guard's membership; the section with, for a teacher, their sections; the year's and the
   * calendar's checks (side by side); then the transaction: its start bound to the school, the
   * section's lock, one statement reading the day, its marks, edits and roll, the students' checks
   * and the notices setting, one statement writing the day, its changed marks and its edits, the
   * audit entry and the commit. The answer is made from what the save read and wrote (no re-read).
   * The checks answer in the order they always did: the section (404), a teacher's own (403), a
   * closed year (409), a future day (422), a holiday (422), the students (404, then 422), `basedOn` (409).
   */
  async mark(ctx: WorkspaceContext, sectionId: string, date: string, input: PutAttendanceInput): Promise<AttendanceDayResult> {
    const section = await this.sectionToMark(ctx, sectionId);
    // A closed year (a later one is current) keeps its register readable, never changed (409 YEAR_CLOSED).
    const [, holiday] = await Promise.all([this.years.ensureOpen(section.academic_year), this.calendar.isHoliday(date, section.class_id)]);
    if (date > this.today()) throw new DomainException('ATTENDANCE_FUTURE_DATE', { details: { date: 'This day has not come yet' } });
    if (holiday.holiday) {
      throw new DomainException('ATTENDANCE_HOLIDAY', {
        message: `Attendance cannot be marked on a holiday: ${holiday.name ?? 'holiday'}.`,
        details: { date: `${showDate(date)} is a holiday: ${holiday.name ?? 'holiday'}` },
        data: { holiday: holiday.name ?? null },
      });
    }
    const ids = input.records.map((r) => r.studentId);

    // The section's lock (repo.lockSection) is the transaction's opening statement, sent with its start.
    return this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const open = await repo.openDay(sectionId, date, ids, ctx.userId);
      // As AccessService.require: a student of another school answers exactly like a missing one.
      if (open.known !== ids.length) throw new DomainException('NOT_FOUND');
      if (open.outside.length > 0) {
        throw new DomainException('ATTENDANCE_NOT_IN_SECTION', {
          details: Object.fromEntries(open.outside.map((id) => [`records.${ids.indexOf(id)}.studentId`, ATTENDANCE_MESSAGES.notInSection])),
        });
      }
      const before = open.day;
      if (input.basedOn !== undefined) {
        const seen = input.basedOn === null ? null : new Date(input.basedOn).getTime();
        const now = before ? before.marked_at.getTime() : null;
        if (seen !== now) {
          throw new DomainException('ATTENDANCE_CONFLICT', {
            data: { markedBy: before?.marked_by_name ?? null, markedAt: before?.marked_at.toISOString() ?? null },
          });
        }
      }
      const old = before ? open.marks : [];
      const oldBy = new Map(old.map((m) => [m.student_id, m]));
      const next = input.records.map((r) => ({ studentId: r.studentId, status: r.status, note: r.note ? r.note : null }));
      const edits: DayEdit[] = [];
      if (before) {
        for (const n of next) {
          const o = oldBy.get(n.studentId);
          if (!o || o.status !== n.status || (o.note ?? null) !== n.note) edits.push({ studentId: n.studentId, from: o?.status ?? null, to: n.status, fromNote: o?.note ?? null, toNote: n.note });
        }
        const kept = new Set(next.map((n) => n.studentId));
        for (const o of old) if (!kept.has(o.student_id)) edits.push({ studentId: o.student_id, from: o.status, to: null, fromNote: o.note, toNote: null });
      }
      const counts = emptyCounts();
      for (const n of next) counts[KEY[n.status]] += 1;
      // The audit entry is written by the same statement as the day.
      const audit = tx.auditRow({
        action: before ? 'attendance.updated' : 'attendance.marked',
        entity: 'attendance_day',
        entityId: `${sectionId}/${date}`,
        before: before ? { markedAt: before.marked_at.toISOString(), changes: edits.length } : undefined,
        after: { sectionId, date, counts, changes: edits.map((e) => ({ studentId: e.studentId, from: e.from, to: e.to })) },
      });
      await repo.writeDay(sectionId, date, next, edits, ctx.userId, tx.now, audit);
      const absent = next.filter((n) => n.status === 'absent').map((n) => n.studentId);
      if (open.noticesOn) {
        const fresh = await repo.claimNotices(date, absent, tx.now);
        if (fresh.length > 0) {
          const jobId = await this.jobs.enqueue(tx, ABSENCE_NOTICE_JOB, { date, studentIds: fresh } satisfies NoticePayload);
          await repo.setNoticeJob(date, fresh, jobId);
        }
      }
      // SMS/WhatsApp to the families of today's absent children (once per child per day; never for leave).
      await this.messaging.queue(tx, { event: 'absence', ref: date, studentIds: absent });

      // The day as `dayOf` would read it after the commit: every child sent is on the roll (checked
      // above), so no former student shows; the day is not a holiday (checked above); the new edits
      // join the history in its order (newest first, then by student; at most 500).
      const newEdits: EditRow[] = edits.map((e) => ({ student_id: e.studentId, from_status: e.from, to_status: e.to, changed_by_name: open.myName, changed_at: tx.now }));
      const history = [...newEdits, ...open.edits].sort((x, y) => y.changed_at.getTime() - x.changed_at.getTime() || (x.student_id < y.student_id ? -1 : x.student_id > y.student_id ? 1 : 0)).slice(0, 500);
      const day: DayRow = { marked_by: ctx.userId, marked_by_name: open.myName, marked_at: tx.now };
      return this.dayResult(section, date, day, open.roll, next.map((n) => ({ student_id: n.studentId, date, status: n.status, note: n.note })), history, [], null);
    }, this.repo.lockSection(sectionId));
  }

  /** The section a caller may mark (as `sectionFor`, the teacher's own sections read beside the section). */
  private async sectionToMark(ctx: WorkspaceContext, sectionId: string): Promise<SectionWithClass> {
    // Guardians never hold attendance.mark; their answers stay exactly `sectionFor`'s.
    if (ctx.role === 'guardian') return this.sectionFor(ctx, sectionId);
    const [section, mine] = await Promise.all([
      this.academics.section(sectionId),
      ctx.role === 'teacher' ? this.staff.sectionsTaughtBy(ctx.userId) : Promise.resolve(null),
    ]);
    if (!section) throw new DomainException('NOT_FOUND');
    if (mine && !mine.includes(sectionId)) throw new DomainException('FORBIDDEN', { message: 'You can mark and view attendance only for the sections assigned to you.' });
    return section;
  }

  async getDay(ctx: WorkspaceContext, sectionId: string, date: string): Promise<AttendanceDayResult> {
    const section = await this.sectionFor(ctx, sectionId);
    return this.dayOf(section, date);
  }

  private async dayOf(section: SectionWithClass, date: string): Promise<AttendanceDayResult> {
    const [day, roll, marks, edits, holiday] = await Promise.all([
      this.repo.day(section.id, date),
      this.repo.studentsOf(section.id),
      this.repo.marks(section.id, date, date),
      this.repo.edits(section.id, date),
      this.calendar.isHoliday(date, section.class_id),
    ]);
    const onRoll = new Set(roll.map((s) => s.id));
    const former = marks.some((m) => !onRoll.has(m.student_id)) ? await this.repo.formerStudents(section.id, date, date) : [];
    return this.dayResult(section, date, day, roll, marks, edits, former, holiday.holiday ? { name: holiday.name ?? '' } : null);
  }

  private dayResult(
    section: SectionWithClass,
    date: string,
    day: DayRow | null,
    roll: StudentRow[],
    marks: MarkRow[],
    edits: EditRow[],
    former: StudentRow[],
    holiday: { name: string } | null,
  ): AttendanceDayResult {
    const byStudent = new Map(marks.map((m) => [m.student_id, m]));
    const counts = emptyCounts();
    for (const m of marks) counts[KEY[m.status]] += 1;
    const records: AttendanceMark[] = [...roll, ...former].map((s) => {
      const m = byStudent.get(s.id);
      return { studentId: s.id, admissionNumber: s.admission_number, name: fullName(s), rollNumber: s.roll_number, status: m?.status ?? null, note: m?.note ?? null };
    });
    return {
      attendance: {
        sectionId: section.id,
        className: section.class_name,
        sectionName: section.name,
        date,
        marked: !!day,
        markedBy: day?.marked_by ? { userId: day.marked_by, name: day.marked_by_name ?? '' } : null,
        markedAt: day?.marked_at.toISOString() ?? null,
        holiday,
        counts,
        records,
        history: edits.map((e) => ({ studentId: e.student_id, from: e.from_status, to: e.to_status, changedBy: e.changed_by_name ?? '', changedAt: e.changed_at.toISOString() })),
      },
    };
  }

  // ── the month register ───────────────────────────────────────────────────
  async register(ctx: WorkspaceContext, sectionId: string, month: string): Promise<AttendanceRegisterResult> {
    const section = await this.sectionFor(ctx, sectionId);
    const { from, to } = monthRange(month);
    const today = this.today();
    const until = minDate(to, today);
    const report =
      from <= until
        ? await this.calendar.workingDaysReport({ from, to: until, classId: section.class_id })
        : { days: [] as string[], holidays: [] as { date: string; name: string }[] };
    const [roll, marks, markedDays] = await Promise.all([
      this.repo.studentsOf(sectionId),
      this.repo.marks(sectionId, from, to),
      this.repo.markedDays(sectionId, from, to),
    ]);
    const former = await this.repo.formerStudents(sectionId, from, to);
    const working = new Set(report.days);
    // The percentage counts the working days since the section's register began this academic year.
    const year = academicYearRange(section.academic_year) ?? academicYearOf(from);
    const began = (await this.repo.firstMarked([sectionId], year.from)).get(sectionId) ?? null;
    const counted = began === null ? 0 : report.days.filter((d) => d >= began).length;
    const byStudent = new Map<string, Record<string, AttendanceStatus>>();
    for (const m of marks) {
      if (!working.has(m.date)) continue;
      const days = byStudent.get(m.student_id) ?? {};
      days[m.date] = m.status;
      byStudent.set(m.student_id, days);
    }
    const students = [...roll, ...former].map((s: StudentRow) => {
      const days = byStudent.get(s.id) ?? {};
      const totals = emptyCounts();
      for (const status of Object.values(days)) totals[KEY[status]] += 1;
      return {
        studentId: s.id,
        admissionNumber: s.admission_number,
        name: fullName(s),
        rollNumber: s.roll_number,
        days,
        totals,
        percentage: attendancePercent(totals, counted),
      };
    });
    return {
      register: {
        sectionId,
        className: section.class_name,
        sectionName: section.name,
        month,
        workingDays: report.days,
        holidays: report.holidays,
        markedDays: markedDays.filter((d) => working.has(d)),
        countedFrom: began,
        countedDays: counted,
        students,
      },
    };
  }

  // ── today ────────────────────────────────────────────────────────────────
  async todayOverview(ctx: WorkspaceContext): Promise<AttendanceToday> {
    if (ctx.role === 'guardian') throw new DomainException('FORBIDDEN');
    const date = this.today();
    let year = academicYearOf(date).name;
    const years = await this.repo.years();
    if (!years.includes(year) && years.length > 0) year = years[0];
    const [rows, holiday, mine, own] = await Promise.all([
      this.repo.today(date, year),
      this.calendar.isHoliday(date),
      ctx.role === 'teacher' ? this.staff.sectionsTaughtBy(ctx.userId) : Promise.resolve(null),
      this.staff.classTeacherSectionsOf(ctx.userId),
    ]);
    const canMark = roleHas(ctx.role, 'attendance.mark');
    // A teacher sees only the sections they may mark, their own class-teacher sections first (`mine`);
    // admin and office every section; all in school order (the repository's ORDER BY).
    const visible = mine === null ? rows : rows.filter((r) => mine.includes(r.section_id));
    const ordered = [...visible.filter((r) => own.includes(r.section_id)), ...visible.filter((r) => !own.includes(r.section_id))];
    const sections = ordered.map((r) => ({
      sectionId: r.section_id,
      classId: r.class_id,
      className: r.class_name,
      sectionName: r.section_name,
      students: r.students,
      canMark: canMark && (mine === null || mine.includes(r.section_id)),
      mine: own.includes(r.section_id),
      marked: r.marked_at !== null,
      markedBy: r.marked_at ? (r.marked_by_name ?? '') : null,
      markedAt: r.marked_at?.toISOString() ?? null,
      present: r.present + r.late + r.half_day,
      absent: r.absent,
      counts: { present: r.present, absent: r.absent, late: r.late, halfDay: r.half_day, leave: r.leave },
    }));
    const markedCount = sections.filter((s) => s.marked).length;
    return { date, holiday: holiday.holiday ? { name: holiday.name ?? '' } : null, sections, markedCount, unmarkedCount: sections.length - markedCount };
  }

  // ── one student ──────────────────────────────────────────────────────────
  async student(ctx: WorkspaceContext, studentId: string, asOfInput?: string): Promise<StudentAttendanceResult> {
    await this.students.get(ctx, studentId); // 404 unless the caller may see this child
    const s = await this.repo.student(studentId);
    if (!s) throw new DomainException('NOT_FOUND');
    const asOf = minDate(asOfInput ?? this.today(), this.today());
    const year = (s.academic_year && academicYearRange(s.academic_year)) || academicYearOf(asOf);
    const { from, until, days, marks, totals } = await this.counted(studentId, s, year, asOf);
    const months = (from <= until ? monthsBetween(from, until) : []).map((month) => ({
      month,
      workingDays: days.filter((d) => d.startsWith(month)).length,
      workingDates: days.filter((d) => d.startsWith(month)),
      totals: emptyCounts(),
      percentage: null as number | null,
      days: {} as Record<string, AttendanceStatus>,
    }));
    const byMonth = new Map(months.map((m) => [m.month, m]));
    for (const m of marks) {
      const mm = byMonth.get(m.date.slice(0, 7));
      if (mm) {
        mm.totals[KEY[m.status]] += 1;
        mm.days[m.date] = m.status;
      }
    }
    for (const mm of months) mm.percentage = attendancePercent(mm.totals, mm.workingDays);
    return {
      attendance: { studentId, name: fullName(s), asOf, from, workingDays: days.length, totals, percentage: attendancePercent(totals, days.length), months },
    };
  }

  /**
   * A student's attendance over an academic year (`2026-27`) up to today, for another module (the
   * report card): the same figures as the student's running percentage, `present` counting late as
   * present and a half day as ½ (so `percentage` = present ÷ working days). Needs no request
   * context (a background job calls it with the school id). The year's section is the student's
   * enrolment of that year (or their current section when its class is of that year). Null when
   * nothing is counted yet: no enrolment that year, or no register kept for the section. `asOf`
   * (earlier than today) stops the count there: a transfer certificate counts up to the day the
   * child left.
   */
  async yearSummary(studentId: string, academicYear: string, asOf?: string): Promise<{ workingDays: number; present: number; percentage: number } | null> {
    const year = academicYearRange(academicYear);
    if (!year) return null;
    const s = await this.repo.studentInYear(studentId, academicYear);
    if (!s?.section_id) return null;
    const today = this.today();
    const { days, totals } = await this.counted(studentId, s, year, asOf && asOf < today ? asOf : today);
    const percentage = attendancePercent(totals, days.length);
    if (percentage === null) return null;
    return { workingDays: days.length, present: totals.present + totals.late + totals.halfDay / 2, percentage };
  }

  /**
   * The year's figures of many students at once, the same as `yearSummary` gives one by one (the
   * promotion draft of a whole school): one query for their sections and admission dates, one for
   * the sections' first marked days, then per class one working-day calendar and one count query,
   * whatever the number of students. Students with nothing counted are absent from the map.
   */
  async yearSummaries(academicYear: string, studentIds: readonly string[]): Promise<Map<string, { workingDays: number; present: number; percentage: number }>> {
    const out = new Map<string, { workingDays: number; present: number; percentage: number }>();
    const year = academicYearRange(academicYear);
    if (!year || studentIds.length === 0) return out;
    const placed = (await this.repo.studentsInYear([...studentIds], academicYear)).filter((s) => s.section_id && s.class_id);
    const began = await this.repo.firstMarked([...new Set(placed.map((s) => s.section_id!))], year.from);
    const until = minDate(this.today(), year.to);
    const byClass = new Map<string, { id: string; from: string }[]>();
    for (const s of placed) {
      const first = began.get(s.section_id!);
      if (!first) continue;
      const from = s.admission_date ? maxDate(first, s.admission_date) : first;
      if (from > until) continue;
      byClass.set(s.class_id!, [...(byClass.get(s.class_id!) ?? []), { id: s.id, from }]);
    }
    for (const [classId, group] of byClass) {
      const earliest = group.reduce((m, g) => minDate(m, g.from), group[0].from);
      const days = await this.calendar.workingDays(earliest, until, classId);
      if (days.length === 0) continue;
      const counts = new Map((await this.repo.countsSince(days, group)).map((r) => [r.student_id, r]));
      for (const g of group) {
        const own = days.filter((d) => d >= g.from).length;
        const totals = fromRow(counts.get(g.id));
        const percentage = attendancePercent(totals, own);
        if (percentage === null) continue;
        out.set(g.id, { workingDays: own, present: totals.present + totals.late + totals.halfDay / 2, percentage });
      }
    }
    return out;
  }

  /**
   * The working days counted for a student in a year up to `asOf` (from the later of the section's
   * first marked day that year and the child's admission; none while the section has no register)
   * and the student's marks on those days, with their totals.
   */
  private async counted(
    studentId: string,
    s: { section_id: string | null; class_id: string | null; admission_date: string | null },
    year: { from: string; to: string },
    asOf: string,
  ): Promise<{ from: string; until: string; days: string[]; marks: MarkRow[]; totals: AttendanceCounts }> {
    const until = minDate(asOf, year.to);
    const began = s.section_id ? ((await this.repo.firstMarked([s.section_id], year.from)).get(s.section_id) ?? null) : null;
    const from = began === null ? addDays(until, 1) : s.admission_date ? maxDate(began, s.admission_date) : began;
    const days = from <= until ? await this.calendar.workingDays(from, until, s.class_id ?? undefined) : [];
    const working = new Set(days);
    const marks = from <= until ? (await this.repo.studentMarks(studentId, from, until)).filter((m) => working.has(m.date)) : [];
    const totals = emptyCounts();
    for (const m of marks) totals[KEY[m.status]] += 1;
    return { from, until, days, marks, totals };
  }

  // ── the 75 % early warning ───────────────────────────────────────────────
  async belowThreshold(ctx: WorkspaceContext, asOfInput?: string): Promise<BelowThresholdResult> {
    if (ctx.role === 'guardian') throw new DomainException('FORBIDDEN');
    const asOf = minDate(asOfInput ?? this.today(), this.today());
    let students = await this.repo.activeStudents();
    if (ctx.role === 'teacher') {
      const mine = new Set(await this.staff.sectionsTaughtBy(ctx.userId));
      students = students.filter((s) => s.section_id && mine.has(s.section_id));
    }
    // Group by class and year: one working-day calendar and one count query per group.
    const groups = new Map<string, SchoolStudentRow[]>();
    for (const s of students) {
      const key = `${s.section_id ?? ''}|${s.academic_year ?? ''}`;
      groups.set(key, [...(groups.get(key) ?? []), s]);
    }
    const items: BelowThresholdItem[] = [];
    for (const group of groups.values()) {
      const first = group[0];
      const year = (first.academic_year && academicYearRange(first.academic_year)) || academicYearOf(asOf);
      const until = minDate(asOf, year.to);
      // Counted from the section's first marked day this year; a section without a register yet has no figures.
      const began = first.section_id ? (await this.repo.firstMarked([first.section_id], year.from)).get(first.section_id) : undefined;
      if (!began || until < began) continue;
      const days = await this.calendar.workingDays(began, until, first.class_id ?? undefined);
      if (days.length === 0) continue;
      const counts = new Map((await this.repo.counts(days, group.map((s) => s.id))).map((r) => [r.student_id, r]));
      const recentFrom = addDays(until, -29);
      const recentDays = days.filter((d) => d >= recentFrom);
      const recentCounts = recentDays.length ? new Map((await this.repo.counts(recentDays, group.map((s) => s.id))).map((r) => [r.student_id, r])) : new Map<string, CountRow>();
      const board = (ATTENDANCE_BOARD_CLASSES as readonly string[]).includes(first.class_name ?? '');
      const jan1 = `${Number(year.from.slice(0, 4)) + 1}-01-01`;
      const janDays = board && asOf >= jan1 ? days.filter((d) => d <= jan1) : null;
      const janCounts = janDays?.length ? new Map((await this.repo.counts(janDays, group.map((s) => s.id))).map((r) => [r.student_id, r])) : null;
      for (const s of group) {
        const own = s.admission_date ? days.filter((d) => d >= s.admission_date!) : days;
        const pct = attendancePercent(fromRow(counts.get(s.id)), own.length);
        if (pct === null) continue;
        const ownRecent = s.admission_date ? recentDays.filter((d) => d >= s.admission_date!) : recentDays;
        const recent = attendancePercent(fromRow(recentCounts.get(s.id)), ownRecent.length);
        const below = pct < ATTENDANCE_THRESHOLD;
        const heading = !below && (pct < ATTENDANCE_THRESHOLD + 5 || (recent !== null && recent < ATTENDANCE_THRESHOLD));
        if (!below && !heading) continue;
        const ownJan = janDays && (s.admission_date ? janDays.filter((d) => d >= s.admission_date!) : janDays);
        items.push({
          studentId: s.id,
          admissionNumber: s.admission_number,
          name: fullName(s),
          classId: s.class_id,
          className: s.class_name,
          sectionId: s.section_id,
          sectionName: s.section_name,
          workingDays: own.length,
          percentage: pct,
          recentPercentage: recent,
          risk: below ? 'below' : 'heading_below',
          asOnJanuaryFirst: ownJan && janCounts ? attendancePercent(fromRow(janCounts.get(s.id)), ownJan.length) : null,
        });
      }
    }
    items.sort((a, b) => (a.percentage ?? 0) - (b.percentage ?? 0) || a.name.localeCompare(b.name));
    return { asOf, threshold: ATTENDANCE_THRESHOLD, items, total: items.length };
  }

  // ── settings ─────────────────────────────────────────────────────────────
  async settings(): Promise<AttendanceSettingsResult> {
    return { settings: { absenceNotices: await this.repo.noticesOn() } };
  }

  async putSettings(ctx: WorkspaceContext, input: { absenceNotices: boolean }): Promise<AttendanceSettingsResult> {
    return this.writes.run(ctx, async (tx) => {
      const repo = this.repo.in(tx.m);
      const before = await repo.noticesOn();
      await repo.setNotices(input.absenceNotices, tx.now);
      await tx.audit({ action: 'attendance.settings_changed', entity: 'attendance_settings', entityId: ctx.schoolId, before: { absenceNotices: before }, after: input });
      return { settings: { absenceNotices: input.absenceNotices } };
    });
  }

  // ── absence notices (the job) ────────────────────────────────────────────
  private async sendNotices(createdBy: string | null, payload: NoticePayload): Promise<void> {
    const [recipients, school] = await Promise.all([this.repo.noticeRecipients(payload.date, payload.studentIds), this.repo.schoolName()]);
    for (const r of recipients) {
      if (r.sent_at) continue; // once per child per day, even when the job runs again
      const stillAbsent = r.status === 'absent';
      let sent = 0;
      if (stillAbsent) {
        const name = fullName(r);
        const mail = brandedMail({
          subject: `${name} was absent on ${showDate(payload.date)}`,
          heading: `${name} was marked absent today`,
          paragraphs: [
            `${school?.name ?? 'The school'} marked ${name} absent on ${showDate(payload.date)}.`,
            `If your child is unwell or away, please let the class teacher know. — ${name} को ${showDate(payload.date)} को अनुपस्थित दर्ज किया गया है। कृपया कक्षा अध्यापक को कारण बताएँ।`,
          ],
          footnote: 'The school sends this notice once a day when a child is marked absent.',
        });
        for (const to of r.emails) {
          await this.mail.send({ to, ...mail });
          sent += 1;
        }
      }
      await this.writes.run({ schoolId: boundSchoolId(), userId: createdBy }, async (tx) => {
        await this.repo.in(tx.m).markNoticeSent(payload.date, r.student_id, sent, tx.now);
        await tx.audit({
          action: stillAbsent ? 'attendance.notice_sent' : 'attendance.notice_skipped',
          entity: 'student',
          entityId: r.student_id,
          after: { date: payload.date, recipients: sent },
        });
      });
    }
  }
}
