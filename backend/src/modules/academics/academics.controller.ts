import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { schoolIdParamSchema } from '@vidyalaya/shared';
import {
  createClassesSchema,
  createClassSubjectsSchema,
  createSectionsSchema,
  schoolSubjectsQuerySchema,
  type ClassesSectionsResult,
  type GlobalSubjectsResult,
  type SchoolSubjectsResult,
  type SetupChangeResult,
} from '@vidyalaya/shared/academics';
import { Roles } from '../../common/auth/decorators';
import { CallerScoped } from '../../common/route-decisions';
import { OwnedSchool, TenantSchool } from '../../common/tenancy/school-owner.guard';
import type { SchoolEntity } from '../schools';
import {
  ClassesSectionsQueryDto,
  CreateClassesDto,
  CreateClassSubjectsDto,
  CreateSectionsDto,
  SchoolIdParamDto,
  SchoolSubjectsQueryDto,
} from './academics.dto';
import { AcademicsService } from './academics.service';
import { ApiData } from '../../common/openapi';
import { ClassesSectionsResponse, GlobalSubjectsResponse, SchoolSubjectsResponse, SetupChangeResponse } from './academics.responses';

@ApiTags('School setup')
@ApiBearerAuth()
@Roles('admin')
@Controller('school')
export class AcademicsController {
  constructor(private readonly academics: AcademicsService) {}

  @Post('classes')
  @ApiData(SetupChangeResponse, 201)
  @ApiOperation({ summary: 'Add catalogue classes for an academic year (existing ones are left as they are)' })
  @OwnedSchool('body', 'schoolId', createClassesSchema)
  addClasses(@TenantSchool() school: SchoolEntity, @Body() dto: CreateClassesDto): Promise<SetupChangeResult> {
    return this.academics.addClasses(school, dto);
  }

  @Post('sections')
  @ApiData(SetupChangeResponse, 201)
  @ApiOperation({ summary: 'Add sections to existing classes (existing ones are left as they are)' })
  @OwnedSchool('body', 'schoolId', createSectionsSchema)
  addSections(@TenantSchool() school: SchoolEntity, @Body() dto: CreateSectionsDto): Promise<SetupChangeResult> {
    return this.academics.addSections(school, dto);
  }

  @Get('classes-sections/:schoolId')
  @ApiData(ClassesSectionsResponse)
  @ApiOperation({ summary: "The school's classes with sections and subjects (one academic year, or all)" })
  @OwnedSchool('params', 'schoolId', schoolIdParamSchema)
  classesSections(@TenantSchool() school: SchoolEntity, @Param() _params: SchoolIdParamDto, @Query() query: ClassesSectionsQueryDto): Promise<ClassesSectionsResult> {
    return this.academics.classesSections(school, query.academicYear);
  }

  @Get('subjects/global')
  @ApiData(GlobalSubjectsResponse)
  @CallerScoped()
  @ApiOperation({ summary: 'Every subject a school can choose, in catalogue order' })
  globalSubjects(): Promise<GlobalSubjectsResult> {
    return this.academics.globalSubjects();
  }

  @Get('subjects')
  @ApiData(SchoolSubjectsResponse)
  @ApiOperation({ summary: "The subjects the school's classes use (one academic year, or all)" })
  @OwnedSchool('query', 'schoolId', schoolSubjectsQuerySchema)
  schoolSubjects(@TenantSchool() school: SchoolEntity, @Query() query: SchoolSubjectsQueryDto): Promise<SchoolSubjectsResult> {
    return this.academics.schoolSubjects(school, query.academicYear);
  }

  @Post('subjects')
  @ApiData(SetupChangeResponse, 201)
  @ApiOperation({ summary: 'Attach global subjects to existing classes (existing ones are left as they are)' })
  @OwnedSchool('body', 'schoolId', createClassSubjectsSchema)
  addClassSubjects(@TenantSchool() school: SchoolEntity, @Body() dto: CreateClassSubjectsDto): Promise<SetupChangeResult> {
    return this.academics.addClassSubjects(school, dto);
  }
}
