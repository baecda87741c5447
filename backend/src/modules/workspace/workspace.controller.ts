import { Body, Controller, Get, Patch } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { MySchoolsResult, PreferencesResult, WorkspaceHome } from '@vidyalaya/shared/people';
import type { AuthUser } from '../../common/auth/access-tokens';
import { CurrentUser } from '../../common/auth/decorators';
import { CallerScoped } from '../../common/route-decisions';
import { RequirePermission, SchoolScoped, Workspace } from '../../common/workspace/workspace.decorators';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import { UpdatePreferencesDto } from './workspace.dto';
import { WorkspaceService } from './workspace.service';
import { ApiData } from '../../common/openapi';
import { MySchoolsResponse, PreferencesResponse, WorkspaceHomeResponse } from './workspace.responses';

/** The signed-in user's own workspace data (any school). */
@ApiTags('Workspace')
@ApiBearerAuth()
@CallerScoped()
@Controller('me')
export class MeController {
  constructor(private readonly workspace: WorkspaceService) {}

  @Get('schools')
  @ApiOperation({ summary: 'The schools the signed-in user belongs to, with their role in each' })
  @ApiData(MySchoolsResponse)
  schools(@CurrentUser() user: AuthUser): Promise<MySchoolsResult> {
    return this.workspace.mySchools(user.id);
  }

  @Get('preferences')
  @ApiOperation({ summary: 'The signed-in user’s preferences (workspace language)' })
  @ApiData(PreferencesResponse)
  preferences(@CurrentUser() user: AuthUser): Promise<PreferencesResult> {
    return this.workspace.preferences(user.id);
  }

  @Patch('preferences')
  @ApiOperation({ summary: 'Change the workspace language (en or hi), remembered per user' })
  @ApiData(PreferencesResponse)
  setPreferences(@CurrentUser() user: AuthUser, @Body() dto: UpdatePreferencesDto): Promise<PreferencesResult> {
    return this.workspace.setPreferences(user.id, dto.language);
  }
}

/** A school's workspace home: the school, the caller's role and permissions, the current year, counts. */
@ApiTags('Workspace')
@SchoolScoped()
@Controller('schools/:schoolId')
export class WorkspaceHomeController {
  constructor(private readonly workspace: WorkspaceService) {}

  @Get('home')
  @RequirePermission('school.read')
  @ApiOperation({ summary: 'The workspace home: school status, role, permissions, current academic year, counts' })
  @ApiData(WorkspaceHomeResponse)
  home(@Workspace() ctx: WorkspaceContext): Promise<WorkspaceHome> {
    return this.workspace.home(ctx);
  }
}
