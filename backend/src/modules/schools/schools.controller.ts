import { Body, Controller, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MESSAGES, uuidParamSchema } from '@vidyalaya/shared';
import { type SchoolResult, type SubdomainAvailability } from '@vidyalaya/shared/schools';
import type { AuthUser } from '../../common/auth/access-tokens';
import { CurrentUser, Roles } from '../../common/auth/decorators';
import { CallerScoped } from '../../common/route-decisions';
import { withMessage, type WithMessage } from '../../common/success-envelope';
import { OwnedSchool, TenantSchool } from '../../common/tenancy/school-owner.guard';
import type { SchoolEntity } from './school.entity';
import { CreateSchoolDto, SubdomainAvailabilityQueryDto, UpdatePlanDto, UuidParamDto } from './schools.dto';
import { SchoolsService } from './schools.service';
import { ApiData } from '../../common/openapi';
import { SchoolResultResponse, SubdomainAvailabilityResponse } from './schools.responses';

@ApiTags('Schools')
@ApiBearerAuth()
@Roles('admin')
@Controller('school')
export class SchoolsController {
  constructor(private readonly schools: SchoolsService) {}

  @Post('create')
  @ApiData(SchoolResultResponse, 201)
  @CallerScoped()
  @ApiOperation({ summary: 'Create the signed-in administrator’s school (pending approval); a retry answers the same school' })
  async create(@CurrentUser() user: AuthUser, @Body() dto: CreateSchoolDto): Promise<WithMessage<SchoolResult>> {
    return withMessage(await this.schools.create(user, dto), MESSAGES.toast.schoolCreated.title);
  }

  @Get('subdomain-availability')
  @ApiData(SubdomainAvailabilityResponse)
  @CallerScoped()
  @ApiOperation({ summary: 'Whether a subdomain can be used, with the reason when not' })
  availability(@CurrentUser() user: AuthUser, @Query() query: SubdomainAvailabilityQueryDto): Promise<SubdomainAvailability> {
    return this.schools.availability(user, query.subdomain, query.city);
  }

  @Patch(':id')
  @ApiData(SchoolResultResponse)
  @ApiOperation({ summary: 'Edit the school (full create payload); a rejected school becomes pending again' })
  @OwnedSchool('params', 'id', uuidParamSchema)
  update(@TenantSchool() school: SchoolEntity, @Param() _params: UuidParamDto, @Body() dto: CreateSchoolDto): Promise<SchoolResult> {
    return this.schools.update(school, dto);
  }

  @Patch(':id/plan')
  @ApiData(SchoolResultResponse)
  @ApiOperation({ summary: 'Choose a plan: only free_trial now, the others answer 422 PLAN_COMING_SOON' })
  @OwnedSchool('params', 'id', uuidParamSchema)
  updatePlan(@TenantSchool() school: SchoolEntity, @Param() _params: UuidParamDto, @Body() dto: UpdatePlanDto): Promise<SchoolResult> {
    return this.schools.updatePlan(school, dto.planType);
  }
}
