import { z } from 'zod';
import { EMAIL_MAX } from '../constants';
import { emailField, optionalField, requiredText } from '../schemas/common';
import { newPasswordSchema, newUsernameSchema } from '../auth/schemas';
import { pageQueryShape, pageSchema } from '../workspace/common';
import { LANGUAGES } from '../workspace/languages';
import { WORKSPACE_MESSAGES as M } from '../workspace/messages';
import { PERMISSIONS, SCHOOL_ROLES } from '../workspace/roles';

/** DECISIONS "People and roles" and docs/workspace-contract.md. */
export const schoolRoleSchema = z.enum(SCHOOL_ROLES, { error: M.roleInvalid });

// ── me ────────────────────────────────────────────────────────────────────
// The answers of /me/* and the home: one schema each, the types inferred from them (the back end wraps them in the envelope).
const approvalStatusSchema = z.enum(['pending', 'approved', 'rejected']);
export const mySchoolSchema = z.object({ id: z.uuid(), name: z.string(), subdomain: z.string(), role: z.enum(SCHOOL_ROLES), approvalStatus: approvalStatusSchema, isActive: z.boolean() });
export type MySchool = z.output<typeof mySchoolSchema>;
export const mySchoolsResultSchema = z.object({ schools: z.array(mySchoolSchema) });
export type MySchoolsResult = z.output<typeof mySchoolsResultSchema>;

export const updatePreferencesSchema = z.object({ language: z.enum(LANGUAGES, { error: M.languageInvalid }) });
export type UpdatePreferencesInput = z.infer<typeof updatePreferencesSchema>;
export const preferencesResultSchema = z.object({ preferences: z.object({ language: z.enum(LANGUAGES) }) });
export type PreferencesResult = z.output<typeof preferencesResultSchema>;
export type Preferences = PreferencesResult['preferences'];

// ── batch ─────────────────────────────────────────────────────────────────
/**
 * POST /batch: several of the API's GET answers in one request (the workspace's document asks for a
 * page's first answers this way, issue 37). An address is the API's own path with its query, as a
 * GET would send it: `/api/v1/` then plain segments (no `.` or `..`, no encoded separators).
 */
export const BATCH_MAX_PATHS = 8;
export const BATCH_PATH_MAX = 512;
export const BATCH_MESSAGES = {
  pathsRequired: 'List 1 to 8 addresses to answer',
  pathInvalid: 'Each address must be a GET address of this API, such as /api/v1/auth/me',
} as const;
const BATCH_PATH = /^\/api\/v1(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+(?:\?[A-Za-z0-9._~%&=+,:-]*)?$/;
export const batchRequestSchema = z.object({
  paths: z
    .array(z.string({ error: BATCH_MESSAGES.pathInvalid }).max(BATCH_PATH_MAX, { error: BATCH_MESSAGES.pathInvalid }).regex(BATCH_PATH, { error: BATCH_MESSAGES.pathInvalid }), { error: BATCH_MESSAGES.pathsRequired })
    .min(1, { error: BATCH_MESSAGES.pathsRequired })
    .max(BATCH_MAX_PATHS, { error: BATCH_MESSAGES.pathsRequired }),
});
export type BatchRequest = z.infer<typeof batchRequestSchema>;
/** Each address's own answer, in the order asked: its status and its JSON body (the envelope), or null when it answered no JSON. */
export const batchResultSchema = z.object({ answers: z.array(z.object({ path: z.string(), status: z.int(), body: z.unknown() })) });
export type BatchResult = z.output<typeof batchResultSchema>;

// ── home ──────────────────────────────────────────────────────────────────
export const academicYearRefSchema = z.object({ id: z.uuid(), name: z.string(), startsOn: z.iso.date(), endsOn: z.iso.date() });
export type AcademicYearRef = z.output<typeof academicYearRefSchema>;
export const workspaceHomeSchema = z.object({
  school: z.object({
    id: z.uuid(),
    name: z.string(),
    subdomain: z.string(),
    approvalStatus: approvalStatusSchema,
    isActive: z.boolean(),
    planType: z.string(),
    trialEndsAt: z.string().nullable(),
    maxStudents: z.int(),
  }),
  role: z.enum(SCHOOL_ROLES),
  permissions: z.array(z.enum(PERMISSIONS)),
  academicYear: academicYearRefSchema.nullable(),
  counts: z.object({ students: z.int(), members: z.int(), classes: z.int(), sections: z.int() }),
});
export type WorkspaceHome = z.output<typeof workspaceHomeSchema>;

// ── members ───────────────────────────────────────────────────────────────
export const listMembersQuerySchema = z.object(pageQueryShape);
export type ListMembersQuery = z.output<typeof listMembersQuerySchema>;

export const memberSchema = z.object({ userId: z.uuid(), username: z.string(), name: z.string().nullable(), email: z.string(), role: z.enum(SCHOOL_ROLES), joinedAt: z.string() });
export type Member = z.output<typeof memberSchema>;
export const memberListSchema = pageSchema(memberSchema);
export type MemberList = z.output<typeof memberListSchema>;

export const changeRoleSchema = z.object({ role: schoolRoleSchema });
export type ChangeRoleInput = z.infer<typeof changeRoleSchema>;
export const memberResultSchema = z.object({ member: memberSchema });
export type MemberResult = z.output<typeof memberResultSchema>;

// ── invitations ───────────────────────────────────────────────────────────
export const INVITATION_TTL_DAYS = 7;
export const INVITATION_STUDENTS_MAX = 20;
export const INVITATION_STATUSES = ['pending', 'accepted', 'revoked', 'expired'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const createInvitationSchema = z
  .object({
    email: emailField(M.emailInvalid, M.emailTooLong).max(EMAIL_MAX, M.emailTooLong),
    role: schoolRoleSchema,
    name: requiredText(100, M.nameRequired, M.nameTooLong),
    studentIds: z.array(z.uuid({ error: M.studentIdsInvalid })).max(INVITATION_STUDENTS_MAX, M.tooManyStudents).optional(),
  })
  .refine((v) => v.role === 'guardian' || !v.studentIds || v.studentIds.length === 0, {
    message: M.studentIdsOnlyForGuardians,
    path: ['studentIds'],
  });
export type CreateInvitationInput = z.infer<typeof createInvitationSchema>;

export const listInvitationsQuerySchema = z.object({
  status: optionalField(z.enum([...INVITATION_STATUSES, 'all'], { error: M.invitationStatusInvalid })),
  ...pageQueryShape,
});
export type ListInvitationsQuery = z.output<typeof listInvitationsQuerySchema>;

export const invitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(SCHOOL_ROLES),
  name: z.string(),
  expiresAt: z.string(),
  status: z.enum(INVITATION_STATUSES),
  createdAt: z.string(),
  studentIds: z.array(z.uuid()),
});
export type Invitation = z.output<typeof invitationSchema>;
export const invitationListSchema = pageSchema(invitationSchema);
export type InvitationList = z.output<typeof invitationListSchema>;
export const invitationResultSchema = z.object({ invitation: invitationSchema });
export type InvitationResult = z.output<typeof invitationResultSchema>;

/** An invitation token: 32 hex digits (the school) then 43 base64url characters (256 random bits). */
export const invitationTokenSchema = z
  .string({ error: M.tokenInvalid })
  .trim()
  .regex(/^[0-9a-f]{32}[A-Za-z0-9_-]{43}$/, M.tokenInvalid);

export const invitationPreviewQuerySchema = z.object({
  token: invitationTokenSchema,
  /** The portal's subdomain, when the page is opened on a school's host: another school's token is refused. */
  subdomain: optionalField(z.string().trim().toLowerCase().max(50)),
});
export type InvitationPreviewQuery = z.infer<typeof invitationPreviewQuerySchema>;

export const invitationPreviewSchema = z.object({
  invitation: z.object({ schoolName: z.string(), subdomain: z.string(), role: z.enum(SCHOOL_ROLES), name: z.string(), email: z.string(), expiresAt: z.string() }),
});
export type InvitationPreview = z.output<typeof invitationPreviewSchema>;

/** `{token, username, password}` makes a new (verified) account; `{token}` alone needs a signed-in user. */
export const acceptInvitationSchema = z
  .object({
    token: invitationTokenSchema,
    subdomain: optionalField(z.string().trim().toLowerCase().max(50)),
    username: newUsernameSchema.optional(),
    password: newPasswordSchema.optional(),
  })
  .refine((v) => (v.username === undefined) === (v.password === undefined), {
    message: 'Choose a username and a password',
    path: ['password'],
  });
export type AcceptInvitationInput = z.infer<typeof acceptInvitationSchema>;

export const acceptInvitationResultSchema = z.object({
  membership: z.object({ schoolId: z.uuid(), role: z.enum(SCHOOL_ROLES) }),
  user: z.object({ id: z.uuid(), username: z.string() }),
});
export type AcceptInvitationResult = z.output<typeof acceptInvitationResultSchema>;
