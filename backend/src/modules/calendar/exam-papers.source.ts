import type { CalendarExamPaper } from '@vidyalaya/shared/calendar';

/**
 * Where the calendar gets exam papers from (the exams module's date sheets). Declared here and
 * provided by the exams module (ExamsCalendarModule, global): the exams module already depends on
 * the calendar (through attendance), so the calendar cannot import it without a module cycle.
 */
export abstract class CalendarExamPapers {
  /** The papers dated `from`..`to` (both included), of one class if `classId` is given; `since` only for the feed. */
  abstract papersBetween(from: string, to: string, classId?: string): Promise<CalendarExamPaper[]>;
}
