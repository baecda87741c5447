import { schoolAndIdParamSchema } from '@vidyalaya/shared';
import {
  acceptInvitationSchema,
  changeRoleSchema,
  createInvitationSchema,
  invitationPreviewQuerySchema,
  listInvitationsQuerySchema,
  listMembersQuerySchema,
} from '@vidyalaya/shared/people';
import { createZodDto } from 'nestjs-zod';

export class ListMembersQueryDto extends createZodDto(listMembersQuerySchema) {}
export class ChangeRoleDto extends createZodDto(changeRoleSchema) {}
export class MemberParamDto extends createZodDto(schoolAndIdParamSchema('userId')) {}
export class CreateInvitationDto extends createZodDto(createInvitationSchema) {}
export class ListInvitationsQueryDto extends createZodDto(listInvitationsQuerySchema) {}
export class InvitationParamDto extends createZodDto(schoolAndIdParamSchema('invitationId')) {}
export class InvitationPreviewQueryDto extends createZodDto(invitationPreviewQuerySchema) {}
export class AcceptInvitationDto extends createZodDto(acceptInvitationSchema) {}
