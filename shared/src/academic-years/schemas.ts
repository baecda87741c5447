import { z } from 'zod';
import { isoDateSchema, pageSchema } from '../workspace/common';
import { WORKSPACE_MESSAGES as M } from '../workspace/messages';

/**
 * Academic years as records (DECISIONS "Academic years"): April to March by default; a year's name
 * must match its dates: '2026-27' starts in 2026 and ends in 2027, within April 2026 – March 2027
 * (a school may start on 1 June and end on 31 March). At most 12 months.
 */
const NAME = /^(\d{4})-(\d{2})$/;

/** The Indian school year '2026-27' → 2026-04-01 … 2027-03-31. */
export function defaultYearDates(name: string): { startsOn: string; endsOn: string } | null {
  const m = NAME.exec(name);
  if (!m) return null;
  const start = Number(m[1]);
  if ((start + 1) % 100 !== Number(m[2])) return null;
  return { startsOn: `${start}-04-01`, endsOn: `${start + 1}-03-31` };
}

/** Why a year's name and dates do not fit together, or null when they do. */
export function academicYearProblem(name: string, startsOn: string, endsOn: string): string | null {
  const bounds = defaultYearDates(name);
  if (!bounds) return M.yearNameFormat;
  if (endsOn <= startsOn) return M.yearEndsBeforeStart;
  if (startsOn < bounds.startsOn || endsOn > bounds.endsOn) return M.yearDatesMismatch;
  return null;
}

/**
 * POST /schools/{id}/academic-years. The dates default to April–March of the name's years; the
 * server then checks name and dates together with `academicYearProblem` (400 ACADEMIC_YEAR_INVALID).
 */
export const createAcademicYearSchema = z.object({
  name: z.string({ error: M.yearNameFormat }).trim().regex(NAME, M.yearNameFormat),
  startsOn: isoDateSchema.optional(),
  endsOn: isoDateSchema.optional(),
});
export type CreateAcademicYearInput = z.infer<typeof createAcademicYearSchema>;

// The answers: one schema each, the types inferred from them (the back end wraps them in the envelope).
export const academicYearRecordSchema = z.object({ id: z.uuid(), name: z.string(), startsOn: z.iso.date(), endsOn: z.iso.date(), isCurrent: z.boolean() });
export type AcademicYearRecord = z.output<typeof academicYearRecordSchema>;
export const academicYearListSchema = pageSchema(academicYearRecordSchema);
export type AcademicYearList = z.output<typeof academicYearListSchema>;
export const academicYearResultSchema = z.object({ academicYear: academicYearRecordSchema });
export type AcademicYearResult = z.output<typeof academicYearResultSchema>;
