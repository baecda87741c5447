import { z } from 'zod';
import { APPROVAL_STATUSES, PLAN_TYPES, SCHOOL_LEVELS } from '../constants';
import { classWithDetailsSchema } from '../academics/answers';

/**
 * The answers about a school, as schemas with their types inferred from them: the back end wraps
 * each in the success envelope (schools.responses.ts). They are in a file of their own, apart from
 * the request schemas the renderer's pages import, so no answer schema enters a bundle.
 */
export const schoolAddressSchema = z.object({
  address1: z.string(),
  address2: z.string().nullable(),
  locality: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  pinCode: z.string(),
  landmark: z.string().nullable(),
});
export type SchoolAddress = z.output<typeof schoolAddressSchema>;

export const schoolMetaDataSchema = z.object({
  approvalStatus: z.enum(APPROVAL_STATUSES),
  /** The school's active students. */
  studentStrength: z.int(),
  /** Set while the school is rejected, else null. */
  rejectionReason: z.string().nullable(),
});
export type SchoolMetaData = z.output<typeof schoolMetaDataSchema>;

/** A school as the API shows it to its administrator (spec §3, DECISIONS.md). Dates are ISO 8601. */
export const schoolDtoSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  subdomain: z.string(),
  level: z.enum(SCHOOL_LEVELS),
  board: z.string().nullable(),
  schoolCode: z.string().nullable(),
  /** The board's affiliation number (issue 20; additive). */
  affiliationNumber: z.string().nullable(),
  principalName: z.string().nullable(),
  email: z.string().nullable(),
  phoneNumbers: z.array(z.string()),
  establishedYear: z.int().nullable(),
  language: z.string().nullable(),
  address: schoolAddressSchema,
  isActive: z.boolean(),
  planType: z.enum(PLAN_TYPES),
  /** Set on approval: 30 days later. */
  trialEndsAt: z.iso.datetime().nullable(),
  maxStudents: z.int(),
  metaData: schoolMetaDataSchema,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** When the school was created or last re-submitted after a rejection (the approval queue's order). */
  submittedAt: z.iso.datetime(),
  /** The first approval; the trial runs 30 days from it. */
  approvedAt: z.iso.datetime().nullable(),
});
export type SchoolDto = z.output<typeof schoolDtoSchema>;

/** POST /school/create and GET /auth/my-school answer data. */
export const schoolResultSchema = z.object({ school: schoolDtoSchema });
export type SchoolResult = z.output<typeof schoolResultSchema>;

/** The school's administrator, as provider staff see it. */
export const schoolOwnerSchema = z.object({ id: z.uuid(), username: z.string(), email: z.string() });
export type SchoolOwner = z.output<typeof schoolOwnerSchema>;

/** GET /public/schools/{subdomain}: what anyone may see of an active school. */
export const publicSchoolProfileSchema = z.object({
  name: z.string(),
  subdomain: z.string(),
  city: z.string(),
  state: z.string(),
  board: z.string().nullable(),
  level: z.enum(SCHOOL_LEVELS),
});
export type PublicSchoolProfile = z.output<typeof publicSchoolProfileSchema>;

export const publicSchoolResultSchema = z.object({ school: publicSchoolProfileSchema });
export type PublicSchoolResult = z.output<typeof publicSchoolResultSchema>;

/**
 * GET /school/subdomain-availability. `reason` is a user-facing message: a format message,
 * 'Subdomain already taken' or 'This subdomain is reserved'.
 */
export const subdomainAvailabilitySchema = z.object({
  available: z.boolean(),
  reason: z.string().optional(),
  /** When taken or reserved: up to three free subdomains like it (issue 20; additive). */
  suggestions: z.array(z.string()).optional(),
});
export type SubdomainAvailability = z.output<typeof subdomainAvailabilitySchema>;

/** Spec §3 SetupProgress (its type and rules: rules/setup-progress.ts). */
export const setupProgressSchema = z.object({
  schoolCreated: z.boolean(),
  classesAdded: z.boolean(),
  sectionsAdded: z.boolean(),
  subjectsAdded: z.boolean(),
  paymentCompleted: z.boolean(),
});

/** GET /auth/my-school-detailed answer data (spec §3 School summary). */
export const schoolSummarySchema = z.object({
  school: schoolDtoSchema,
  classes: z.array(classWithDetailsSchema),
  totalSections: z.int(),
  totalSubjects: z.int(),
  setupProgress: setupProgressSchema,
  /**
   * The academic year the classes and totals describe: the newest year that has classes, or null
   * when the school has none yet.
   */
  academicYear: z.string().nullable(),
});
export type SchoolSummary = z.output<typeof schoolSummarySchema>;
