import { Body, Controller, Delete, Get, Header, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type {
  CalendarEventList,
  CalendarEventResult,
  CalendarExamPaperList,
  CalendarFeedRotated,
  CalendarFeedStatus,
  CalendarSettingsResult,
  WorkingDaysResult,
} from '@vidyalaya/shared/calendar';
import { Public } from '../../common/auth/decorators';
import { ApiData } from '../../common/openapi';
import { RequirePermission, SchoolScoped, Workspace } from '../../common/workspace/workspace.decorators';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import {
  CalendarEventParamDto,
  CalendarExamPapersQueryDto,
  CalendarFeedQueryDto,
  CalendarSettingsDto,
  CreateCalendarEventDto,
  ListCalendarEventsQueryDto,
  UpdateCalendarEventDto,
  WorkingDaysQueryDto,
} from './calendar.dto';
import {
  CalendarEventDeletedResponse,
  CalendarEventListResponse,
  CalendarEventResponse,
  CalendarExamPapersResponse,
  CalendarFeedRotatedResponse,
  CalendarFeedStatusResponse,
  CalendarSettingsResponse,
  WorkingDaysResponse,
} from './calendar.responses';
import { CalendarService } from './calendar.service';

@ApiTags('Workspace: calendar')
@SchoolScoped()
@Controller('schools/:schoolId')
export class CalendarController {
  constructor(private readonly calendar: CalendarService) {}

  @Get('calendar-events')
  @RequirePermission('calendar.read')
  @ApiOperation({ summary: 'Calendar events overlapping from..to, of a kind, for a class (school-wide events included)' })
  @ApiData(CalendarEventListResponse)
  list(@Workspace() ctx: WorkspaceContext, @Query() q: ListCalendarEventsQueryDto): Promise<CalendarEventList> {
    return this.calendar.list(ctx, q);
  }

  @Post('calendar-events')
  @RequirePermission('calendar.manage')
  @ApiOperation({ summary: 'Add a term, holiday, vacation, exam or event, for the whole school or some classes' })
  @ApiData(CalendarEventResponse, 201)
  create(@Workspace() ctx: WorkspaceContext, @Body() dto: CreateCalendarEventDto): Promise<CalendarEventResult> {
    return this.calendar.create(ctx, dto);
  }

  @Get('calendar-events/:eventId')
  @RequirePermission('calendar.read')
  @ApiOperation({ summary: 'One calendar event' })
  @ApiData(CalendarEventResponse)
  get(@Workspace() ctx: WorkspaceContext, @Param() p: CalendarEventParamDto): Promise<CalendarEventResult> {
    return this.calendar.get(ctx, p.eventId);
  }

  @Patch('calendar-events/:eventId')
  @RequirePermission('calendar.manage')
  @ApiOperation({ summary: 'Change a calendar event' })
  @ApiData(CalendarEventResponse)
  update(@Workspace() ctx: WorkspaceContext, @Param() p: CalendarEventParamDto, @Body() dto: UpdateCalendarEventDto): Promise<CalendarEventResult> {
    return this.calendar.update(ctx, p.eventId, dto);
  }

  @Delete('calendar-events/:eventId')
  @RequirePermission('calendar.manage')
  @ApiOperation({ summary: 'Delete a calendar event' })
  @ApiData(CalendarEventDeletedResponse)
  remove(@Workspace() ctx: WorkspaceContext, @Param() p: CalendarEventParamDto): Promise<{ deleted: true }> {
    return this.calendar.remove(ctx, p.eventId);
  }

  @Get('calendar-settings')
  @RequirePermission('calendar.read')
  @ApiOperation({ summary: 'The working-day rules: Sunday, the n-th Saturdays off' })
  @ApiData(CalendarSettingsResponse)
  settings(): Promise<CalendarSettingsResult> {
    return this.calendar.getSettings();
  }

  @Put('calendar-settings')
  @RequirePermission('calendar.manage')
  @ApiOperation({ summary: 'Set the working-day rules, e.g. {sundayHoliday:true, saturdaysOff:[2]} for second Saturdays' })
  @ApiData(CalendarSettingsResponse)
  putSettings(@Workspace() ctx: WorkspaceContext, @Body() dto: CalendarSettingsDto): Promise<CalendarSettingsResult> {
    return this.calendar.putSettings(ctx, dto);
  }

  @Get('calendar/working-days')
  @RequirePermission('calendar.read')
  @ApiOperation({ summary: 'The working days and named holidays of a range (at most 366 days), for the school or a class' })
  @ApiData(WorkingDaysResponse)
  workingDays(@Query() q: WorkingDaysQueryDto): Promise<WorkingDaysResult> {
    return this.calendar.workingDaysReport(q);
  }

  @Get('calendar/exam-papers')
  @RequirePermission('calendar.read')
  @ApiOperation({ summary: 'The exam papers of a range (the exams’ date sheets: class, subject, date, time IST), for a class or the school' })
  @ApiData(CalendarExamPapersResponse)
  examPapers(@Workspace() ctx: WorkspaceContext, @Query() q: CalendarExamPapersQueryDto): Promise<CalendarExamPaperList> {
    return this.calendar.examPapers(ctx, q);
  }

  @Get('calendar-feed')
  @RequirePermission('calendar.read')
  @ApiOperation({ summary: 'Whether the secret iCalendar feed is on (its address is shown only when made)' })
  @ApiData(CalendarFeedStatusResponse)
  feedStatus(): Promise<CalendarFeedStatus> {
    return this.calendar.feedStatus();
  }

  @Post('calendar-feed/rotate')
  @HttpCode(200)
  @RequirePermission('calendar.manage')
  @ApiOperation({ summary: 'Make a new secret feed address (256-bit token); the previous address stops working' })
  @ApiData(CalendarFeedRotatedResponse)
  rotateFeed(@Workspace() ctx: WorkspaceContext): Promise<CalendarFeedRotated> {
    return this.calendar.rotateFeed(ctx);
  }
}

/** The school calendar for phones: a secret address, no sign-in. */
@ApiTags('Public')
@Public()
@Controller('public/calendar')
export class CalendarFeedController {
  constructor(private readonly calendar: CalendarService) {}

  @Get(':file')
  @Header('Content-Type', 'text/calendar; charset=utf-8')
  @Header('Cache-Control', 'private, max-age=300')
  @ApiOperation({
    summary: 'The school’s iCalendar feed (RFC 5545) at its secret address {token}.ics; ?classId= for the whole school’s events and that class’s only (an unknown class is 404, as an unknown token)',
  })
  @ApiProduces('text/calendar')
  @ApiResponse({ status: 200, description: 'Success: the iCalendar text (VCALENDAR), not the JSON envelope', schema: { type: 'string' } })
  feed(@Param('file') file: string, @Query() q: CalendarFeedQueryDto): Promise<string> {
    return this.calendar.feed(file, q.classId);
  }
}
