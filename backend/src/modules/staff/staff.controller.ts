import { Body, Controller, Get, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ClassTeacherResult, StaffList, StaffResult, TeachingAssignmentList } from '@vidyalaya/shared/staff';
import { ApiData } from '../../common/openapi';
import { RequirePermission, SchoolScoped, Workspace } from '../../common/workspace/workspace.decorators';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import {
  ClassTeacherDto,
  CreateStaffDto,
  ListStaffQueryDto,
  PutTeachingAssignmentsDto,
  SectionParamDto,
  StaffParamDto,
  TeachingAssignmentsQueryDto,
  UpdateStaffDto,
} from './staff.dto';
import { ClassTeacherResponse, StaffListResponse, StaffResponse, TeachingAssignmentListResponse } from './staff.responses';
import { StaffService } from './staff.service';

@ApiTags('Workspace: staff')
@SchoolScoped()
@Controller('schools/:schoolId')
export class StaffController {
  constructor(private readonly staff: StaffService) {}

  @Get('staff')
  @RequirePermission('staff.read')
  @ApiOperation({ summary: 'The school’s staff (active unless status says otherwise), searchable by name or employee code' })
  @ApiData(StaffListResponse)
  list(@Workspace() ctx: WorkspaceContext, @Query() q: ListStaffQueryDto): Promise<StaffList> {
    return this.staff.list(ctx, q);
  }

  @Post('staff')
  @RequirePermission('staff.manage')
  @ApiOperation({ summary: 'Add a staff member; the employee code is unique in the school (409 EMPLOYEE_CODE_TAKEN)' })
  @ApiData(StaffResponse, 201)
  create(@Workspace() ctx: WorkspaceContext, @Body() dto: CreateStaffDto): Promise<StaffResult> {
    return this.staff.create(ctx, dto);
  }

  @Get('staff/:staffId')
  @RequirePermission('staff.read')
  @ApiOperation({ summary: 'One staff member' })
  @ApiData(StaffResponse)
  get(@Workspace() ctx: WorkspaceContext, @Param() p: StaffParamDto): Promise<StaffResult> {
    return this.staff.get(ctx, p.staffId);
  }

  @Patch('staff/:staffId')
  @RequirePermission('staff.manage')
  @ApiOperation({ summary: 'Change a staff record (status left when they leave; userId links a member account)' })
  @ApiData(StaffResponse)
  update(@Workspace() ctx: WorkspaceContext, @Param() p: StaffParamDto, @Body() dto: UpdateStaffDto): Promise<StaffResult> {
    return this.staff.update(ctx, p.staffId, dto);
  }

  @Put('sections/:sectionId/class-teacher')
  @RequirePermission('staff.manage')
  @ApiOperation({ summary: 'Set (or with null, clear) a section’s class teacher' })
  @ApiData(ClassTeacherResponse)
  classTeacher(@Workspace() ctx: WorkspaceContext, @Param() p: SectionParamDto, @Body() dto: ClassTeacherDto): Promise<ClassTeacherResult> {
    return this.staff.setClassTeacher(ctx, p.sectionId, dto.staffId);
  }

  @Get('teaching-assignments')
  @RequirePermission('staff.read')
  @ApiOperation({ summary: 'Who teaches which subject in which section, for an academic year (the current one by default)' })
  @ApiData(TeachingAssignmentListResponse)
  assignments(@Workspace() ctx: WorkspaceContext, @Query() q: TeachingAssignmentsQueryDto): Promise<TeachingAssignmentList> {
    return this.staff.assignments(ctx, q);
  }

  @Put('teaching-assignments')
  @RequirePermission('staff.manage')
  @ApiOperation({ summary: 'Set or clear (staffId null) the teacher of each section × subject named; the others stay' })
  @ApiData(TeachingAssignmentListResponse)
  putAssignments(@Workspace() ctx: WorkspaceContext, @Body() dto: PutTeachingAssignmentsDto): Promise<TeachingAssignmentList> {
    return this.staff.putAssignments(ctx, dto);
  }
}
