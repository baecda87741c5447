import {
  INVITATION_STATUSES,
  SCHOOL_ROLES,
  type AcceptInvitationResult,
  type InvitationList,
  type InvitationPreview,
  type InvitationResult,
  type MemberList,
  type MemberResult,
} from '@vidyalaya/shared';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { successEnvelope } from '../../common/openapi';
import { pageSchema } from '../../common/workspace/page.schema';

/** The answers of the members and invitations calls, for the OpenAPI document (common/openapi.ts). */
const role = z.enum(SCHOOL_ROLES);
const memberSchema = z.object({
  userId: z.uuid(),
  username: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  role,
  joinedAt: z.string(),
});
const invitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role,
  name: z.string(),
  expiresAt: z.string(),
  status: z.enum(INVITATION_STATUSES),
  createdAt: z.string(),
  studentIds: z.array(z.uuid()),
});

export class MemberListResponse extends createZodDto(successEnvelope(pageSchema(memberSchema) satisfies z.ZodType<MemberList>)) {}
export class MemberResponse extends createZodDto(successEnvelope(z.object({ member: memberSchema }) satisfies z.ZodType<MemberResult>)) {}
export class RemovedResponse extends createZodDto(successEnvelope(z.object({ removed: z.literal(true) }))) {}
export class RevokedResponse extends createZodDto(successEnvelope(z.object({ revoked: z.literal(true) }))) {}
export class InvitationResponse extends createZodDto(
  successEnvelope(z.object({ invitation: invitationSchema }) satisfies z.ZodType<InvitationResult>),
) {}
export class InvitationListResponse extends createZodDto(successEnvelope(pageSchema(invitationSchema) satisfies z.ZodType<InvitationList>)) {}
export class InvitationPreviewResponse extends createZodDto(
  successEnvelope(
    z.object({
      invitation: z.object({ schoolName: z.string(), subdomain: z.string(), role, name: z.string(), email: z.string(), expiresAt: z.string() }),
    }) satisfies z.ZodType<InvitationPreview>,
  ),
) {}
export class AcceptInvitationResponse extends createZodDto(
  successEnvelope(
    z.object({
      membership: z.object({ schoolId: z.uuid(), role }),
      user: z.object({ id: z.uuid(), username: z.string() }),
    }) satisfies z.ZodType<AcceptInvitationResult>,
  ),
) {}
