import {
  acceptInvitationResultSchema,
  invitationListSchema,
  invitationPreviewSchema,
  invitationResultSchema,
  memberListSchema,
  memberResultSchema,
} from '@vidyalaya/shared/people';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { successEnvelope } from '../../common/openapi';

/** The answers of the members and invitations calls, for the OpenAPI document (common/openapi.ts): the shared schemas in the envelope. */
export class MemberListResponse extends createZodDto(successEnvelope(memberListSchema)) {}
export class MemberResponse extends createZodDto(successEnvelope(memberResultSchema)) {}
export class RemovedResponse extends createZodDto(successEnvelope(z.object({ removed: z.literal(true) }))) {}
export class RevokedResponse extends createZodDto(successEnvelope(z.object({ revoked: z.literal(true) }))) {}
export class InvitationResponse extends createZodDto(successEnvelope(invitationResultSchema)) {}
export class InvitationListResponse extends createZodDto(successEnvelope(invitationListSchema)) {}
export class InvitationPreviewResponse extends createZodDto(successEnvelope(invitationPreviewSchema)) {}
export class AcceptInvitationResponse extends createZodDto(successEnvelope(acceptInvitationResultSchema)) {}
