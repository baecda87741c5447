import { z } from 'zod';
import { pageSchema } from '../workspace/common';
import { PROMOTION_DECISIONS, PROMOTION_FLAGS, PROMOTION_STATUSES } from './schemas';
import { GENDERS } from '../students/schemas';

/**
 * Year end's answers: the data of the promotion calls, as schemas with their types inferred from
 * them (the back end wraps them in the envelope). In a file of their own, which the renderer
 * imports only types from, so no answer schema enters its bundle.
 */

export const promotionCountsSchema = z.object({ promote: z.int(), detain: z.int(), passed_out: z.int(), left: z.int() });
export type PromotionCounts = z.output<typeof promotionCountsSchema>;

/** A student left as they are: already enrolled in `toYear` (admitted early). */
const skippedSchema = z.object({ studentId: z.uuid(), name: z.string(), className: z.string(), sectionName: z.string() });
/** Unpaid balances carried into the new year: how many students, how many paise in all. */
const arrearsSchema = z.object({ students: z.int(), amount: z.int() });

/** The timetable of the closing year's sections, as copied (or to be copied) to the new year's sections of the same names. */
export const timetableCopySchema = z.object({ sections: z.int(), slots: z.int(), assignments: z.int(), classTeachers: z.int() });
export type TimetableCopy = z.output<typeof timetableCopySchema>;

/** What the apply job left: who was skipped (already enrolled in `toYear`), what it made. */
export const promotionResultSchema = z.object({
  enrolled: z.int(),
  passedOut: z.int(),
  left: z.int(),
  /** Students already enrolled in `toYear` (admitted early): left as they are. */
  skipped: z.array(skippedSchema),
  yearCreated: z.boolean(),
  classesCreated: z.int(),
  sectionsCreated: z.int(),
  subjectsCopied: z.int(),
  structuresCopied: z.int(),
  arrears: arrearsSchema,
  /** What was copied of the timetable (asked for with `copyTimetable`): sections, periods, teaching assignments, class teachers. */
  timetable: timetableCopySchema.optional(),
  /** The year that was current before apply made `toYear` current (null: `toYear` already was, or a later year is). */
  previousCurrentYear: z.string().nullable().optional(),
});
export type PromotionResult = z.output<typeof promotionResultSchema>;

export const promotionSchema = z.object({
  id: z.uuid(),
  fromYear: z.string(),
  toYear: z.string(),
  status: z.enum(PROMOTION_STATUSES),
  counts: promotionCountsSchema,
  /** Lines flagged for a look (low attendance or a failing result). */
  flagged: z.int(),
  feeIncreasePercent: z.number().nullable(),
  renumberRolls: z.boolean().nullable(),
  copyTimetable: z.boolean().nullable(),
  jobId: z.uuid().nullable(),
  appliedAt: z.string().nullable(),
  revertedAt: z.string().nullable(),
  /** Set by the apply job as it goes (null in a draft). */
  result: promotionResultSchema.nullable(),
  createdAt: z.string(),
});
export type Promotion = z.output<typeof promotionSchema>;
export const promotionListSchema = pageSchema(promotionSchema);
export type PromotionList = z.output<typeof promotionListSchema>;
export const promotionAnswerSchema = z.object({ promotion: promotionSchema });
export type PromotionAnswer = z.output<typeof promotionAnswerSchema>;

export const promotionLineSchema = z.object({
  studentId: z.uuid(),
  name: z.string(),
  admissionNumber: z.string(),
  gender: z.enum(GENDERS),
  rollNumber: z.int().nullable(),
  fromClassId: z.uuid(),
  fromClassName: z.string(),
  fromSectionId: z.uuid(),
  fromSectionName: z.string(),
  /** 0–100, by the attendance rule (the attendance module's figure); null when no day of the year was marked. */
  attendancePercent: z.number().nullable(),
  /** The grade of the year's last published exam (CBSE scale), null when none is published. */
  resultGrade: z.string().nullable(),
  result: z.enum(['pass', 'fail']).nullable(),
  decision: z.enum(PROMOTION_DECISIONS),
  /**
   * The class and section the student goes to. While `toYear` has no such class yet, these are the
   * ids of the `fromYear` class and section of the same names: the apply job copies them into
   * `toYear` and enrols by name (docs/year-end.md).
   */
  targetClassId: z.uuid().nullable(),
  targetClassName: z.string().nullable(),
  targetSectionId: z.uuid().nullable(),
  targetSectionName: z.string().nullable(),
  reason: z.string().nullable(),
  flags: z.array(z.enum(PROMOTION_FLAGS)),
  /** Already enrolled in `toYear` (admitted early): shown, never enrolled again. */
  alreadyEnrolled: z.boolean(),
});
export type PromotionLine = z.output<typeof promotionLineSchema>;
export const promotionLineListSchema = pageSchema(promotionLineSchema);
export type PromotionLineList = z.output<typeof promotionLineListSchema>;

/** A class of the draft with its totals (the screen's class picker). */
export const promotionClassSummarySchema = z.object({
  classId: z.uuid(),
  className: z.string(),
  total: z.int(),
  flagged: z.int(),
  counts: promotionCountsSchema,
  /** Where this class's students go, per target section. */
  targets: z.array(z.object({ classId: z.uuid().nullable(), className: z.string(), sectionId: z.uuid().nullable(), sectionName: z.string(), count: z.int() })),
});
export type PromotionClassSummary = z.output<typeof promotionClassSummarySchema>;
export const promotionClassListSchema = z.object({ items: z.array(promotionClassSummarySchema) });
export type PromotionClassList = z.output<typeof promotionClassListSchema>;

/** The sections a line may be sent to (a target class's sections in `toYear`, or their templates). */
export const promotionTargetSectionSchema = z.object({
  classId: z.uuid(),
  className: z.string(),
  sectionId: z.uuid(),
  sectionName: z.string(),
  /** true: the section exists in `toYear`; false: it is the `fromYear` section that will be copied. */
  exists: z.boolean(),
});
export type PromotionTargetSection = z.output<typeof promotionTargetSectionSchema>;
export const promotionTargetListSchema = z.object({ items: z.array(promotionTargetSectionSchema) });
export type PromotionTargetList = z.output<typeof promotionTargetListSchema>;

/** GET …/promotions/{promotionId}/preview: what apply will create, before it does. */
export const promotionPreviewSchema = z.object({
  fromYear: z.string(),
  toYear: z.string(),
  yearExists: z.boolean(),
  classes: z.array(z.object({ name: z.string(), exists: z.boolean(), sections: z.array(z.string()), newSections: z.array(z.string()), subjects: z.int() })),
  /** Each closing class's fee structure: its total and the raised total, in paise; `exists`: the new year's class already has one. */
  structures: z.array(z.object({ className: z.string(), total: z.int(), newTotal: z.int(), exists: z.boolean() })),
  enrolments: z.array(z.object({ className: z.string(), sectionName: z.string(), count: z.int() })),
  passedOut: z.int(),
  left: z.int(),
  skipped: z.array(skippedSchema),
  arrears: arrearsSchema,
  feeIncreasePercent: z.number(),
  /** What `copyTimetable` would copy (the bell schedule is the school's, shared by every year: nothing to copy). */
  timetable: timetableCopySchema,
  /** Whether apply makes `toYear` the current year (then the closing year is read-only for marks and attendance). */
  becomesCurrent: z.boolean(),
});
export type PromotionPreview = z.output<typeof promotionPreviewSchema>;
export const promotionPreviewAnswerSchema = z.object({ preview: promotionPreviewSchema });
export type PromotionPreviewAnswer = z.output<typeof promotionPreviewAnswerSchema>;

/** POST …/promotions/{promotionId}/apply: the job to poll. */
export const promotionApplyAnswerSchema = z.object({ jobId: z.uuid() });
export type PromotionApplyAnswer = z.output<typeof promotionApplyAnswerSchema>;
