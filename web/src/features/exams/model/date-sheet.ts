import { formatDateIST } from '@vidyalaya/shared';
import { EXAM_MESSAGES, outsideExamYear, paperOnHoliday, paperOutsideYear, putDateSheetSchema, type DateSheetResult, type ExamPaper, type ExamPaperInput, type ExamYear } from '@vidyalaya/shared/exams';

/**
 * The date-sheet editor's model (no React): one row per class × subject of the exam, what Save
 * sends, the problems found before sending or named by the server, and the clashes to show.
 */
export interface DateSheetRow {
  key: string;
  classId: string;
  subjectId: string;
  subjectName: string;
  /** YYYY-MM-DD, or '' when the subject is not on the date sheet. */
  date: string;
  startsAt: string;
  endsAt: string;
}
export interface DateSheetClass {
  classId: string;
  className: string;
  rows: DateSheetRow[];
}

export const rowKey = (classId: string, subjectId: string) => `${classId.toLowerCase()}:${subjectId.toLowerCase()}`;

/**
 * For each class of the exam (in the exam's order), one row per subject of the class (in the
 * class's order), filled from the saved papers. A saved paper of a subject the class no longer
 * teaches stays as a row of its own, so it is seen (the server refuses it until its date is cleared).
 */
export function buildClasses(
  classes: readonly { id: string; name: string }[],
  subjectsOf: (classId: string) => readonly { id: string; name: string }[],
  papers: readonly ExamPaper[],
): DateSheetClass[] {
  const saved = new Map(papers.map((p) => [rowKey(p.classId, p.subjectId), p]));
  return classes.map((c) => {
    const rows: DateSheetRow[] = subjectsOf(c.id).map((s) => {
      const p = saved.get(rowKey(c.id, s.id));
      return { key: rowKey(c.id, s.id), classId: c.id, subjectId: s.id, subjectName: s.name, date: p?.date ?? '', startsAt: p?.startsAt ?? '', endsAt: p?.endsAt ?? '' };
    });
    const known = new Set(rows.map((r) => r.key));
    for (const p of papers) {
      const key = rowKey(p.classId, p.subjectId);
      if (p.classId.toLowerCase() === c.id.toLowerCase() && !known.has(key)) {
        rows.push({ key, classId: c.id, subjectId: p.subjectId, subjectName: p.subjectName, date: p.date, startsAt: p.startsAt, endsAt: p.endsAt });
        known.add(key);
      }
    }
    return { classId: c.id, className: c.name, rows };
  });
}

/** What Save sends: every row with a date, in the editor's order; `keys[i]` is the row of `papers[i]`. */
export function toPapers(rows: readonly DateSheetRow[]): { papers: ExamPaperInput[]; keys: string[] } {
  const dated = rows.filter((r) => r.date !== '');
  return {
    papers: dated.map((r) => ({ classId: r.classId, subjectId: r.subjectId, date: r.date, startsAt: r.startsAt, endsAt: r.endsAt })),
    keys: dated.map((r) => r.key),
  };
}

/** A row's problem: one the catalogues word in both languages (with its values), or the server's own text. */
export type ProblemId = 'timesMissing' | 'time' | 'endsBeforeStart' | 'date' | 'subjectNotInClass' | 'classNotInExam' | 'twice' | 'outsideYear' | 'holiday';
export type Problem = { id: ProblemId; values?: Record<string, string> } | { text: string };

const KNOWN: Readonly<Record<string, ProblemId>> = {
  [EXAM_MESSAGES.timeInvalid]: 'time',
  [EXAM_MESSAGES.endsBeforeStart]: 'endsBeforeStart',
  [EXAM_MESSAGES.paperTwice]: 'twice',
  [EXAM_MESSAGES.classNotInExam]: 'classNotInExam',
  'This subject is not taught in this class': 'subjectNotInClass',
  'Enter a date as YYYY-MM-DD': 'date',
};
const HOLIDAY = paperOnHoliday('');

/** A date outside the exam's academic year, with the year's name and dates (DD/MM/YYYY) to show. */
const outsideYear = (year: ExamYear): Problem => ({ id: 'outsideYear', values: { year: year.name, from: formatDateIST(year.startsOn), to: formatDateIST(year.endsOn) } });

/** A message (the shared schema's or the server's) as a problem; `year` recognises "outside the academic year". */
export function problemOf(message: string, year?: ExamYear | null): Problem {
  if (KNOWN[message]) return { id: KNOWN[message] };
  if (year && message === paperOutsideYear(year)) return outsideYear(year);
  if (message.startsWith(HOLIDAY) && message.length > HOLIDAY.length) return { id: 'holiday', values: { name: message.slice(HOLIDAY.length) } };
  return { text: message };
}

/**
 * The problems found before sending, by row key: a date without both times, the shared schema's
 * checks, then a date outside the exam's academic year (holidays are the server's to name).
 */
export function checkRows(rows: readonly DateSheetRow[], year?: ExamYear | null): Map<string, Problem> {
  const { papers, keys } = toPapers(rows);
  const out = new Map<string, Problem>();
  papers.forEach((p, i) => {
    if (p.startsAt === '' || p.endsAt === '') out.set(keys[i]!, { id: 'timesMissing' });
  });
  const parsed = putDateSheetSchema.safeParse({ papers });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [root, i] = issue.path;
      const key = root === 'papers' && typeof i === 'number' ? keys[i] : undefined;
      if (key && !out.has(key)) out.set(key, problemOf(issue.message));
    }
  }
  if (year) {
    papers.forEach((p, i) => {
      const key = keys[i]!;
      if (!out.has(key) && outsideExamYear(p.date, year)) out.set(key, outsideYear(year));
    });
  }
  return out;
}

/**
 * The server's validation details (`papers.3.subjectId` → message) by the key of the row that was
 * sent as paper 3 (a date outside `year` or on a holiday worded in the screen's language); a detail
 * naming no row is kept under ''.
 */
export function serverProblems(details: Readonly<Record<string, string>>, keys: readonly string[], year?: ExamYear | null): Map<string, Problem> {
  const out = new Map<string, Problem>();
  for (const [path, message] of Object.entries(details)) {
    const m = /^papers\.(\d+)(\.|$)/.exec(path);
    const key = m ? keys[Number(m[1])] : undefined;
    const at = key ?? '';
    if (!out.has(at)) out.set(at, problemOf(message, year));
  }
  return out;
}

/** The clashes of a date sheet as the screen names them: which class, which date, which two subjects. */
export function clashLines(sheet: DateSheetResult['dateSheet']): { classId: string; className: string; date: string; first: string; second: string }[] {
  return sheet.clashes.flatMap((c) => {
    const a = sheet.papers[c.papers[0]];
    const b = sheet.papers[c.papers[1]];
    return a && b ? [{ classId: c.classId, className: a.className, date: c.date, first: a.subjectName, second: b.subjectName }] : [];
  });
}
