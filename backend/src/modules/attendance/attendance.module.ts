import { Module } from '@nestjs/common';
import { AcademicYearsModule } from '../academic-years/academic-years.module';
import { CalendarModule } from '../calendar/calendar.module';
import { StaffModule } from '../staff/staff.module';
import { StudentsModule } from '../students/students.module';
import { AttendanceController } from './attendance.controller';
import { AttendanceRepository } from './attendance.repository';
import { AttendanceService } from './attendance.service';
import { AcademicsModule } from '../academics/academics.module';

/** Daily attendance, the register, the 75 % rule and absence notices (DECISIONS "Attendance", issue 16). */
@Module({
  imports: [AcademicsModule, AcademicYearsModule, CalendarModule, StaffModule, StudentsModule],
  controllers: [AttendanceController],
  providers: [AttendanceRepository, AttendanceService],
  exports: [AttendanceService],
})
export class AttendanceModule {}
