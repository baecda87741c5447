import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AdminSchoolDetail, AdminSchoolListResult, SchoolDecisionResult } from '@vidyalaya/shared/admin';
import type { AuthUser } from '../../common/auth/access-tokens';
import { CurrentUser, Roles } from '../../common/auth/decorators';
import { ListSchoolsQueryDto, RejectSchoolDto, SchoolIdDto } from './approvals.dto';
import { ApprovalsService } from './approvals.service';
import { ApiData } from '../../common/openapi';
import { SchoolDecisionResponse, StaffSchoolDetailResponse, StaffSchoolListResponse } from './approvals.responses';

/** Provider staff only: everyone else gets 403 FORBIDDEN, whatever the id. */
@ApiTags('Staff: school approval')
@ApiBearerAuth()
@Roles('staff')
@Controller('admin/schools')
export class ApprovalsController {
  constructor(private readonly approvals: ApprovalsService) {}

  @Get()
  @ApiData(StaffSchoolListResponse)
  @ApiOperation({ summary: 'Schools by status (default pending), searched and paged' })
  list(@Query() query: ListSchoolsQueryDto): Promise<AdminSchoolListResult> {
    return this.approvals.list(query);
  }

  @Get(':id')
  @ApiData(StaffSchoolDetailResponse)
  @ApiOperation({ summary: 'One school with its administrator and decision history' })
  detail(@Param() params: SchoolIdDto): Promise<AdminSchoolDetail> {
    return this.approvals.detail(params.id);
  }

  @Post(':id/approve')
  @ApiData(SchoolDecisionResponse)
  @HttpCode(200)
  @ApiOperation({ summary: 'Approve: the school becomes active and its 30-day trial starts' })
  approve(@CurrentUser() staff: AuthUser, @Param() params: SchoolIdDto): Promise<SchoolDecisionResult> {
    return this.approvals.approve(staff, params.id);
  }

  @Post(':id/reject')
  @ApiData(SchoolDecisionResponse)
  @HttpCode(200)
  @ApiOperation({ summary: 'Reject with a reason; the administrator can edit and re-submit' })
  reject(@CurrentUser() staff: AuthUser, @Param() params: SchoolIdDto, @Body() dto: RejectSchoolDto): Promise<SchoolDecisionResult> {
    return this.approvals.reject(staff, params.id, dto.reason);
  }
}
