import { Module } from '@nestjs/common';
import { AttendanceModule } from '../attendance/attendance.module';
import { StaffModule } from '../staff/staff.module';
import { StudentsModule } from '../students/students.module';
import { ExamsCalendarModule } from './exams-calendar.module';
import { ExamsController } from './exams.controller';
import { ExamsRepository } from './exams.repository';
import { ExamsService } from './exams.service';

/** Exams, marks, results and report cards (DECISIONS "Exams and report cards"; issue 17). */
@Module({
  imports: [AttendanceModule, StaffModule, StudentsModule, ExamsCalendarModule],
  controllers: [ExamsController],
  providers: [ExamsRepository, ExamsService],
  exports: [ExamsService],
})
export class ExamsModule {}
