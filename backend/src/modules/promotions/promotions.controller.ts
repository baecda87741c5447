import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { schoolAndIdParamSchema } from '@vidyalaya/shared';
import {
  allocatePromotionSchema,
  applyPromotionSchema,
  createPromotionSchema,
  patchPromotionLinesSchema,
  promotionLinesQuerySchema,
  promotionPreviewQuerySchema,
  type PromotionAnswer,
  type PromotionClassList,
  type PromotionLineList,
  type PromotionPreviewAnswer,
  type PromotionTargetList,
} from '@vidyalaya/shared/promotions';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { ApiData } from '../../common/openapi';
import { RequirePermission, SchoolScoped, Workspace } from '../../common/workspace/workspace.decorators';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import {
  PromotionClassesResponse,
  PromotionJobResponse,
  PromotionLinesResponse,
  PromotionListResponse,
  PromotionPreviewResponse,
  PromotionResponse,
  PromotionTargetsResponse,
} from './promotions.responses';
import { PromotionsService } from './promotions.service';

class CreatePromotionDto extends createZodDto(createPromotionSchema) {}
class PatchLinesDto extends createZodDto(patchPromotionLinesSchema) {}
class ApplyDto extends createZodDto(applyPromotionSchema) {}
class AllocateDto extends createZodDto(allocatePromotionSchema) {}
class LinesQueryDto extends createZodDto(promotionLinesQuerySchema) {}
class PreviewQueryDto extends createZodDto(promotionPreviewQuerySchema) {}
class PromotionParamDto extends createZodDto(schoolAndIdParamSchema('promotionId')) {}
class TargetsQueryDto extends createZodDto(z.object({ classId: z.uuid({ error: 'Choose a class' }) })) {}

@ApiTags('Workspace: year end')
@SchoolScoped()
@Controller('schools/:schoolId/promotions')
export class PromotionsController {
  constructor(private readonly promotions: PromotionsService) {}

  @Get()
  @RequirePermission('promotions.manage')
  @ApiOperation({ summary: 'The school’s promotions, newest closing year first' })
  @ApiData(PromotionListResponse)
  list() {
    return this.promotions.list();
  }

  @Post()
  @RequirePermission('promotions.manage')
  @ApiOperation({ summary: 'Draft the promotion of {fromYear, toYear}: a line per active student; 409 PROMOTION_EXISTS for a second draft of the pair' })
  @ApiData(PromotionResponse, 201)
  create(@Workspace() ctx: WorkspaceContext, @Body() dto: CreatePromotionDto): Promise<PromotionAnswer> {
    return this.promotions.create(ctx, dto);
  }

  @Get(':promotionId')
  @RequirePermission('promotions.manage')
  @ApiOperation({ summary: 'A promotion with its counts, status and (once applied) its result' })
  @ApiData(PromotionResponse)
  get(@Workspace() ctx: WorkspaceContext, @Param() p: PromotionParamDto): Promise<PromotionAnswer> {
    return this.promotions.get(ctx, p.promotionId);
  }

  @Get(':promotionId/lines')
  @RequirePermission('promotions.manage')
  @ApiOperation({ summary: 'The lines (?classId=&decision=&sort=name|result|attendance|roll&order=&page=&pageSize=)' })
  @ApiData(PromotionLinesResponse)
  lines(@Workspace() ctx: WorkspaceContext, @Param() p: PromotionParamDto, @Query() q: LinesQueryDto): Promise<PromotionLineList> {
    return this.promotions.lines(ctx, p.promotionId, q);
  }

  @Patch(':promotionId/lines')
  @RequirePermission('promotions.manage')
  @ApiOperation({ summary: 'Change lines {lines:[{studentId, decision, targetSectionId?, reason?}]}; detain and left need a reason' })
  @ApiData(PromotionResponse)
  patchLines(@Workspace() ctx: WorkspaceContext, @Param() p: PromotionParamDto, @Body() dto: PatchLinesDto): Promise<PromotionAnswer> {
    return this.promotions.patchLines(ctx, p.promotionId, dto);
  }

  @Post(':promotionId/allocate')
  @HttpCode(200)
  @RequirePermission('promotions.manage')
  @ApiOperation({ summary: 'Spread a closing class’s promoted children over the next class’s sections {classId, mode: keep|alphabetical|balanced}; counts the children already going there' })
  @ApiData(PromotionResponse)
  allocate(@Workspace() ctx: WorkspaceContext, @Param() p: PromotionParamDto, @Body() dto: AllocateDto): Promise<PromotionAnswer> {
    return this.promotions.allocate(ctx, p.promotionId, dto);
  }

  @Get(':promotionId/classes')
  @RequirePermission('promotions.manage')
  @ApiOperation({ summary: 'The closing year’s classes with their counts and totals per target section' })
  @ApiData(PromotionClassesResponse)
  classes(@Workspace() ctx: WorkspaceContext, @Param() p: PromotionParamDto): Promise<PromotionClassList> {
    return this.promotions.classes(ctx, p.promotionId);
  }

  @Get(':promotionId/targets')
  @RequirePermission('promotions.manage')
  @ApiOperation({ summary: 'The sections a class’s lines may go to (?classId=): the next class’s and its own' })
  @ApiData(PromotionTargetsResponse)
  targets(@Workspace() ctx: WorkspaceContext, @Param() p: PromotionParamDto, @Query() q: TargetsQueryDto): Promise<PromotionTargetList> {
    return this.promotions.targets(ctx, p.promotionId, q.classId);
  }

  @Get(':promotionId/preview')
  @RequirePermission('promotions.manage')
  @ApiOperation({ summary: 'What apply will create (?feeIncreasePercent=): the year, classes, sections, subjects, structures, enrolments, arrears' })
  @ApiData(PromotionPreviewResponse)
  preview(@Workspace() ctx: WorkspaceContext, @Param() p: PromotionParamDto, @Query() q: PreviewQueryDto): Promise<PromotionPreviewAnswer> {
    return this.promotions.preview(ctx, p.promotionId, q.feeIncreasePercent);
  }

  @Post(':promotionId/apply')
  @HttpCode(202)
  @RequirePermission('promotions.manage')
  @ApiOperation({ summary: 'Apply {feeIncreasePercent?: 0–50, renumberRolls?: true, copyTimetable?: false} as a job; poll GET …/jobs/{jobId}; the new year becomes current; 409 PROMOTION_APPLIED' })
  @ApiData(PromotionJobResponse, 202)
  apply(@Workspace() ctx: WorkspaceContext, @Param() p: PromotionParamDto, @Body() dto: ApplyDto): Promise<{ jobId: string }> {
    return this.promotions.apply(ctx, p.promotionId, dto);
  }

  @Post(':promotionId/revert')
  @HttpCode(200)
  @RequirePermission('promotions.manage')
  @ApiOperation({ summary: 'Undo an applied promotion while the new year has no attendance, marks or receipts; else 409 PROMOTION_LOCKED' })
  @ApiData(PromotionResponse)
  revert(@Workspace() ctx: WorkspaceContext, @Param() p: PromotionParamDto): Promise<PromotionAnswer> {
    return this.promotions.revert(ctx, p.promotionId);
  }
}
