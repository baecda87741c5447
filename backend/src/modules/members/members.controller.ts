import { Body, Controller, Delete, Get, HttpCode, Inject, Ip, Param, Patch, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AcceptInvitationResult, InvitationList, InvitationPreview, InvitationResult, MemberList, MemberResult } from '@vidyalaya/shared/people';
import { verifyAccessToken, type AuthUser } from '../../common/auth/access-tokens';
import { Public } from '../../common/auth/decorators';
import { Clock } from '../../common/clock';
import { DomainException } from '../../common/domain.exception';
import { RequirePermission, SchoolScoped, Workspace } from '../../common/workspace/workspace.decorators';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import {
  AcceptInvitationDto,
  ChangeRoleDto,
  CreateInvitationDto,
  InvitationParamDto,
  InvitationPreviewQueryDto,
  ListInvitationsQueryDto,
  ListMembersQueryDto,
  MemberParamDto,
} from './members.dto';
import { InvitationsService } from './invitations.service';
import { MembersService } from './members.service';
import { ApiData } from '../../common/openapi';
import { AcceptInvitationResponse, InvitationListResponse, InvitationPreviewResponse, InvitationResponse, MemberListResponse, MemberResponse, RemovedResponse, RevokedResponse } from './members.responses';

@ApiTags('Workspace: people')
@SchoolScoped()
@Controller('schools/:schoolId')
export class MembersController {
  constructor(
    private readonly members: MembersService,
    private readonly invitations: InvitationsService,
  ) {}

  @Get('members')
  @RequirePermission('members.read')
  @ApiOperation({ summary: 'The school’s members with their roles' })
  @ApiData(MemberListResponse)
  list(@Workspace() ctx: WorkspaceContext, @Query() q: ListMembersQueryDto): Promise<MemberList> {
    return this.members.list(ctx, q.page, q.pageSize);
  }

  @Patch('members/:userId')
  @RequirePermission('members.manage')
  @ApiOperation({ summary: 'Change a member’s role; the last admin cannot be demoted (422 LAST_ADMIN)' })
  @ApiData(MemberResponse)
  changeRole(@Workspace() ctx: WorkspaceContext, @Param() p: MemberParamDto, @Body() dto: ChangeRoleDto): Promise<MemberResult> {
    return this.members.changeRole(ctx, p.userId, dto.role);
  }

  @Delete('members/:userId')
  @RequirePermission('members.manage')
  @ApiOperation({ summary: 'Remove a member; the last admin cannot be removed (422 LAST_ADMIN)' })
  @ApiData(RemovedResponse)
  remove(@Workspace() ctx: WorkspaceContext, @Param() p: MemberParamDto): Promise<{ removed: true }> {
    return this.members.remove(ctx, p.userId);
  }

  @Post('invitations')
  @RequirePermission('members.manage')
  @ApiOperation({ summary: 'Invite someone by e-mail: a single-use link valid 7 days to {portal}/join?token=…' })
  @ApiData(InvitationResponse, 201)
  invite(@Workspace() ctx: WorkspaceContext, @Body() dto: CreateInvitationDto): Promise<InvitationResult> {
    return this.invitations.create(ctx, dto);
  }

  @Get('invitations')
  @RequirePermission('members.manage')
  @ApiOperation({ summary: 'The school’s invitations (status: pending, accepted, revoked, expired or all)' })
  @ApiData(InvitationListResponse)
  invitationsList(@Workspace() ctx: WorkspaceContext, @Query() q: ListInvitationsQueryDto): Promise<InvitationList> {
    return this.invitations.list(ctx, q.status ?? 'all', q.page, q.pageSize);
  }

  @Delete('invitations/:invitationId')
  @RequirePermission('members.manage')
  @ApiOperation({ summary: 'Revoke a pending invitation' })
  @ApiData(RevokedResponse)
  revoke(@Workspace() ctx: WorkspaceContext, @Param() p: InvitationParamDto): Promise<{ revoked: true }> {
    return this.invitations.revoke(ctx, p.invitationId);
  }
}

/** The join page's calls: public, rate-limited per address; accept also takes a signed-in caller. */
@ApiTags('Workspace: people')
@Public()
@Controller('invitations')
export class InvitationsController {
  constructor(
    private readonly invitations: InvitationsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  @Get('preview')
  @ApiOperation({ summary: 'What an invitation link offers (school, role, name, e-mail); 404 INVITATION_INVALID otherwise' })
  @ApiData(InvitationPreviewResponse)
  preview(@Query() q: InvitationPreviewQueryDto, @Ip() ip: string): Promise<InvitationPreview> {
    return this.invitations.preview(q.token, q.subdomain, ip);
  }

  @Post('accept')
  @HttpCode(200)
  @ApiOperation({ summary: 'Accept: {token, username, password} makes a verified account; {token} alone adds the signed-in caller' })
  @ApiData(AcceptInvitationResponse)
  accept(@Body() dto: AcceptInvitationDto, @Ip() ip: string, @Req() req: { headers: Record<string, string | undefined> }): Promise<AcceptInvitationResult> {
    const caller = dto.username === undefined ? this.optionalCaller(req.headers.authorization) : null;
    return this.invitations.accept(dto, caller, ip);
  }

  /** The bearer token's user when one is sent (this route is public, so the global guard did not read it). */
  private optionalCaller(header: string | undefined): AuthUser | null {
    if (!header) return null;
    const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(header);
    if (!match) throw new DomainException('UNAUTHENTICATED');
    const result = verifyAccessToken(match[1], this.config.jwtSecret, this.clock.now());
    if (!result.ok) throw new DomainException(result.reason === 'expired' ? 'TOKEN_EXPIRED' : 'UNAUTHENTICATED');
    return result.user;
  }
}
