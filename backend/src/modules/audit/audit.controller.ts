import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { auditLogQuerySchema, type AuditLogPage } from '@vidyalaya/shared/audit';
import { createZodDto } from 'nestjs-zod';
import { RequirePermission, SchoolScoped, Workspace } from '../../common/workspace/workspace.decorators';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import { AuditService } from './audit.service';
import { ApiData } from '../../common/openapi';
import { AuditLogResponse } from './audit.responses';

class AuditLogQueryDto extends createZodDto(auditLogQuerySchema) {}

@ApiTags('Workspace: audit')
@SchoolScoped()
@Controller('schools/:schoolId/audit-log')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @RequirePermission('audit.read')
  @ApiOperation({ summary: 'Every workspace write: who, what, when, before and after (newest first)' })
  @ApiData(AuditLogResponse)
  page(@Workspace() ctx: WorkspaceContext, @Query() q: AuditLogQueryDto): Promise<AuditLogPage> {
    return this.audit.page(ctx, q.entity, q.page, q.pageSize);
  }
}
