import { z } from 'zod';
import { EMAIL_MAX } from '../constants';
import { CATALOGUE_CLASSES } from '../catalogue/classes';
import { aadhaarProblem, normalizeAadhaar } from '../rules/aadhaar';
import { blankToUndefined, emailField, optionalField, requiredText } from '../schemas/common';
import { isoDateSchema, pageQueryShape } from '../workspace/common';
import { STUDENT_MESSAGES } from './messages';

/**
 * Students and admissions (DECISIONS "Students", "Admissions"; issue 14). The field names are the
 * contract: the server validates every body with these schemas and the renderer's forms use them.
 */
const M = STUDENT_MESSAGES;

export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];
export const GUARDIAN_RELATIONS = ['father', 'mother', 'guardian'] as const;
export type GuardianRelation = (typeof GUARDIAN_RELATIONS)[number];
export const STUDENT_STATUSES = ['active', 'left', 'passed_out'] as const;
export type StudentStatus = (typeof STUDENT_STATUSES)[number];
export const SOCIAL_CATEGORIES = ['general', 'sc', 'st', 'obc'] as const;
export type SocialCategory = (typeof SOCIAL_CATEGORIES)[number];
export const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;
export type BloodGroup = (typeof BLOOD_GROUPS)[number];
export const GUARDIANS_MAX = 4;
/** The free trial's limit (DECISIONS "Free trial"). */
export const TRIAL_MAX_STUDENTS = 100;

// ── fields ────────────────────────────────────────────────────────────────
export const admissionNumberSchema = z
  .string({ error: M.admissionNumber })
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9/-]{0,29}$/, M.admissionNumber);

/** An Indian mobile number as typed (+91, 0, spaces or hyphens allowed) → its 10 digits. */
export function normalizeIndianMobile(input: string): string | null {
  let d = input.replace(/[\s()-]/g, '');
  if (d.startsWith('+91')) d = d.slice(3);
  else if (d.length === 12 && d.startsWith('91')) d = d.slice(2);
  else if (d.length === 11 && d.startsWith('0')) d = d.slice(1);
  return /^[6-9]\d{9}$/.test(d) ? d : null;
}

export const indianMobileSchema = z
  .string({ error: M.phone })
  .trim()
  .overwrite((v) => normalizeIndianMobile(v) ?? v)
  .regex(/^[6-9]\d{9}$/, M.phone);

/** A 12-digit Aadhaar with a valid Verhoeff check digit → its 12 digits (spaces dropped). */
export const aadhaarSchema = z
  .string({ error: 'Aadhaar must be 12 digits' })
  .trim()
  .overwrite((v) => normalizeAadhaar(v) ?? v)
  .superRefine((v, ctx) => {
    const problem = aadhaarProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const optionalText = (max: number, message: string) => optionalField(z.string().trim().max(max, message));
const optionalBool = z.preprocess(blankToUndefined, z.boolean({ error: 'Must be true or false' }).optional());

export const dateOfBirthSchema = z.iso.date({ error: M.dateOfBirth });

export const guardianInputSchema = z.object({
  name: requiredText(100, M.guardianNameRequired, M.nameTooLong),
  relation: z.enum(GUARDIAN_RELATIONS, { error: M.relation }),
  phone: indianMobileSchema,
  email: optionalField(emailField(M.email, M.emailTooLong).max(EMAIL_MAX, M.emailTooLong)),
});
export type GuardianInput = z.output<typeof guardianInputSchema>;

export const studentAddressSchema = z.object({
  address1: optionalText(255, M.addressTooLong),
  locality: optionalText(100, M.addressTooLong),
  city: optionalText(100, M.addressTooLong),
  state: optionalText(100, M.addressTooLong),
  pinCode: optionalField(z.string().trim().regex(/^\d{6}$/, M.pinCode)),
});
export type StudentAddress = z.output<typeof studentAddressSchema>;

/** The UDISE+ fields and the rest of a student's optional details (create and edit alike). */
const detailShape = {
  lastName: optionalText(100, M.nameTooLong),
  rollNumber: z.preprocess(blankToUndefined, z.coerce.number({ error: M.rollNumber }).int(M.rollNumber).min(1, M.rollNumber).max(9999, M.rollNumber).optional()),
  pen: optionalField(z.string().trim().regex(/^\d{11}$/, M.pen)),
  apaarId: optionalField(z.string().trim().regex(/^\d{12}$/, M.apaarId)),
  aadhaar: optionalField(aadhaarSchema),
  motherTongue: optionalText(50, M.text50),
  socialCategory: optionalField(z.enum(SOCIAL_CATEGORIES, { error: M.socialCategory })),
  religion: optionalText(50, M.text50),
  bloodGroup: optionalField(z.enum(BLOOD_GROUPS, { error: M.bloodGroup })),
  cwsn: optionalBool,
  rte: optionalBool,
  bpl: optionalBool,
  address: studentAddressSchema.optional(),
  admissionDate: optionalField(isoDateSchema),
};

export const createStudentSchema = z.object({
  admissionNumber: optionalField(admissionNumberSchema),
  firstName: requiredText(100, M.firstNameRequired, M.nameTooLong),
  dateOfBirth: dateOfBirthSchema,
  gender: z.enum(GENDERS, { error: M.gender }),
  sectionId: z.uuid({ error: M.sectionRequired }),
  guardians: z.array(guardianInputSchema).max(GUARDIANS_MAX, M.guardiansMax).default([]),
  ...detailShape,
});
export type CreateStudentInput = z.output<typeof createStudentSchema>;

/**
 * PATCH: any field of create; `null` clears an optional one (`aadhaar: null` removes the number).
 * Leaving is `{status:'left', leftOn, leavingReason}`; back to active clears both.
 */
export const updateStudentSchema = z
  .object({
    admissionNumber: admissionNumberSchema.optional(),
    firstName: requiredText(100, M.firstNameRequired, M.nameTooLong).optional(),
    dateOfBirth: dateOfBirthSchema.optional(),
    gender: z.enum(GENDERS, { error: M.gender }).optional(),
    sectionId: z.uuid({ error: M.sectionInvalid }).optional(),
    guardians: z.array(guardianInputSchema).max(GUARDIANS_MAX, M.guardiansMax).optional(),
    ...Object.fromEntries(Object.entries(detailShape).map(([k, s]) => [k, z.union([z.null(), s])])) as {
      [K in keyof typeof detailShape]: z.ZodUnion<[z.ZodNull, (typeof detailShape)[K]]>;
    },
    status: z.enum(STUDENT_STATUSES, { error: M.status }).optional(),
    leftOn: z.union([z.null(), isoDateSchema]).optional(),
    leavingReason: z.union([z.null(), z.string().trim().min(1, M.leavingReasonRequired).max(500, M.leavingReasonTooLong)]).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'left') {
      if (!v.leftOn) ctx.addIssue({ code: 'custom', message: M.leftOnRequired, path: ['leftOn'] });
      if (!v.leavingReason) ctx.addIssue({ code: 'custom', message: M.leavingReasonRequired, path: ['leavingReason'] });
    }
  });
export type UpdateStudentInput = z.output<typeof updateStudentSchema>;

/**
 * POST …/students/{studentId}/readmit: a student who left or passed out comes back. The same record:
 * the admission number, guardians and every year's history are kept; the child is enrolled in the
 * section (and its year) and is active again. A roll number is optional.
 */
export const readmitStudentSchema = z.object({
  sectionId: z.uuid({ error: M.sectionRequired }),
  rollNumber: z.number({ error: M.rollNumber }).int(M.rollNumber).min(1, M.rollNumber).max(9999, M.rollNumber).nullish(),
});
export type ReadmitStudentInput = z.output<typeof readmitStudentSchema>;

export const STUDENT_SORTS = ['name', 'admissionNumber', 'rollNumber', 'class', 'createdAt'] as const;
export type StudentSort = (typeof STUDENT_SORTS)[number];

export const listStudentsQuerySchema = z.object({
  search: optionalField(z.string().trim().max(100)),
  classId: optionalField(z.uuid({ error: 'Class must be a valid ID' })),
  sectionId: optionalField(z.uuid({ error: M.sectionInvalid })),
  status: optionalField(z.enum([...STUDENT_STATUSES, 'all'], { error: M.listStatus })),
  sort: optionalField(z.enum(STUDENT_SORTS, { error: M.sort })),
  order: optionalField(z.enum(['asc', 'desc'], { error: M.order })),
  ...pageQueryShape,
});
export type ListStudentsQuery = z.output<typeof listStudentsQuerySchema>;

// The calls' answers are schemas in answers.ts (the renderer imports only their types).

// ── admission numbering ───────────────────────────────────────────────────
export const admissionNumberingSchema = z.object({
  prefix: z.string({ error: M.prefix }).trim().regex(/^[A-Za-z0-9/-]{0,20}$/, M.prefix),
  nextNumber: z.number({ error: M.nextNumber }).int(M.nextNumber).min(1, M.nextNumber).max(99_999_999, M.nextNumber),
  digits: z.number({ error: M.digits }).int(M.digits).min(1, M.digits).max(8, M.digits),
});
export type AdmissionNumbering = z.output<typeof admissionNumberingSchema>;

/** The next generated admission number: the prefix, then the running number padded to `digits`. */
export function formatAdmissionNumber(n: Pick<AdmissionNumbering, 'prefix' | 'digits'>, value: number): string {
  return `${n.prefix}${String(value).padStart(n.digits, '0')}`;
}

// ── import ────────────────────────────────────────────────────────────────
/** The import file's header row, in this order (DECISIONS "Students: Import"). */
export const STUDENT_IMPORT_COLUMNS = [
  'admissionNumber',
  'firstName',
  'lastName',
  'dateOfBirth',
  'gender',
  'class',
  'section',
  'rollNumber',
  'guardianName',
  'guardianRelation',
  'guardianPhone',
  'guardianEmail',
  'aadhaar',
  'pen',
  'apaarId',
  'socialCategory',
  'rte',
] as const;
export type StudentImportColumn = (typeof STUDENT_IMPORT_COLUMNS)[number];
export const STUDENT_IMPORT_MAX_ROWS = 5000;

/** A student's photo: JPEG, PNG or WebP, at most 512 KB (multipart field `file`). */
export const STUDENT_PHOTO_MAX_BYTES = 512 * 1024;
export const STUDENT_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** `dryRun` stays the text 'true' or 'false' (a dry run unless it says false). */
export const importQuerySchema = z.object({
  dryRun: z.preprocess(blankToUndefined, z.enum(['true', 'false'], { error: M.dryRun }).default('true')),
});
export const templateQuerySchema = z.object({
  format: z.preprocess(blankToUndefined, z.enum(['csv', 'xlsx'], { error: M.format }).default('csv')),
});

/** A date in the import file: DD/MM/YYYY or YYYY-MM-DD → YYYY-MM-DD, or null. */
export function parseImportDate(input: string): string | null {
  const s = input.trim();
  let y: number, m: number, d: number;
  let match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (match) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else {
    match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s);
    if (!match) return null;
    [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  }
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

// ── admissions ────────────────────────────────────────────────────────────
export const APPLICATION_STATUSES = ['new', 'under_review', 'admitted', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** What the guardian consents to (recorded with the application: time, purpose, policy version). */
export const ADMISSION_CONSENT = {
  policyVersion: 'admissions-2026-01',
  purpose:
    'The school processes the child’s and guardian’s details to consider this application for admission and, if the child is admitted, to keep the child’s school records.',
} as const;

export const createApplicationSchema = z.object({
  firstName: requiredText(100, M.firstNameRequired, M.nameTooLong),
  lastName: optionalText(100, M.nameTooLong),
  dateOfBirth: dateOfBirthSchema,
  gender: z.enum(GENDERS, { error: M.gender }),
  classApplied: z.enum(CATALOGUE_CLASSES as unknown as [string, ...string[]], { error: M.classApplied }),
  guardian: z.object({
    name: requiredText(100, M.guardianNameRequired, M.nameTooLong),
    relation: z.enum(GUARDIAN_RELATIONS, { error: M.relation }),
    phone: indianMobileSchema,
    email: emailField(M.email, M.emailTooLong).max(EMAIL_MAX, M.emailTooLong),
  }),
  rte: optionalBool,
  consent: z.literal(true, { error: M.consent }),
});
export type CreateApplicationInput = z.output<typeof createApplicationSchema>;

export const listApplicationsQuerySchema = z.object({
  status: optionalField(z.enum([...APPLICATION_STATUSES, 'all'], { error: M.applicationStatus })),
  ...pageQueryShape,
});
export type ListApplicationsQuery = z.output<typeof listApplicationsQuerySchema>;

export const admitApplicationSchema = z.object({
  sectionId: z.uuid({ error: M.sectionRequired }),
  admissionNumber: optionalField(admissionNumberSchema),
  rollNumber: detailShape.rollNumber,
});
export type AdmitApplicationInput = z.output<typeof admitApplicationSchema>;

export const rejectApplicationSchema = z.object({ reason: requiredText(500, M.reasonRequired, M.reasonTooLong) });
export type RejectApplicationInput = z.output<typeof rejectApplicationSchema>;

export const reviewApplicationSchema = z.object({ status: z.literal('under_review', { error: 'Status must be under_review' }) });

// ── provider staff: a school's student limit ─────────────────────────────
export const updateSchoolLimitSchema = z.object({
  maxStudents: z.number({ error: M.maxStudents }).int(M.maxStudents).min(1, M.maxStudents).max(100_000, M.maxStudents),
});
export type UpdateSchoolLimitInput = z.output<typeof updateSchoolLimitSchema>;

export const UDISE_EXPORT_COLUMNS = [
  'Class',
  'Section',
  'Roll No.',
  'Student Name',
  'Gender',
  'Date of Birth',
  'Mother’s Name',
  'Father’s Name',
  'Guardian’s Name',
  'Aadhaar',
  'Name as per Aadhaar',
  'Address',
  'PIN Code',
  'Mobile',
  'E-mail',
  'Mother Tongue',
  'Social Category',
  'Minority',
  'BPL',
  'EWS/RTE',
  'CWSN',
  'PEN',
  'Admission No.',
  'Admission Date',
  'Missing Required Fields',
] as const;
