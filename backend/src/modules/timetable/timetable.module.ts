import { Module } from '@nestjs/common';
import { AcademicsModule } from '../academics/academics.module';
import { CalendarModule } from '../calendar/calendar.module';
import { SubstitutionsService } from './substitutions.service';
import { TimetableController } from './timetable.controller';
import { TimetableRepository } from './timetable.repository';
import { TimetableService } from './timetable.service';

/** Bell schedules, timetables and substitutions (DECISIONS "Staff, timetable, calendar"). */
@Module({
  imports: [AcademicsModule, CalendarModule],
  controllers: [TimetableController],
  providers: [TimetableRepository, TimetableService, SubstitutionsService],
  exports: [TimetableService],
})
export class TimetableModule {}
