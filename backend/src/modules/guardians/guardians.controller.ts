import { CallerScoped } from '../../common/route-decisions';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type {
  ConsentEvent,
  ConsentEventList,
  DataRequestList,
  DataRequestResult,
  GuardianAccountList,
  GuardianInvitationsResult,
  MyChildrenResult,
  PublishedResultsResult,
  StudentDataRights,
} from '@vidyalaya/shared/guardians';
import type { AuthUser } from '../../common/auth/access-tokens';
import { CurrentUser } from '../../common/auth/decorators';
import { ApiData } from '../../common/openapi';
import { RequirePermission, SchoolScoped, Workspace } from '../../common/workspace/workspace.decorators';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import { ConsentsService } from './consents.service';
import {
  ClassParamDto,
  CreateDataRequestDto,
  ListConsentEventsQueryDto,
  ListDataRequestsQueryDto,
  PublishedResultsQueryDto,
  RecordConsentDto,
  RequestParamDto,
  ResolveDataRequestDto,
  SectionParamDto,
  StudentAccountParamDto,
  StudentGuardianInvitationDto,
  StudentParamDto,
} from './guardians.dto';
import {
  ConsentEventListResponse,
  ConsentResponse,
  DataRequestListResponse,
  DataRequestResponse,
  DataRightsResponse,
  GuardianAccountsResponse,
  GuardianInvitationsResponse,
  MyChildrenResponse,
  PublishedResultsResponse,
  RemovedResponse,
} from './guardians.responses';
import { GuardiansService } from './guardians.service';

@ApiTags('Workspace: guardians')
@SchoolScoped()
@Controller('schools/:schoolId')
export class GuardiansController {
  constructor(
    private readonly guardians: GuardiansService,
    private readonly consents: ConsentsService,
  ) {}

  @Post('students/:studentId/guardian-invitations')
  @RequirePermission('guardians.invite')
  @ApiOperation({ summary: 'Invite the student’s guardians (each e-mail on the record, or the one named); an existing guardian account is linked at once' })
  @ApiData(GuardianInvitationsResponse, 201)
  inviteFromStudent(@Workspace() ctx: WorkspaceContext, @Param() p: StudentParamDto, @Body() dto: StudentGuardianInvitationDto): Promise<GuardianInvitationsResult> {
    return this.guardians.inviteFromStudent(ctx, p.studentId, dto);
  }

  @Post('sections/:sectionId/guardian-invitations')
  @RequirePermission('guardians.invite')
  @ApiOperation({ summary: 'Invite the guardians of every active student of a section (siblings share one invitation)' })
  @ApiData(GuardianInvitationsResponse, 201)
  inviteSection(@Workspace() ctx: WorkspaceContext, @Param() p: SectionParamDto): Promise<GuardianInvitationsResult> {
    return this.guardians.inviteSection(ctx, p.sectionId);
  }

  @Post('classes/:classId/guardian-invitations')
  @RequirePermission('guardians.invite')
  @ApiOperation({ summary: 'Invite the guardians of every active student of a class' })
  @ApiData(GuardianInvitationsResponse, 201)
  inviteClass(@Workspace() ctx: WorkspaceContext, @Param() p: ClassParamDto): Promise<GuardianInvitationsResult> {
    return this.guardians.inviteClass(ctx, p.classId);
  }

  @Get('students/:studentId/guardian-accounts')
  @RequirePermission('guardians.invite')
  @ApiOperation({ summary: 'The guardian accounts linked to the student' })
  @ApiData(GuardianAccountsResponse)
  accounts(@Workspace() ctx: WorkspaceContext, @Param() p: StudentParamDto): Promise<GuardianAccountList> {
    return this.guardians.accounts(ctx, p.studentId);
  }

  @Delete('students/:studentId/guardian-accounts/:userId')
  @RequirePermission('guardians.invite')
  @ApiOperation({ summary: 'Unlink a guardian account from the student' })
  @ApiData(RemovedResponse)
  unlink(@Workspace() ctx: WorkspaceContext, @Param() p: StudentAccountParamDto): Promise<{ removed: true }> {
    return this.guardians.unlink(ctx, p.studentId, p.userId);
  }

  @Get('students/:studentId/published-results')
  @RequirePermission('results.read')
  @ApiOperation({ summary: 'A student’s published exams of a year on screen (?academicYear=): per exam the subjects, marks, grades and result, as frozen at publication; a guardian only their own children' })
  @ApiData(PublishedResultsResponse)
  publishedResults(@Workspace() ctx: WorkspaceContext, @Param() p: StudentParamDto, @Query() q: PublishedResultsQueryDto): Promise<PublishedResultsResult> {
    return this.guardians.publishedResults(ctx, p.studentId, q.academicYear);
  }

  @Get('students/:studentId/data-rights')
  @RequirePermission('consents.read')
  @ApiOperation({ summary: 'What the school holds about the child, the consents given and withdrawn, and the data requests (DPDP Act 2023)' })
  @ApiData(DataRightsResponse)
  dataRights(@Workspace() ctx: WorkspaceContext, @Param() p: StudentParamDto): Promise<StudentDataRights> {
    return this.consents.dataRights(ctx, p.studentId);
  }

  @Post('students/:studentId/consents')
  @RequirePermission('consents.record')
  @ApiOperation({ summary: 'Record a consent given or withdrawn (admission, photo, APAAR), with time and who' })
  @ApiData(ConsentResponse, 201)
  recordConsent(@Workspace() ctx: WorkspaceContext, @Param() p: StudentParamDto, @Body() dto: RecordConsentDto): Promise<{ consent: ConsentEvent }> {
    return this.consents.record(ctx, p.studentId, dto);
  }

  @Get('consents')
  @RequirePermission('consents.read')
  @ApiOperation({ summary: 'The consent log, newest first (status=withdrawn for the withdrawals)' })
  @ApiData(ConsentEventListResponse)
  consentEvents(@Workspace() ctx: WorkspaceContext, @Query() q: ListConsentEventsQueryDto): Promise<ConsentEventList> {
    return this.consents.events(ctx, q);
  }

  @Post('students/:studentId/data-requests')
  @RequirePermission('dataRequests.create')
  @ApiOperation({ summary: 'Ask the school to correct (or erase) the child’s data' })
  @ApiData(DataRequestResponse, 201)
  createRequest(@Workspace() ctx: WorkspaceContext, @Param() p: StudentParamDto, @Body() dto: CreateDataRequestDto): Promise<DataRequestResult> {
    return this.consents.createRequest(ctx, p.studentId, dto);
  }

  @Get('data-requests')
  @RequirePermission('consents.read')
  @ApiOperation({ summary: 'Data requests (open by default for the office; a guardian sees their children’s)' })
  @ApiData(DataRequestListResponse)
  requests(@Workspace() ctx: WorkspaceContext, @Query() q: ListDataRequestsQueryDto): Promise<DataRequestList> {
    return this.consents.requests(ctx, q);
  }

  @Post('data-requests/:requestId/resolve')
  @HttpCode(200)
  @RequirePermission('consents.manage')
  @ApiOperation({ summary: 'Answer a data request: resolved or declined, with a note (once)' })
  @ApiData(DataRequestResponse)
  resolve(@Workspace() ctx: WorkspaceContext, @Param() p: RequestParamDto, @Body() dto: ResolveDataRequestDto): Promise<DataRequestResult> {
    return this.consents.resolve(ctx, p.requestId, dto);
  }
}

/** A signed-in guardian's children across every school (one account for all of them). */
@ApiTags('Workspace: guardians')
@ApiBearerAuth()
@CallerScoped()
@Controller('me')
export class MyChildrenController {
  constructor(private readonly guardians: GuardiansService) {}

  @Get('children')
  @ApiOperation({ summary: 'The caller’s children in every school where they are a guardian' })
  @ApiData(MyChildrenResponse)
  children(@CurrentUser() user: AuthUser): Promise<MyChildrenResult> {
    return this.guardians.myChildren(user.id);
  }
}
