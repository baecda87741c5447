import { applyDecorators, Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import { NOTICE_ATTACHMENT_MAX_BYTES, type NoticeList, type NoticeRecipientList, type NoticeResult } from '@vidyalaya/shared/notices';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readUpload, type Upload } from '../../common/http/upload';
import { ApiData } from '../../common/openapi';
import { RequirePermission, SchoolScoped, Workspace } from '../../common/workspace/workspace.decorators';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import { CreateNoticeDto, ListNoticesQueryDto, NoticeParamDto, PageQueryDto } from './notices.dto';
import { NoticeListResponse, NoticeRecipientListResponse, NoticeResponse, RemovedResponse } from './notices.responses';
import { NoticesService } from './notices.service';

const ApiPdf = (description: string) =>
  applyDecorators(ApiProduces('application/pdf'), ApiResponse({ status: 200, description, content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } }));

/** The one file of a multipart request (field `file`): over the attachment's size 413, every time (common/http/upload.ts); 400 ATTACHMENT_INVALID otherwise. */
function uploadedPdf(req: FastifyRequest): Promise<Upload> {
  return readUpload(req, NOTICE_ATTACHMENT_MAX_BYTES, 'ATTACHMENT_INVALID');
}

@ApiTags('Workspace: notices')
@SchoolScoped()
@Controller('schools/:schoolId/notices')
export class NoticesController {
  constructor(private readonly notices: NoticesService) {}

  @Get()
  @RequirePermission('notices.read')
  @ApiOperation({ summary: 'The notice board: what the caller may see (drafts too for the office), newest first, with their unread count' })
  @ApiData(NoticeListResponse)
  list(@Workspace() ctx: WorkspaceContext, @Query() q: ListNoticesQueryDto): Promise<NoticeList> {
    return this.notices.list(ctx, q);
  }

  @Post()
  @RequirePermission('notices.manage')
  @ApiOperation({ summary: 'Write a notice to the school, classes, sections, staff or guardians (a draft unless publish: true)' })
  @ApiData(NoticeResponse, 201)
  create(@Workspace() ctx: WorkspaceContext, @Body() dto: CreateNoticeDto): Promise<NoticeResult> {
    return this.notices.create(ctx, dto);
  }

  @Get(':noticeId')
  @RequirePermission('notices.read')
  @ApiOperation({ summary: 'One notice the caller may see' })
  @ApiData(NoticeResponse)
  get(@Workspace() ctx: WorkspaceContext, @Param() p: NoticeParamDto): Promise<NoticeResult> {
    return this.notices.get(ctx, p.noticeId);
  }

  @Delete(':noticeId')
  @RequirePermission('notices.manage')
  @ApiOperation({ summary: 'Delete a draft (a published notice stays on record: 422 NOTICE_PUBLISHED)' })
  @ApiData(RemovedResponse)
  remove(@Workspace() ctx: WorkspaceContext, @Param() p: NoticeParamDto): Promise<{ removed: true }> {
    return this.notices.remove(ctx, p.noticeId);
  }

  @Put(':noticeId/attachment')
  @RequirePermission('notices.manage')
  @ApiOperation({ summary: 'Attach a PDF to a draft (multipart field `file`, at most 2 MB)' })
  @ApiData(NoticeResponse)
  async attach(@Workspace() ctx: WorkspaceContext, @Param() p: NoticeParamDto, @Req() req: FastifyRequest): Promise<NoticeResult> {
    const { bytes, filename } = await uploadedPdf(req);
    return this.notices.attach(ctx, p.noticeId, filename, bytes);
  }

  @Get(':noticeId/attachment')
  @RequirePermission('notices.read')
  @ApiOperation({ summary: 'The notice’s PDF (404 when none)' })
  @ApiPdf('The attachment')
  async attachment(@Workspace() ctx: WorkspaceContext, @Param() p: NoticeParamDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    const { name, bytes } = await this.notices.attachment(ctx, p.noticeId);
    reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `attachment; filename="${name.replace(/"/g, '')}"`)
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff');
    return bytes;
  }

  @Post(':noticeId/publish')
  @HttpCode(200)
  @RequirePermission('notices.manage')
  @ApiOperation({ summary: 'Publish a draft: fixes its recipients and queues the e-mails (once: 422 NOTICE_PUBLISHED)' })
  @ApiData(NoticeResponse)
  publish(@Workspace() ctx: WorkspaceContext, @Param() p: NoticeParamDto): Promise<NoticeResult> {
    return this.notices.publish(ctx, p.noticeId);
  }

  @Post(':noticeId/read')
  @HttpCode(200)
  @RequirePermission('notices.read')
  @ApiOperation({ summary: 'Mark the notice read (the read receipt; the first read is kept)' })
  @ApiData(NoticeResponse)
  read(@Workspace() ctx: WorkspaceContext, @Param() p: NoticeParamDto): Promise<NoticeResult> {
    return this.notices.markRead(ctx, p.noticeId);
  }

  @Get(':noticeId/recipients')
  @RequirePermission('notices.manage')
  @ApiOperation({ summary: 'Each recipient’s e-mail delivery and read receipt' })
  @ApiData(NoticeRecipientListResponse)
  recipients(@Workspace() ctx: WorkspaceContext, @Param() p: NoticeParamDto, @Query() q: PageQueryDto): Promise<NoticeRecipientList> {
    return this.notices.recipients(ctx, p.noticeId, q);
  }
}
