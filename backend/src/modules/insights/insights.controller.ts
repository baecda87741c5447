import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  attendanceInsightsQuerySchema,
  feesInsightsQuerySchema,
  resultsInsightsQuerySchema,
  type AttendanceInsights,
  type FeesInsights,
  type ResultsInsights,
  type StrengthInsights,
} from '@vidyalaya/shared/insights';
import { createZodDto } from 'nestjs-zod';
import { ApiData } from '../../common/openapi';
import { RequirePermission, SchoolScoped, Workspace } from '../../common/workspace/workspace.decorators';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import { AttendanceInsightsResponse, FeesInsightsResponse, ResultsInsightsResponse, StrengthInsightsResponse } from './insights.responses';
import { InsightsService } from './insights.service';

class AttendanceInsightsQueryDto extends createZodDto(attendanceInsightsQuerySchema) {}
class FeesInsightsQueryDto extends createZodDto(feesInsightsQuerySchema) {}
class ResultsInsightsQueryDto extends createZodDto(resultsInsightsQuerySchema) {}

/** The principal's insights (DECISIONS "Insights"): admin all four, office attendance and strength, accountant fees. */
@ApiTags('Workspace: insights')
@SchoolScoped()
@Controller('schools/:schoolId/insights')
export class InsightsController {
  constructor(private readonly insights: InsightsService) {}

  @Get('attendance')
  @RequirePermission('insights.attendance')
  @ApiOperation({ summary: 'Attendance % per marked day and per class, and students under 75 % (?from=&to=, default the last 30 school days; &classId=)' })
  @ApiData(AttendanceInsightsResponse)
  attendance(@Workspace() ctx: WorkspaceContext, @Query() q: AttendanceInsightsQueryDto): Promise<AttendanceInsights> {
    return this.insights.attendance(ctx, q);
  }

  @Get('fees')
  @RequirePermission('insights.fees')
  @ApiOperation({ summary: 'Dues after concessions and collections per month of ?academicYear= (default current), by mode, and the ageing of what is unpaid' })
  @ApiData(FeesInsightsResponse)
  fees(@Query() q: FeesInsightsQueryDto): Promise<FeesInsights> {
    return this.insights.fees(q);
  }

  @Get('results')
  @RequirePermission('insights.results')
  @ApiOperation({ summary: 'An exam’s (default: the last published) grade distribution and mean % per subject, and the mean % per section' })
  @ApiData(ResultsInsightsResponse)
  results(@Workspace() ctx: WorkspaceContext, @Query() q: ResultsInsightsQueryDto): Promise<ResultsInsights> {
    return this.insights.results(ctx, q);
  }

  @Get('strength')
  @RequirePermission('insights.strength')
  @ApiOperation({ summary: 'Active students of the current year per class in school order: boys, girls, other, RTE, CWSN' })
  @ApiData(StrengthInsightsResponse)
  strength(): Promise<StrengthInsights> {
    return this.insights.strength();
  }
}
