import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { SchoolResult, SchoolSummary } from '@vidyalaya/shared/schools';
import type { AuthUser } from '../../common/auth/access-tokens';
import { CurrentUser } from '../../common/auth/decorators';
import { CallerScoped } from '../../common/route-decisions';
import type { RawJson } from '../../common/success-envelope';
import { SchoolsService } from './schools.service';
import { ApiData } from '../../common/openapi';
import { SchoolResultResponse, SchoolSummaryResponse } from './schools.responses';

/** The two /auth calls of spec §7 that read the signed-in user's school (the rest of /auth is the accounts module's). */
@ApiTags('Schools')
@ApiBearerAuth()
@Controller('auth')
export class MySchoolController {
  constructor(private readonly schools: SchoolsService) {}

  @Get('my-school')
  @ApiData(SchoolResultResponse)
  @CallerScoped()
  @ApiOperation({ summary: 'The signed-in user’s school; 404 SCHOOL_NOT_FOUND when there is none' })
  mySchool(@CurrentUser() user: AuthUser): Promise<SchoolResult> {
    return this.schools.mySchool(user);
  }

  @Get('my-school-detailed')
  @ApiData(SchoolSummaryResponse)
  @CallerScoped()
  @ApiOperation({ summary: 'School summary: school, classes with sections and subjects, totals, setup progress' })
  summary(@CurrentUser() user: AuthUser): Promise<RawJson<SchoolSummary>> {
    return this.schools.storedSummary(user);
  }
}
