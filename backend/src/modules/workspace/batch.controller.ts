import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { BatchResult } from '@vidyalaya/shared/people';
import type { FastifyRequest } from 'fastify';
import { ApiData } from '../../common/openapi';
import { CallerScoped } from '../../common/route-decisions';
import { BatchService } from './batch.service';
import { BatchRequestDto } from './workspace.dto';
import { BatchResponse } from './workspace.responses';

/** Several GET answers in one request: each decided by its own route, with the caller's token. */
@ApiTags('Workspace')
@ApiBearerAuth()
@CallerScoped()
@Controller('batch')
export class BatchController {
  constructor(private readonly batch: BatchService) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Up to 8 GET answers of this API in one request, each with its own status (a page’s first answers)' })
  @ApiData(BatchResponse)
  answer(@Body() dto: BatchRequestDto, @Req() req: FastifyRequest): Promise<BatchResult> {
    return this.batch.answer(dto.paths, req);
  }
}
