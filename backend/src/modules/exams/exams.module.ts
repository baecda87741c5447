import { Module } from '@nestjs/common';
import { AcademicYearsModule } from '../academic-years/academic-years.module';
import { AttendanceModule } from '../attendance/attendance.module';
import { CalendarModule } from '../calendar/calendar.module';
import { StaffModule } from '../staff/staff.module';
import { StudentsModule } from '../students/students.module';
import { ExamsCalendarModule } from './exams-calendar.module';
import { ExamsController } from './exams.controller';
import { ExamsRepository } from './exams.repository';
import { ExamRecords } from './exam-records';
import { ExamsService } from './exams.service';
import { MarksService } from './marks.service';
import { ReportCardsService } from './report-cards.service';
import { ResultsService } from './results.service';
import { AcademicsModule } from '../academics/academics.module';

/** Exams, marks, results and report cards (DECISIONS "Exams and report cards"; issue 17). */
@Module({
  // Calendar directly (holidays for the date sheet): no cycle, the calendar imports nothing of
  // exams (it reads the papers through the global ExamsCalendarModule).
  imports: [AcademicsModule, AcademicYearsModule, AttendanceModule, CalendarModule, StaffModule, StudentsModule, ExamsCalendarModule],
  controllers: [ExamsController],
  providers: [ExamsRepository, ExamRecords, MarksService, ResultsService, ReportCardsService, ExamsService],
  exports: [ExamsService],
})
export class ExamsModule {}
