import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { schoolAndIdParamSchema } from '@vidyalaya/shared';
import { type JobStatus } from '@vidyalaya/shared/jobs';
import { createZodDto } from 'nestjs-zod';
import { AccessService } from '../../common/workspace/access.service';
import { RequirePermission, SchoolScoped, Workspace } from '../../common/workspace/workspace.decorators';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import { JobsService } from './jobs.service';
import { ApiData } from '../../common/openapi';
import { JobStatusResponse } from './jobs.responses';

class JobParamDto extends createZodDto(schoolAndIdParamSchema('jobId')) {}

@ApiTags('Workspace: jobs')
@SchoolScoped()
@Controller('schools/:schoolId/jobs')
export class JobsController {
  constructor(
    private readonly jobs: JobsService,
    private readonly access: AccessService,
  ) {}

  @Get(':jobId')
  @RequirePermission('jobs.read')
  @ApiOperation({ summary: 'A background job’s state and progress (poll it); resultUrl when it has a result' })
  @ApiData(JobStatusResponse)
  async status(@Workspace() ctx: WorkspaceContext, @Param() p: JobParamDto): Promise<JobStatus> {
    await this.access.require(ctx, 'job', [p.jobId]);
    return this.jobs.status(ctx, p.jobId);
  }
}
