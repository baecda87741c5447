import { z } from 'zod';
import { schoolDtoSchema, schoolOwnerSchema } from '../schools/answers';
import { SCHOOL_DECISIONS } from './schemas';

/**
 * The answers of provider staff's review calls, as schemas with their types inferred from them: the
 * back end wraps each in the success envelope (approvals.responses.ts). They are in a file of their
 * own, apart from the request schemas the renderer imports, so no answer schema enters a bundle.
 */

/** A school as provider staff see it: with its administrator. */
export const adminSchoolSchema = schoolDtoSchema.extend({ owner: schoolOwnerSchema });
export type AdminSchool = z.output<typeof adminSchoolSchema>;

/** GET /admin/schools answer data. */
export const adminSchoolListResultSchema = z.object({ schools: z.array(adminSchoolSchema), total: z.int(), page: z.int(), pageSize: z.int() });
export type AdminSchoolListResult = z.output<typeof adminSchoolListResultSchema>;

/** One recorded approval or rejection: who, when, why (DECISIONS.md). */
export const schoolDecisionSchema = z.object({
  id: z.uuid(),
  decision: z.enum(SCHOOL_DECISIONS),
  reason: z.string().nullable(),
  decidedBy: z.object({ id: z.uuid(), username: z.string() }),
  /** ISO 8601 */
  decidedAt: z.iso.datetime(),
});
export type SchoolDecision = z.output<typeof schoolDecisionSchema>;

/** A class the school has set up, with its section and subject counts. */
export const adminSchoolClassSchema = z.object({ name: z.string(), academicYear: z.string(), sections: z.int(), subjects: z.int() });
export type AdminSchoolClass = z.output<typeof adminSchoolClassSchema>;

/** GET /admin/schools/{id} answer data; decisions newest first. */
export const adminSchoolDetailSchema = z.object({
  school: adminSchoolSchema,
  decisions: z.array(schoolDecisionSchema),
  /** The school's classes (every academic year, catalogue order) with their section and subject counts. */
  classes: z.array(adminSchoolClassSchema),
});
export type AdminSchoolDetail = z.output<typeof adminSchoolDetailSchema>;

/**
 * POST /admin/schools/{id}/approve and /reject answer data: the school after the decision, its
 * history, and whether the e-mail to the administrator went out (the decision stands either way).
 */
export const schoolDecisionResultSchema = adminSchoolDetailSchema.extend({ notified: z.boolean() });
export type SchoolDecisionResult = z.output<typeof schoolDecisionResultSchema>;
