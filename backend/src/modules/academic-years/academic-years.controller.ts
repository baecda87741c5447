import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { schoolAndIdParamSchema } from '@vidyalaya/shared';
import { createAcademicYearSchema, type AcademicYearList, type AcademicYearResult } from '@vidyalaya/shared/academic-years';
import { createZodDto } from 'nestjs-zod';
import { RequirePermission, SchoolScoped, Workspace } from '../../common/workspace/workspace.decorators';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import { AcademicYearsService } from './academic-years.service';
import { ApiData } from '../../common/openapi';
import { AcademicYearListResponse, AcademicYearResponse } from './academic-years.responses';

class CreateAcademicYearDto extends createZodDto(createAcademicYearSchema) {}
class YearParamDto extends createZodDto(schoolAndIdParamSchema('yearId')) {}

@ApiTags('Workspace: academic years')
@SchoolScoped()
@Controller('schools/:schoolId/academic-years')
export class AcademicYearsController {
  constructor(private readonly years: AcademicYearsService) {}

  @Get()
  @RequirePermission('academicYears.read')
  @ApiOperation({ summary: 'The school’s academic years, newest first; one is current' })
  @ApiData(AcademicYearListResponse)
  list(): Promise<AcademicYearList> {
    return this.years.list();
  }

  @Post()
  @RequirePermission('academicYears.manage')
  @ApiOperation({ summary: 'Add a year {name, startsOn?, endsOn?} (April–March by default; the name must match the dates)' })
  @ApiData(AcademicYearResponse, 201)
  create(@Workspace() ctx: WorkspaceContext, @Body() dto: CreateAcademicYearDto): Promise<AcademicYearResult> {
    return this.years.create(ctx, dto);
  }

  @Post(':yearId/make-current')
  @HttpCode(200)
  @RequirePermission('academicYears.manage')
  @ApiOperation({ summary: 'Make this year the current one' })
  @ApiData(AcademicYearResponse)
  makeCurrent(@Workspace() ctx: WorkspaceContext, @Param() p: YearParamDto): Promise<AcademicYearResult> {
    return this.years.makeCurrent(ctx, p.yearId);
  }
}
