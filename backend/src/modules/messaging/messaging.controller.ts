import { Body, Controller, Get, HttpCode, Param, Patch, Post, Put, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type {
  MessageList,
  MessageLanguage,
  MessagePreferencesResult,
  MessagePreviewResult,
  MessageTemplateList,
  MessageTemplateResult,
  MessagingSettingsResult,
  MessagingTestResult,
} from '@vidyalaya/shared/messaging';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../../common/auth/access-tokens';
import { CurrentUser, Public } from '../../common/auth/decorators';
import { ApiData } from '../../common/openapi';
import { CallerScoped } from '../../common/route-decisions';
import { RequirePermission, SchoolScoped, Workspace } from '../../common/workspace/workspace.decorators';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import {
  CallbackParamDto,
  CreateMessageTemplateDto,
  ListMessagesQueryDto,
  MessagePreferencesDto,
  MessagePreviewDto,
  MessagingTestDto,
  PutMessagingSettingsDto,
} from './messaging.dto';
import {
  CallbackResponse,
  MessageListResponse,
  MessagePreferencesResponse,
  MessagePreviewResponse,
  MessageTemplateListResponse,
  MessageTemplateResponse,
  MessagingSettingsResponse,
  MessagingTestResponse,
} from './messaging.responses';
import { MessagingService } from './messaging.service';

@ApiTags('Workspace: messages to families')
@SchoolScoped()
@Controller('schools/:schoolId')
export class MessagingController {
  constructor(private readonly messaging: MessagingService) {}

  @Get('messaging')
  @RequirePermission('messaging.manage')
  @ApiOperation({ summary: 'The school’s SMS/WhatsApp provider, sender, DLT entity, cap and quiet hours (the key only as apiKeySet)' })
  @ApiData(MessagingSettingsResponse)
  settings(): Promise<MessagingSettingsResult> {
    return this.messaging.getSettings();
  }

  @Put('messaging')
  @RequirePermission('messaging.manage')
  @ApiOperation({ summary: 'Set the provider and its key (write-only, kept when absent, stored encrypted)' })
  @ApiData(MessagingSettingsResponse)
  putSettings(@Workspace() ctx: WorkspaceContext, @Body() dto: PutMessagingSettingsDto): Promise<MessagingSettingsResult> {
    return this.messaging.putSettings(ctx, dto);
  }

  @Post('messaging/test')
  @RequirePermission('messaging.manage')
  @ApiOperation({ summary: 'Send the school’s test template to one phone (queued; sent by a background job)' })
  @ApiData(MessagingTestResponse, 201)
  test(@Workspace() ctx: WorkspaceContext, @Body() dto: MessagingTestDto): Promise<MessagingTestResult> {
    return this.messaging.test(ctx, dto as MessagingTestDto & { phone: string });
  }

  @Post('messaging/preview')
  @HttpCode(200)
  @RequirePermission('messaging.manage')
  @ApiOperation({ summary: 'A template filled with real values, its characters and SMS parts (GSM-7 or Unicode)' })
  @ApiData(MessagePreviewResponse)
  preview(@Workspace() ctx: WorkspaceContext, @Body() dto: MessagePreviewDto): Promise<MessagePreviewResult> {
    return this.messaging.preview(ctx, { body: dto.body, variables: dto.variables ?? [], studentId: dto.studentId });
  }

  @Get('message-templates')
  @RequirePermission('messaging.manage')
  @ApiOperation({ summary: 'The school’s registered templates' })
  @ApiData(MessageTemplateListResponse)
  templates(): Promise<MessageTemplateList> {
    return this.messaging.listTemplates();
  }

  @Post('message-templates')
  @RequirePermission('messaging.manage')
  @ApiOperation({ summary: 'Register a template for an event, channel and language (replaces the one registered before)' })
  @ApiData(MessageTemplateResponse, 201)
  createTemplate(@Workspace() ctx: WorkspaceContext, @Body() dto: CreateMessageTemplateDto): Promise<MessageTemplateResult> {
    return this.messaging.createTemplate(ctx, { ...dto, language: (dto.language ?? 'en') as MessageLanguage, variables: dto.variables ?? [] });
  }

  @Get('messages')
  @RequirePermission('messaging.manage')
  @ApiOperation({ summary: 'The message log, newest first, with the month’s cost' })
  @ApiData(MessageListResponse)
  list(@Query() q: ListMessagesQueryDto): Promise<MessageList> {
    return this.messaging.list(q);
  }
}

/** A guardian's own message preferences (one account across schools). */
@ApiTags('Workspace: messages to families')
@ApiBearerAuth()
@CallerScoped()
@Controller('me')
export class MyMessagePreferencesController {
  constructor(private readonly messaging: MessagingService) {}

  @Get('message-preferences')
  @ApiOperation({ summary: 'The caller’s message preferences (every channel on by default)' })
  @ApiData(MessagePreferencesResponse)
  get(@CurrentUser() user: AuthUser): Promise<MessagePreferencesResult> {
    return this.messaging.myPreferences(user.id);
  }

  @Patch('message-preferences')
  @ApiOperation({ summary: 'Turn SMS, WhatsApp or e-mail off or on, or choose the language (guardians)' })
  @ApiData(MessagePreferencesResponse)
  set(@CurrentUser() user: AuthUser, @Body() dto: MessagePreferencesDto): Promise<MessagePreferencesResult> {
    return this.messaging.setMyPreferences(user.id, dto);
  }
}

/** Delivery reports from the providers (no sign-in: Twilio's and WhatsApp's are signed). */
@ApiTags('Webhooks')
@Public()
@Controller('webhooks/messaging')
export class MessagingWebhooksController {
  constructor(private readonly messaging: MessagingService) {}

  @Post(':provider/:schoolId')
  @HttpCode(200)
  @ApiOperation({ summary: 'A provider’s delivery report for one school’s messages' })
  @ApiData(CallbackResponse)
  callback(@Param() p: CallbackParamDto, @Req() req: FastifyRequest & { rawBody?: Buffer }, @Body() body: unknown): Promise<{ updated: number }> {
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
    return this.messaging.callback(p.provider, p.schoolId, body, req.rawBody?.toString('utf8') ?? '', headers);
  }
}
