import { z } from 'zod';
import { pageSchema } from '../workspace/common';
import { APPLICATION_STATUSES, BLOOD_GROUPS, GENDERS, GUARDIAN_RELATIONS, SOCIAL_CATEGORIES, STUDENT_IMPORT_COLUMNS, STUDENT_STATUSES } from './schemas';

/**
 * The answers of the students, admissions and student-limit calls (their bodies and queries are in
 * schemas.ts): schemas, their types inferred from them; the back end wraps them in the envelope. A
 * file of their own, so that the renderer, which imports only their types, never bundles them.
 */
export const guardianSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  relation: z.enum(GUARDIAN_RELATIONS),
  phone: z.string(),
  email: z.string().nullable(),
  isPrimary: z.boolean(),
});
export type Guardian = z.output<typeof guardianSchema>;

export const enrolmentSchema = z.object({
  academicYear: z.string(),
  classId: z.uuid(),
  className: z.string(),
  sectionId: z.uuid(),
  sectionName: z.string(),
  rollNumber: z.int().nullable(),
});
export type Enrolment = z.output<typeof enrolmentSchema>;

/** One year of a student's history: where they were, and how the year ended (set when a promotion applies). */
export const enrolmentYearSchema = enrolmentSchema.extend({
  result: z.enum(['pass', 'fail']).nullable(),
  resultGrade: z.string().nullable(),
  attendancePercent: z.number().nullable(),
  /** The school's current year. */
  current: z.boolean(),
});
export type EnrolmentYear = z.output<typeof enrolmentYearSchema>;

export const studentSchema = z.object({
  id: z.uuid(),
  admissionNumber: z.string(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  name: z.string(),
  dateOfBirth: z.iso.date(),
  gender: z.enum(GENDERS),
  status: z.enum(STUDENT_STATUSES),
  leftOn: z.iso.date().nullable(),
  leavingReason: z.string().nullable(),
  /** This year's enrolment (the newest). */
  enrolment: enrolmentSchema.nullable(),
  /** Every year's enrolment, newest first, with a closed year's result and attendance (`GET` of one student). */
  enrolments: z.array(enrolmentYearSchema).optional(),
  guardians: z.array(guardianSchema),
  pen: z.string().nullable(),
  apaarId: z.string().nullable(),
  /** Always masked `XXXX XXXX 1234`; the full number only through the audited reveal. */
  aadhaarMasked: z.string().nullable(),
  motherTongue: z.string().nullable(),
  socialCategory: z.enum(SOCIAL_CATEGORIES).nullable(),
  religion: z.string().nullable(),
  bloodGroup: z.enum(BLOOD_GROUPS).nullable(),
  cwsn: z.boolean(),
  rte: z.boolean(),
  bpl: z.boolean(),
  address: z.object({
    address1: z.string().nullable(),
    locality: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    pinCode: z.string().nullable(),
  }),
  admissionDate: z.iso.date().nullable(),
  /** A photo is stored: `GET …/students/{id}/photo` answers it. */
  hasPhoto: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Student = z.output<typeof studentSchema>;

/** One row of the register. */
export const studentListItemSchema = z.object({
  id: z.uuid(),
  admissionNumber: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  gender: z.enum(GENDERS),
  dateOfBirth: z.iso.date(),
  status: z.enum(STUDENT_STATUSES),
  classId: z.uuid().nullable(),
  className: z.string().nullable(),
  sectionId: z.uuid().nullable(),
  sectionName: z.string().nullable(),
  rollNumber: z.int().nullable(),
  guardianName: z.string().nullable(),
  guardianPhone: z.string().nullable(),
  rte: z.boolean(),
});
export type StudentListItem = z.output<typeof studentListItemSchema>;

export const studentListSchema = pageSchema(studentListItemSchema).extend({
  /** The school's active students and its limit (the register shows both). */
  activeCount: z.int(),
  maxStudents: z.int(),
});
export type StudentList = z.output<typeof studentListSchema>;

export const studentResultSchema = z.object({ student: studentSchema });
export type StudentResult = z.output<typeof studentResultSchema>;

export const enrolmentHistoryItemSchema = enrolmentSchema.extend({ enrolledAt: z.string() });
export type EnrolmentHistoryItem = z.output<typeof enrolmentHistoryItemSchema>;
export const enrolmentHistorySchema = z.object({ items: z.array(enrolmentHistoryItemSchema) });
export type EnrolmentHistory = z.output<typeof enrolmentHistorySchema>;

/** A section the register can filter by and a student can be enrolled in (this year's classes). */
export const studentSectionOptionSchema = z.object({
  classId: z.uuid(),
  className: z.string(),
  sectionId: z.uuid(),
  sectionName: z.string(),
  academicYear: z.string(),
});
export type StudentSectionOption = z.output<typeof studentSectionOptionSchema>;
/** `GET /schools/{id}/students/sections`: the current year's sections in class order. */
export const studentSectionListSchema = z.object({ items: z.array(studentSectionOptionSchema) });
export type StudentSectionList = z.output<typeof studentSectionListSchema>;

export const aadhaarRevealSchema = z.object({ aadhaar: z.string() });
export type AadhaarReveal = z.output<typeof aadhaarRevealSchema>;

// ── admission numbering ───────────────────────────────────────────────────
export const admissionNumberingResultSchema = z.object({
  numbering: z.object({ prefix: z.string(), nextNumber: z.int(), digits: z.int(), example: z.string() }),
});
export type AdmissionNumberingResult = z.output<typeof admissionNumberingResultSchema>;

// ── import ────────────────────────────────────────────────────────────────
export const importErrorSchema = z.object({
  /** The row number as the spreadsheet shows it (the header is row 1). */
  row: z.int(),
  field: z.enum([...STUDENT_IMPORT_COLUMNS, 'file']),
  message: z.string(),
});
export type ImportError = z.output<typeof importErrorSchema>;

export const importResultSchema = z.object({
  rows: z.int(),
  valid: z.int(),
  invalid: z.int(),
  errors: z.array(importErrorSchema),
  /** Students created (0 on a dry run, or when nothing was written). */
  created: z.int(),
  /** Rows whose admission number already exists (left as they are). */
  existing: z.int().optional(),
  dryRun: z.boolean().optional(),
});
export type ImportResult = z.output<typeof importResultSchema>;

// ── admissions ────────────────────────────────────────────────────────────
/**
 * `GET /public/schools/{subdomain}/front-door`: what the school's public page shows a family (the
 * portal as the school's front door, issue 14 item 7): contact details, address, principal, board
 * and affiliation. Active schools only, like the public profile.
 */
export const schoolFrontDoorSchema = z.object({
  name: z.string(),
  subdomain: z.string(),
  level: z.string(),
  board: z.string().nullable(),
  affiliationNumber: z.string().nullable(),
  principalName: z.string().nullable(),
  email: z.string().nullable(),
  phoneNumbers: z.array(z.string()),
  address: z.object({
    address1: z.string(),
    address2: z.string().nullable(),
    locality: z.string(),
    landmark: z.string().nullable(),
    city: z.string(),
    state: z.string(),
    pinCode: z.string(),
  }),
});
export type SchoolFrontDoor = z.output<typeof schoolFrontDoorSchema>;
export const schoolFrontDoorResultSchema = z.object({ school: schoolFrontDoorSchema });
export type SchoolFrontDoorResult = z.output<typeof schoolFrontDoorResultSchema>;

export const applicationReceiptSchema = z.object({ applicationNumber: z.string() });
export type ApplicationReceipt = z.output<typeof applicationReceiptSchema>;

export const applicationSchema = z.object({
  id: z.uuid(),
  applicationNumber: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  firstName: z.string(),
  lastName: z.string().nullable(),
  name: z.string(),
  dateOfBirth: z.iso.date(),
  gender: z.enum(GENDERS),
  classApplied: z.string(),
  guardian: z.object({ name: z.string(), relation: z.enum(GUARDIAN_RELATIONS), phone: z.string(), email: z.string() }),
  rte: z.boolean(),
  consent: z.object({ at: z.string(), purpose: z.string(), policyVersion: z.string() }),
  rejectionReason: z.string().nullable(),
  studentId: z.uuid().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Application = z.output<typeof applicationSchema>;
export const applicationListSchema = pageSchema(applicationSchema);
export type ApplicationList = z.output<typeof applicationListSchema>;
export const applicationResultSchema = z.object({ application: applicationSchema });
export type ApplicationResult = z.output<typeof applicationResultSchema>;
export const admitResultSchema = z.object({ application: applicationSchema, student: studentSchema });
export type AdmitResult = z.output<typeof admitResultSchema>;

// ── provider staff: a school's student limit ─────────────────────────────
/** What setting the limit answers: the limit and the school's active students now. */
export const schoolLimitResultSchema = z.object({ school: z.object({ id: z.uuid(), maxStudents: z.int(), activeStudents: z.int() }) });
export type SchoolLimitResult = z.output<typeof schoolLimitResultSchema>;
