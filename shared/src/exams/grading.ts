import type { ExamComponent, MarkValue } from './answers';
import { EXAM_MESSAGES } from './messages';

/**
 * Exams' grading (DECISIONS "Exams and report cards"; DOMAIN "Assessment (CBSE)"): the grade
 * scales, the class bands and their presets, and the arithmetic of marks. Pure: the server computes
 * results with them and the renderer checks marks with them as they are typed.
 */

// ── grade scales ──────────────────────────────────────────────────────────
/** CBSE's scholastic grades, best first, each with the lowest whole percentage it takes. */
export const SCHOLASTIC_GRADES = [
  { grade: 'A1', min: 91, max: 100 },
  { grade: 'A2', min: 81, max: 90 },
  { grade: 'B1', min: 71, max: 80 },
  { grade: 'B2', min: 61, max: 70 },
  { grade: 'C1', min: 51, max: 60 },
  { grade: 'C2', min: 41, max: 50 },
  { grade: 'D', min: 33, max: 40 },
  { grade: 'E', min: 0, max: 32 },
] as const;
export type ScholasticGrade = (typeof SCHOLASTIC_GRADES)[number]['grade'];
export const SCHOLASTIC_GRADE_NAMES = SCHOLASTIC_GRADES.map((g) => g.grade) as ScholasticGrade[];

/** The pass mark: 33 % (of a subject, and of each component that has its own pass rule). */
export const PASS_PERCENT = 33;

/**
 * The grade of a percentage (0–100). The scale is in whole numbers, so a fraction is rounded half
 * up first: 90.5 % is 91 % and A1; 32.4 % is 32 % and E.
 */
export function scholasticGrade(percent: number): ScholasticGrade {
  const whole = Math.round(Math.max(0, Math.min(100, percent)) + 1e-9);
  return SCHOLASTIC_GRADES.find((g) => whole >= g.min)!.grade;
}

/** Co-scholastic areas: A–C in classes 6–8, A–E in 9–10 (a three- and a five-point scale). */
export const CO_SCHOLASTIC_SCALES = { 'A-C': ['A', 'B', 'C'], 'A-E': ['A', 'B', 'C', 'D', 'E'] } as const;
export type CoScholasticScale = keyof typeof CO_SCHOLASTIC_SCALES;
export const CO_SCHOLASTIC_GRADE_VALUES = ['A', 'B', 'C', 'D', 'E'] as const;
export type CoScholasticGrade = (typeof CO_SCHOLASTIC_GRADE_VALUES)[number];

export function isCoScholasticGrade(scale: CoScholasticScale, grade: string): grade is CoScholasticGrade {
  return (CO_SCHOLASTIC_SCALES[scale] as readonly string[]).includes(grade);
}

// ── class bands and presets ───────────────────────────────────────────────
export const CLASS_BANDS = ['primary', 'middle', 'secondary', 'senior'] as const;
export type ClassBand = (typeof CLASS_BANDS)[number];

/** The band of a catalogue class name ('Class 7' → middle); pre-primary and unknown names count as primary. */
export function classBand(className: string): ClassBand {
  const n = Number(/^Class (\d{1,2})$/.exec(className.trim())?.[1] ?? 0);
  if (n >= 11) return 'senior';
  if (n >= 9) return 'secondary';
  if (n >= 6) return 'middle';
  return 'primary';
}

export interface AssessmentPreset {
  band: ClassBand;
  /** How many terms the year has (an exam per term). */
  terms: number;
  /** Each term's components (the school may edit names and maximum marks). */
  components: (term: number) => ExamComponent[];
  coScholasticScale: CoScholasticScale | null;
  coScholasticAreas: string[];
}

export const ASSESSMENT_PRESETS: Readonly<Record<ClassBand, AssessmentPreset>> = {
  primary: {
    band: 'primary',
    terms: 2,
    components: () => [{ name: 'Term exam', maxMarks: 100 }],
    coScholasticScale: 'A-C',
    coScholasticAreas: ['Art education', 'Health and physical education', 'Discipline'],
  },
  middle: {
    band: 'middle',
    terms: 2,
    components: (term) => [
      { name: 'Periodic test', maxMarks: 10 },
      { name: 'Notebook', maxMarks: 5 },
      { name: 'Subject enrichment', maxMarks: 5 },
      { name: term === 1 ? 'Half-yearly exam' : 'Yearly exam', maxMarks: 80 },
    ],
    coScholasticScale: 'A-C',
    coScholasticAreas: ['Work education', 'Art education', 'Health and physical education', 'Discipline'],
  },
  secondary: {
    band: 'secondary',
    terms: 1,
    components: () => [
      { name: 'Periodic test 1', maxMarks: 10, bestOf: true },
      { name: 'Periodic test 2', maxMarks: 10, bestOf: true },
      { name: 'Periodic test 3', maxMarks: 10, bestOf: true },
      { name: 'Notebook', maxMarks: 5 },
      { name: 'Subject enrichment', maxMarks: 5 },
      { name: 'Board exam', maxMarks: 80 },
    ],
    coScholasticScale: 'A-E',
    coScholasticAreas: ['Work education', 'Art education', 'Health and physical education', 'Discipline'],
  },
  senior: {
    band: 'senior',
    terms: 1,
    components: () => [
      { name: 'Theory', maxMarks: 70, passPercent: PASS_PERCENT },
      { name: 'Practical', maxMarks: 30, passPercent: PASS_PERCENT },
    ],
    coScholasticScale: 'A-E',
    coScholasticAreas: ['Work education', 'Health and physical education', 'Discipline'],
  },
};

export function presetForClass(className: string): AssessmentPreset {
  return ASSESSMENT_PRESETS[classBand(className)];
}

// ── arithmetic ────────────────────────────────────────────────────────────
const round2 = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100;

/** The average of the best two of the given marks (an absence counts 0), to two decimals. */
export function bestTwoAverage(marks: readonly MarkValue[]): number {
  const values = marks.map((m) => (typeof m === 'number' ? m : 0)).sort((a, b) => b - a);
  const top = values.slice(0, 2);
  return top.length === 0 ? 0 : round2(top.reduce((s, v) => s + v, 0) / top.length);
}

/** Whether a mark has been entered: a number or 'AB' (an absence is entered, and counts zero). */
export const markEntered = (m: MarkValue | undefined): m is number | 'AB' => m !== null && m !== undefined;

/**
 * A subject's score (DECISIONS "Marks not entered are not zero"). Nothing entered: `total`,
 * `percentage`, `grade` and `pass` are null (shown `—`). Some components entered: `total` is the sum
 * of those entered, the rest null until every component is. 'AB' is entered and counts zero.
 */
export interface SubjectScore {
  /** Marks obtained so far (best-of components collapsed), two decimals; null when none is entered. */
  total: number | null;
  max: number;
  /** Null until every component is entered. */
  percentage: number | null;
  grade: ScholasticGrade | null;
  pass: boolean | null;
  /** Components failed on their own pass rule (only those entered). */
  failedComponents: string[];
  /** True when every component has a mark (or AB). */
  complete: boolean;
  /** Components not entered. */
  missing: number;
  /** Every component entered as AB. */
  absentAll: boolean;
}

/** A subject's score from its components' marks: missing marks are not zero (see SubjectScore). */
export function subjectScore(components: readonly ExamComponent[], marks: Readonly<Record<string, MarkValue | undefined>> | null): SubjectScore {
  const of = (c: ExamComponent) => marks?.[c.name];
  const best = components.filter((c) => c.bestOf);
  const plain = components.filter((c) => !c.bestOf);
  let total = 0;
  let max = 0;
  const failedComponents: string[] = [];
  for (const c of plain) {
    const m = of(c);
    max += c.maxMarks;
    if (!markEntered(m)) continue;
    const got = m === 'AB' ? 0 : m;
    total += got;
    if (c.passPercent !== undefined && (got / c.maxMarks) * 100 < c.passPercent) failedComponents.push(c.name);
  }
  if (best.length > 0) {
    // Best two of the periodic tests entered, each scaled to the first one's maximum.
    const scale = best[0].maxMarks;
    const entered = best.filter((c) => markEntered(of(c)));
    if (entered.length > 0) total += bestTwoAverage(entered.map((c) => { const m = of(c); return typeof m === 'number' ? (m / c.maxMarks) * scale : 'AB'; }));
    max += scale;
  }
  const values = components.map(of);
  const missing = values.filter((v) => !markEntered(v)).length;
  const complete = missing === 0;
  const any = missing < values.length;
  const percentage = complete ? (max === 0 ? 0 : round2((round2(total) / max) * 100)) : null;
  return {
    total: any ? round2(total) : null,
    max,
    percentage,
    grade: percentage === null ? null : scholasticGrade(percentage),
    pass: percentage === null ? null : percentage >= PASS_PERCENT && failedComponents.length === 0,
    failedComponents,
    complete,
    missing,
    absentAll: values.length > 0 && values.every((v) => v === 'AB'),
  };
}

/**
 * How a subject's marks read on a screen or a report card: `—` when nothing is entered, `AB` when
 * the child was absent for every component, else `total/max`.
 */
export function subjectMarksText(r: { total: number | null; max: number; marks?: Record<string, MarkValue> | null; absent?: boolean }): string {
  if (r.total === null || r.total === undefined) return '—';
  const values = r.marks ? Object.values(r.marks) : [];
  if (r.absent ?? (values.length > 0 && values.every((v) => v === 'AB'))) return 'AB';
  return `${r.total}/${r.max}`;
}

/** How one component's mark reads: `—` when not entered, else the number or `AB`. */
export const markText = (m: MarkValue | undefined): string => (markEntered(m) ? String(m) : '—');

export interface OverallScore {
  /** The sum of the subjects entered; null when nothing is. */
  total: number | null;
  max: number;
  /** Null while any subject is incomplete (no percentage, grade, result or rank before the marks exist). */
  percentage: number | null;
  grade: ScholasticGrade | null;
  result: 'pass' | 'fail' | null;
  failedSubjects: string[];
  complete: boolean;
}

/** A student's overall: the sum of subjects, the percentage and grade (only when every subject is complete), pass only if every subject is passed. */
export function overallScore(subjects: readonly { subjectId: string; score: SubjectScore }[]): OverallScore {
  const entered = subjects.filter((x) => x.score.total !== null);
  const total = entered.length === 0 ? null : round2(entered.reduce((s, x) => s + (x.score.total ?? 0), 0));
  const max = subjects.reduce((s, x) => s + x.score.max, 0);
  const complete = subjects.length > 0 && subjects.every((x) => x.score.complete);
  const percentage = complete ? (max === 0 ? 0 : round2(((total ?? 0) / max) * 100)) : null;
  const failedSubjects = subjects.filter((x) => x.score.pass === false).map((x) => x.subjectId);
  return {
    total,
    max,
    percentage,
    grade: percentage === null ? null : scholasticGrade(percentage),
    result: percentage === null ? null : failedSubjects.length === 0 ? 'pass' : 'fail',
    failedSubjects,
    complete,
  };
}

/** Competition ranks by percentage, highest first: 1, 2, 2, 4; no rank (null) for a percentage not yet known. */
export function competitionRanks(percentages: readonly (number | null)[]): (number | null)[] {
  const known = percentages.filter((q): q is number => q !== null);
  return percentages.map((p) => (p === null ? null : 1 + known.filter((q) => q > p).length));
}

/** One marks sheet (section × subject) of an exam and how many student × component marks it lacks. */
export interface IncompleteSheet {
  sectionId: string;
  subjectId: string;
  missing: number;
}

/** How many of a sheet's student × component marks are not entered ('AB' is entered). */
export function missingMarks(components: readonly ExamComponent[], students: readonly string[], entered: ReadonlySet<string>): number {
  let missing = 0;
  for (const s of students) for (const c of components) if (!entered.has(`${s}:${c.name}`)) missing += 1;
  return missing;
}

/**
 * What a typed mark means against its maximum: a number within 0…max (halves allowed), 'AB'
 * (any case), blank for none, or an error message.
 */
export function parseMark(input: string, maxMarks: number): { value: MarkValue } | { error: string } {
  const text = input.trim();
  if (text === '') return { value: null };
  if (text.toUpperCase() === 'AB') return { value: 'AB' };
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text)) return { error: EXAM_MESSAGES.markInvalid };
  const n = Number(text);
  if (n > maxMarks) return { error: markAboveMax(maxMarks) };
  return { value: n };
}

export const markAboveMax = (max: number) => `Marks must not exceed ${max}`;
