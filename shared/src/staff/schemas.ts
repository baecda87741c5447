import { z } from 'zod';
import { EMAIL_MAX } from '../constants';
import { emailField, optionalField, requiredText, uniqueEntries } from '../schemas/common';
import { phoneNumberSchema } from '../schools/schemas';
import { isoDateSchema, pageQueryShape, pageSchema } from '../workspace/common';

/** Staff records, class teachers and teaching assignments (DECISIONS "Staff, timetable, calendar"). */
export const STAFF_MESSAGES = {
  codeRequired: 'Employee code is required',
  codeFormat: 'Employee code: 1 to 30 letters, digits, /, -, _ or .',
  nameRequired: 'Name is required',
  nameTooLong: 'Name must not exceed 100 characters',
  designationTooLong: 'Designation must not exceed 60 characters',
  qualificationTooLong: 'Qualification must not exceed 200 characters',
  subjectIdsInvalid: 'Each subject must be a valid ID',
  tooManySubjects: 'At most 20 subjects',
  emailInvalid: 'Please enter a valid email address',
  emailTooLong: 'Email must not exceed 255 characters',
  idInvalid: 'Must be a valid ID',
  statusInvalid: 'Status must be active or left',
  nothingToChange: 'Send at least one field to change',
  tooManyAssignments: 'At most 1000 assignments at once',
  duplicateAssignment: 'This section and subject are named twice',
  yearFormat: 'Academic year must look like 2026-27',
} as const;
const M = STAFF_MESSAGES;

export const STAFF_STATUSES = ['active', 'left'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

const codeField = z
  .string({ error: M.codeRequired })
  .trim()
  .min(1, M.codeRequired)
  .regex(/^[A-Za-z0-9/_.-]{1,30}$/, M.codeFormat);
const nameField = requiredText(100, M.nameRequired, M.nameTooLong);
const subjectIdsField = z
  .array(z.uuid({ error: M.subjectIdsInvalid }), { error: M.subjectIdsInvalid })
  .max(20, M.tooManySubjects)
  .overwrite((v) => [...new Set(v.map((id) => id.toLowerCase()))]);
const emailOf = emailField(M.emailInvalid, M.emailTooLong).max(EMAIL_MAX, M.emailTooLong);

export const createStaffSchema = z.object({
  employeeCode: codeField,
  name: nameField,
  designation: optionalField(z.string().trim().max(60, M.designationTooLong)),
  subjectIds: subjectIdsField.optional(),
  qualification: optionalField(z.string().trim().max(200, M.qualificationTooLong)),
  joiningDate: optionalField(isoDateSchema),
  phone: optionalField(phoneNumberSchema),
  email: optionalField(emailOf),
  /** The member account this person signs in with (a member of the school). */
  userId: optionalField(z.uuid({ error: M.idInvalid })),
});
export type CreateStaffInput = z.output<typeof createStaffSchema>;

/** PATCH: any field; `null` clears an optional one. */
export const updateStaffSchema = z
  .object({
    employeeCode: codeField.optional(),
    name: nameField.optional(),
    designation: z.string().trim().max(60, M.designationTooLong).nullable().optional(),
    subjectIds: subjectIdsField.optional(),
    qualification: z.string().trim().max(200, M.qualificationTooLong).nullable().optional(),
    joiningDate: isoDateSchema.nullable().optional(),
    phone: phoneNumberSchema.nullable().optional(),
    email: emailOf.nullable().optional(),
    userId: z.uuid({ error: M.idInvalid }).nullable().optional(),
    status: z.enum(STAFF_STATUSES, { error: M.statusInvalid }).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: M.nothingToChange, path: ['name'] });
export type UpdateStaffInput = z.output<typeof updateStaffSchema>;

export const listStaffQuerySchema = z.object({
  search: optionalField(z.string().trim().max(100)),
  status: optionalField(z.enum([...STAFF_STATUSES, 'all'], { error: M.statusInvalid })),
  ...pageQueryShape,
});
export type ListStaffQuery = z.output<typeof listStaffQuerySchema>;

// The answers are schemas, their types inferred from them (the back end wraps them in the envelope).
export const staffMemberSchema = z.object({
  id: z.uuid(),
  employeeCode: z.string(),
  name: z.string(),
  designation: z.string().nullable(),
  subjectIds: z.array(z.uuid()),
  qualification: z.string().nullable(),
  joiningDate: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  userId: z.uuid().nullable(),
  status: z.enum(STAFF_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StaffMember = z.output<typeof staffMemberSchema>;
export const staffListSchema = pageSchema(staffMemberSchema);
export type StaffList = z.output<typeof staffListSchema>;
export const staffResultSchema = z.object({ staff: staffMemberSchema });
export type StaffResult = z.output<typeof staffResultSchema>;

// ── class teacher ─────────────────────────────────────────────────────────
/** PUT …/sections/{sectionId}/class-teacher; `null` removes the class teacher. */
export const classTeacherSchema = z.object({ staffId: z.uuid({ error: M.idInvalid }).nullable() });
export type ClassTeacherInput = z.infer<typeof classTeacherSchema>;
export const classTeacherResultSchema = z.object({ classTeacher: z.object({ sectionId: z.uuid(), staffId: z.uuid().nullable(), name: z.string().nullable() }) });
export type ClassTeacherResult = z.output<typeof classTeacherResultSchema>;

// ── teaching assignments ──────────────────────────────────────────────────
export const teachingAssignmentsQuerySchema = z.object({
  /** The academic year by name ('2026-27'); the current year when absent. */
  academicYear: optionalField(z.string().trim().regex(/^\d{4}-\d{2}$/, M.yearFormat)),
  sectionId: optionalField(z.uuid({ error: M.idInvalid })),
  staffId: optionalField(z.uuid({ error: M.idInvalid })),
});
export type TeachingAssignmentsQuery = z.output<typeof teachingAssignmentsQuerySchema>;

/** PUT: sets (or, with `staffId: null`, clears) the teacher of each section × subject named; others stay. */
export const putTeachingAssignmentsSchema = z.object({
  assignments: z
    .array(
      z.object({
        sectionId: z.uuid({ error: M.idInvalid }),
        subjectId: z.uuid({ error: M.idInvalid }),
        staffId: z.uuid({ error: M.idInvalid }).nullable(),
      }),
    )
    .max(1000, M.tooManyAssignments)
    .superRefine(uniqueEntries(M.duplicateAssignment, (a) => `${a.sectionId.toLowerCase()}:${a.subjectId.toLowerCase()}`)),
});
export type PutTeachingAssignmentsInput = z.output<typeof putTeachingAssignmentsSchema>;

export const teachingAssignmentSchema = z.object({
  sectionId: z.uuid(),
  sectionName: z.string(),
  classId: z.uuid(),
  className: z.string(),
  academicYear: z.string(),
  subjectId: z.uuid(),
  subjectName: z.string(),
  staffId: z.uuid(),
  staffName: z.string(),
});
export type TeachingAssignment = z.output<typeof teachingAssignmentSchema>;
export const teachingAssignmentListSchema = z.object({
  academicYear: z.string().nullable(),
  items: z.array(teachingAssignmentSchema),
  /** Each section's class teacher, when set. */
  classTeachers: z.array(z.object({ sectionId: z.uuid(), staffId: z.uuid(), name: z.string() })),
});
export type TeachingAssignmentList = z.output<typeof teachingAssignmentListSchema>;
