import { Injectable } from '@nestjs/common';
import { addDays, classOrder, istDate, naturalCompare } from '@vidyalaya/shared';
import { ATTENDANCE_THRESHOLD } from '@vidyalaya/shared/attendance';
import { SCHOLASTIC_GRADE_NAMES, type ScholasticGrade } from '@vidyalaya/shared/exams';
import { PAYMENT_MODES, type PaymentMode } from '@vidyalaya/shared/fees';
import {
  AGEING_BANDS,
  INSIGHTS_DEFAULT_SCHOOL_DAYS,
  INSIGHTS_MESSAGES,
  type AttendanceInsights,
  type AttendanceInsightsQuery,
  type FeesInsights,
  type FeesInsightsQuery,
  type ResultsInsights,
  type ResultsInsightsQuery,
  type StrengthInsights,
} from '@vidyalaya/shared/insights';
import { Clock } from '../../common/clock';
import { DomainException } from '../../common/domain.exception';
import { AccessService } from '../../common/workspace/access.service';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import { CalendarService } from '../calendar/calendar.service';
import { InsightsRepository, type YearRow } from './insights.repository';

const pad = (n: number) => String(n).padStart(2, '0');

/** A percentage (0–100, one decimal) from points ×2 over marks. */
export function percentOf(points2: number, marks: number): number {
  return marks === 0 ? 0 : Math.round((points2 * 500) / marks) / 10;
}

/** The months (YYYY-MM) from `from` to `to`, both included. */
export function monthsOf(from: string, to: string): string[] {
  const out: string[] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  const end = to.slice(0, 7);
  for (;;) {
    const key = `${y}-${pad(m)}`;
    if (key > end) break;
    out.push(key);
    m += 1;
    if (m === 13) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

/** Class names in school order: Nursery, LKG, UKG, Class 1 … Class 12, then any other name naturally. */
export function compareClasses(a: string, b: string): number {
  const oa = classOrder(a);
  const ob = classOrder(b);
  if (oa !== ob) return oa === -1 ? 1 : ob === -1 ? -1 : oa - ob;
  return naturalCompare(a, b);
}

/**
 * The principal's insights (DECISIONS "Insights"; issue 38). Read-only: each answer is a handful of
 * SQL aggregates (insights.repository.ts); nothing here loops over students, marks or receipts.
 */
@Injectable()
export class InsightsService {
  constructor(
    private readonly repo: InsightsRepository,
    private readonly access: AccessService,
    private readonly calendar: CalendarService,
    private readonly clock: Clock,
  ) {}

  today(): string {
    return istDate(this.clock.now());
  }

  /**
   * The school's version of a topic of the change log (migrations 1766000000200 and 1766000000300):
   * it rises with every committed write to a table the topic watches. An answer computed after reading
   * it may be used again while it is unchanged (the defaulters list keeps its 'fees' answers so).
   */
  version(topic: 'fees' | 'results' | 'attendance'): Promise<string> {
    return this.repo.version(topic);
  }

  /** The year asked for (404 when the school keeps no such year and has no class in it), else the current one. */
  private async yearOf(name?: string): Promise<YearRow> {
    const row = await this.repo.year(name);
    if (row) return row;
    const start = name ? Number(name.slice(0, 4)) : (() => {
      const t = this.today();
      const y = Number(t.slice(0, 4));
      return Number(t.slice(5, 7)) >= 4 ? y : y - 1;
    })();
    return { id: null, name: name ?? `${start}-${pad((start + 1) % 100)}`, starts_on: `${start}-04-01`, ends_on: `${start + 1}-03-31` };
  }

  async attendance(ctx: WorkspaceContext, q: AttendanceInsightsQuery): Promise<AttendanceInsights> {
    const classId = q.classId ?? null;
    if (classId) await this.access.require(ctx, 'class', [classId]);
    // Kept for the day with the version of what it reads (migration 1766000000200: marks, calendar,
    // years, sections, classes), per range asked for: the home's chart (the last 30 school days up to
    // today) and each range a drill-down chose.
    const key = `${q.from ?? 'last30'}|${q.to ?? 'today'}|${classId ?? 'school'}`;
    return this.repo.kept('attendance', key, this.today(), () => this.attendanceOf(q, classId));
  }

  private async attendanceOf(q: AttendanceInsightsQuery, classId: string | null): Promise<AttendanceInsights> {
    const today = this.today();
    let to = q.to ?? today;
    let from = q.from;
    // The school's year is asked for now and awaited below, so it is read beside the calendar's working
    // days (a validation error in between leaves it unawaited, hence the handler).
    const yearRead = this.yearOf();
    yearRead.catch(() => undefined);
    if (!from) {
      // The last 30 school days up to `to` (the calendar's working days: Sundays, holidays and vacations left out).
      const days = await this.calendar.workingDays(addDays(to, -120), to, classId ?? undefined);
      from = days.length >= INSIGHTS_DEFAULT_SCHOOL_DAYS ? days[days.length - INSIGHTS_DEFAULT_SCHOOL_DAYS] : (days[0] ?? to);
    }
    if (q.from && !q.to && from > to) to = from;
    if (from > to || addDays(from, 366) < to) throw new DomainException('VALIDATION_FAILED', { details: { to: INSIGHTS_MESSAGES.range } });
    const year = await yearRead;
    const yearStart = year.starts_on <= from ? year.starts_on : from;
    // The whole school's 75 % count comes from the running summary kept by the marks' trigger (migration
    // 1766000000000) when the range lies in the school's current year; a class's, or a range reaching
    // outside the year, is counted from the marks.
    const below = async () =>
      !classId && year.id && yearStart === year.starts_on && to <= year.ends_on && (await this.repo.runningSummaryFits(yearStart, from, to))
        ? this.repo.foldFlips().then(() => this.repo.belowThresholdSummary(yearStart, from, to))
        : this.repo.belowThreshold(yearStart, from, to, classId, ATTENDANCE_THRESHOLD);
    const [days, classes, belowThreshold] = await Promise.all([
      this.repo.attendanceDays(from, to, classId),
      this.repo.attendanceClasses(from, to, classId),
      below(),
    ]);
    return {
      from,
      to,
      classId,
      days: days.map((r) => ({ date: r.key, percent: percentOf(r.points2, r.marks) })),
      classes: classes
        .sort((a, b) => compareClasses(a.name ?? '', b.name ?? ''))
        .map((r) => ({ classId: r.key, name: r.name ?? '', percent: percentOf(r.points2, r.marks) })),
      belowThreshold,
    };
  }

  async fees(q: FeesInsightsQuery): Promise<FeesInsights> {
    const year = await this.yearOf(q.academicYear);
    const asOf = this.today();
    // Kept with the version of the fees' tables it was computed from (migration 1766000000100): computed
    // again on the first call after a fee, concession, receipt or student is written, or on a new day.
    const key = `${year.name}|${year.id ?? ''}|${year.starts_on}|${year.ends_on}`;
    const { due, collected, modes, ageing } = await this.repo.kept('fees', key, asOf, async () => {
      const [owed, collected, modes] = await Promise.all([
        this.repo.duesAndAgeing(year.name, year.id, asOf),
        this.repo.collectedPerMonth(year.starts_on, year.ends_on),
        this.repo.collectedByMode(year.starts_on, year.ends_on),
      ]);
      return { due: owed.due, collected, modes, ageing: owed.ageing };
    });
    const dueOf = new Map(due.map((r) => [r.month, Number(r.paise)]));
    const collectedOf = new Map(collected.map((r) => [r.month, Number(r.paise)]));
    const modeOf = new Map(modes.map((r) => [r.mode, Number(r.paise)]));
    const bandOf = new Map(ageing.map((r) => [r.band, r]));
    return {
      academicYear: year.name,
      asOf,
      months: monthsOf(year.starts_on, year.ends_on).map((month) => ({ month, duePaise: dueOf.get(month) ?? 0, collectedPaise: collectedOf.get(month) ?? 0 })),
      byMode: PAYMENT_MODES.map((mode: PaymentMode) => ({ mode, paise: modeOf.get(mode) ?? 0 })),
      ageing: AGEING_BANDS.map((band) => ({ band, paise: Number(bandOf.get(band)?.paise ?? 0), students: bandOf.get(band)?.students ?? 0 })),
    };
  }

  async results(ctx: WorkspaceContext, q: ResultsInsightsQuery): Promise<ResultsInsights> {
    if (q.examId) await this.access.require(ctx, 'exam', [q.examId]);
    // Kept with the version of what it reads (migrations 1766000000100 and 1766000000200: the exams,
    // their marks, the sections and classes), the exam and the sections' names with it; the subjects'
    // names (the platform's list, no school's) are joined on every read.
    const kept = await this.repo.kept('results', q.examId ?? 'last', this.today(), async () => {
      const exam = q.examId ? await this.repo.exam(q.examId) : await this.repo.lastPublishedExam();
      if (!exam) return { exam: null, subjects: [], sections: [] };
      const [subjects, scores] = await Promise.all([this.repo.subjectScores(exam.id), this.repo.sectionScores(exam.id)]);
      const sections = await this.repo.namedSections(scores);
      return {
        exam: { id: exam.id, name: exam.name, academicYear: exam.academic_year, published: exam.published },
        subjects,
        sections: sections
          .sort((a, b) => compareClasses(a.class_name, b.class_name) || naturalCompare(a.section_name, b.section_name))
          .map((r) => ({ sectionId: r.section_id, name: `${r.class_name} ${r.section_name}`.trim(), mean: Number(r.mean) })),
      };
    });
    if (!kept.exam) return { exam: null, subjects: [], sections: [] };
    const subjects = await this.repo.namedSubjects(kept.subjects);
    return {
      exam: kept.exam,
      subjects: subjects.map((r) => ({
        subjectId: r.subject_id,
        name: r.name,
        mean: Number(r.mean),
        grades: Object.fromEntries(SCHOLASTIC_GRADE_NAMES.map((g) => [g, Number(r[g] ?? 0)])) as Record<ScholasticGrade, number>,
      })),
      sections: kept.sections,
    };
  }

  async strength(): Promise<StrengthInsights> {
    const year = await this.yearOf();
    const rows = await this.repo.strength(year.name, year.id);
    return {
      academicYear: year.name,
      classes: rows
        .sort((a, b) => compareClasses(a.name, b.name))
        .map((r) => ({ classId: r.class_id, name: r.name, boys: r.boys, girls: r.girls, other: r.other, rte: r.rte, cwsn: r.cwsn })),
    };
  }
}
