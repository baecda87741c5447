import { Module } from '@nestjs/common';
import { StaffModule } from '../staff/staff.module';
import { CalendarController, CalendarFeedController } from './calendar.controller';
import { CalendarRepository } from './calendar.repository';
import { CalendarService } from './calendar.service';
import { AcademicsModule } from '../academics/academics.module';

/** The academic calendar and its working-day rules (DECISIONS "Staff, timetable, calendar"). */
@Module({
  imports: [AcademicsModule, StaffModule],
  controllers: [CalendarController, CalendarFeedController],
  providers: [CalendarRepository, CalendarService],
  exports: [CalendarService],
})
export class CalendarModule {}
