import { z } from 'zod';
import { classOrder, naturalCompare } from '../catalogue/classes';
import { pageQueryShape } from '../workspace/common';

/**
 * Year end: promotion and rollover (DECISIONS "Year end: promotion and rollover"; issue 29).
 * A promotion is a draft of one line per active student of `fromYear`, then applied by a job that
 * makes `toYear` (classes, sections, class subjects, fee structures), enrols, and carries arrears.
 */

export const PROMOTION_DECISIONS = ['promote', 'detain', 'passed_out', 'left'] as const;
export type PromotionDecision = (typeof PROMOTION_DECISIONS)[number];
export const PROMOTION_STATUSES = ['draft', 'applying', 'applied'] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];
/** Why a line wants a look before it is applied: under 75 % attendance, a failing final result. */
export const PROMOTION_FLAGS = ['low_attendance', 'failed'] as const;
export type PromotionFlag = (typeof PROMOTION_FLAGS)[number];
/** The attendance a student needs (CBSE's 75 %); under it a line is flagged. */
export const PROMOTION_ATTENDANCE_MIN = 75;

const YEAR = /^(\d{4})-(\d{2})$/;
const yearName = z
  .string({ error: 'Enter the year as 2026-27' })
  .trim()
  .regex(YEAR, 'Enter the year as 2026-27')
  .refine((v) => {
    const m = YEAR.exec(v);
    return !!m && (Number(m[1]) + 1) % 100 === Number(m[2]);
  }, 'Enter the year as 2026-27');

/** The year after '2026-27': '2027-28'. */
export function nextYearName(name: string): string {
  const start = Number(name.slice(0, 4)) + 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** POST /schools/{id}/promotions. `toYear` must be the year right after `fromYear`. */
export const createPromotionSchema = z
  .object({ fromYear: yearName, toYear: yearName })
  .refine((v) => nextYearName(v.fromYear) === v.toYear, { path: ['toYear'], message: 'The new year must be the year right after the closing one' });
export type CreatePromotionInput = z.infer<typeof createPromotionSchema>;

/** GET …/promotions/{promotionId}/lines?classId=&page=&pageSize=&sort=&order= */
export const PROMOTION_LINE_SORTS = ['name', 'result', 'attendance', 'roll'] as const;
export const promotionLinesQuerySchema = z.object({
  ...pageQueryShape,
  classId: z.uuid({ error: 'Choose a class' }).optional(),
  decision: z.enum(PROMOTION_DECISIONS).optional(),
  sort: z.enum(PROMOTION_LINE_SORTS).default('roll'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type PromotionLinesQuery = z.output<typeof promotionLinesQuerySchema>;

const reasonSchema = z.string().trim().min(1, 'Give a reason').max(300, 'At most 300 characters');

/** PATCH …/promotions/{promotionId}/lines. `detain` and `left` need a reason. */
export const patchPromotionLinesSchema = z.object({
  lines: z
    .array(
      z
        .object({
          studentId: z.uuid({ error: 'Choose a student' }),
          decision: z.enum(PROMOTION_DECISIONS, { error: 'Choose promote, detain, passed out or left' }),
          targetSectionId: z.uuid({ error: 'Choose a section' }).nullish(),
          reason: reasonSchema.nullish(),
        })
        .superRefine((l, ctx) => {
          if ((l.decision === 'detain' || l.decision === 'left') && !l.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Give a reason to detain a student or mark them left' });
        }),
    )
    .min(1, 'Change at least one line')
    .max(2000, 'At most 2,000 lines at a time'),
});
export type PatchPromotionLinesInput = z.infer<typeof patchPromotionLinesSchema>;

/**
 * How a class's promoted children are spread over the next class's sections:
 * `keep` the section of the same name (else the first: the draft's proposal), `alphabetical` the
 * sections filled in turn in name order, `balanced` the same number of girls and of boys in each.
 */
export const PROMOTION_ALLOCATIONS = ['keep', 'alphabetical', 'balanced'] as const;
export type PromotionAllocation = (typeof PROMOTION_ALLOCATIONS)[number];

/** POST …/promotions/{promotionId}/allocate: spread one closing class's promoted children over the next class's sections. */
export const allocatePromotionSchema = z.object({
  classId: z.uuid({ error: 'Choose a class' }),
  mode: z.enum(PROMOTION_ALLOCATIONS, { error: 'Choose keep, alphabetical or balanced by gender' }),
});
export type AllocatePromotionInput = z.infer<typeof allocatePromotionSchema>;

/** POST …/promotions/{promotionId}/apply */
export const applyPromotionSchema = z.object({
  feeIncreasePercent: z.number({ error: 'Enter a percentage from 0 to 50' }).min(0, 'Enter a percentage from 0 to 50').max(50, 'Enter a percentage from 0 to 50').default(0),
  /** New roll numbers in each section, alphabetical (by first name, then last name); false keeps last year's. */
  renumberRolls: z.boolean().default(true),
  /** Copy each section's timetable, teaching assignments and class teacher to the new year's section of the same class and name. */
  copyTimetable: z.boolean().default(false),
});
export type ApplyPromotionInput = z.output<typeof applyPromotionSchema>;

/** GET …/promotions/{promotionId}/preview?feeIncreasePercent= */
export const promotionPreviewQuerySchema = z.object({
  feeIncreasePercent: z.coerce.number().min(0, 'Enter a percentage from 0 to 50').max(50, 'Enter a percentage from 0 to 50').default(0),
});

// The answers are schemas in answers.ts, their types inferred from them.

// ── rules (pure) ────────────────────────────────────────────────────────────
/**
 * The next class of a school's classes in catalogue order (Nursery, LKG, UKG, Class 1 … Class 12),
 * or null for the school's last class (its students pass out). Classes not in the catalogue come
 * after it, naturally ordered.
 */
export function nextClassName(current: string, schoolClasses: readonly string[]): string | null {
  const sorted = [...new Set(schoolClasses)].sort(compareClassNames);
  const i = sorted.indexOf(current);
  if (i < 0 || i === sorted.length - 1) return null;
  return sorted[i + 1];
}

/** Catalogue order, then others naturally. */
export function compareClassNames(a: string, b: string): number {
  const oa = classOrder(a);
  const ob = classOrder(b);
  if (oa >= 0 && ob >= 0) return oa - ob;
  if (oa >= 0) return -1;
  if (ob >= 0) return 1;
  return naturalCompare(a, b);
}

/** An amount raised by a percentage, rounded to whole rupees (paise in, paise out); 0 % leaves it as it is. */
export function raiseFee(amountPaise: number, percent: number): number {
  if (!percent) return amountPaise;
  return Math.round((amountPaise * (100 + percent)) / 10000) * 100;
}

/** The flags of a line: under 75 % attendance, a failing result. */
export function promotionFlags(attendancePercent: number | null, result: 'pass' | 'fail' | null): PromotionFlag[] {
  const flags: PromotionFlag[] = [];
  if (attendancePercent !== null && attendancePercent < PROMOTION_ATTENDANCE_MIN) flags.push('low_attendance');
  if (result === 'fail') flags.push('failed');
  return flags;
}

/** 'Arrears 2026-27'. */
export const arrearsName = (fromYear: string): string => `Arrears ${fromYear}`;

/** The same calendar day a year later (29 February → 28 February). */
export function sameDayNextYear(iso: string): string {
  const y = Number(iso.slice(0, 4)) + 1;
  const md = iso.slice(5);
  if (md === '02-29') return `${y}-02-28`;
  return `${y}-${md}`;
}

// ── section allocation (pure) ────────────────────────────────────────────────
export interface AllocationChild {
  studentId: string;
  /** The name as sorted: first name, then last name. */
  name: string;
  gender: 'male' | 'female' | 'other';
  /** The section name of the closing year (keep). */
  sectionName: string;
}
export interface AllocationSection {
  name: string;
  /** Children already there (early admissions, detained children, other classes' lines): counted, never moved. */
  girls: number;
  boys: number;
  others: number;
}

const byName = (a: AllocationChild, b: AllocationChild) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || (a.studentId < b.studentId ? -1 : a.studentId > b.studentId ? 1 : 0);
const genderKey = (g: AllocationChild['gender']): 'girls' | 'boys' | 'others' => (g === 'female' ? 'girls' : g === 'male' ? 'boys' : 'others');

/**
 * The section (name) each child goes to, by `mode`:
 * - `keep`: the section of the same name, else the first;
 * - `alphabetical`: the children in name order fill the sections in turn (A, then B …), each up to an
 *   even share of the class's final total, counting who is already there;
 * - `balanced`: in name order, each child to the section with the fewest of their gender (then the
 *   fewest in all, then the first), so sections end level in size and in girls and boys.
 * Sections are taken in natural order. With no section, nobody is placed (an empty map).
 */
export function allocateSections(children: readonly AllocationChild[], sectionsIn: readonly AllocationSection[], mode: PromotionAllocation): Map<string, string> {
  const out = new Map<string, string>();
  const sections = [...sectionsIn].sort((a, b) => naturalCompare(a.name, b.name)).map((s) => ({ ...s }));
  if (sections.length === 0) return out;
  const sorted = [...children].sort(byName);
  if (mode === 'keep') {
    for (const c of sorted) out.set(c.studentId, (sections.find((s) => s.name.toLowerCase() === c.sectionName.toLowerCase()) ?? sections[0]).name);
    return out;
  }
  const total = (s: AllocationSection) => s.girls + s.boys + s.others;
  if (mode === 'alphabetical') {
    const all = sections.reduce((n, s) => n + total(s), 0) + sorted.length;
    const base = Math.floor(all / sections.length);
    const extra = all % sections.length;
    // Capacities: an even share (the first `extra` sections one more), less who is already there.
    const room = sections.map((s, i) => Math.max(0, base + (i < extra ? 1 : 0) - total(s)));
    let i = 0;
    for (const c of sorted) {
      while (i < sections.length - 1 && room[i] <= 0) i += 1;
      out.set(c.studentId, sections[i].name);
      room[i] -= 1;
    }
    return out;
  }
  for (const c of sorted) {
    const key = genderKey(c.gender);
    let best = sections[0];
    for (const s of sections.slice(1)) if (s[key] < best[key] || (s[key] === best[key] && total(s) < total(best))) best = s;
    best[key] += 1;
    out.set(c.studentId, best.name);
  }
  return out;
}
