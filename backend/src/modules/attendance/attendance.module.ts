import { Module } from '@nestjs/common';
import { AcademicYearsModule } from '../academic-years/academic-years.module';
import { CalendarModule } from '../calendar/calendar.module';
import { StaffModule } from '../staff/staff.module';
import { StudentsModule } from '../students/students.module';
import { AttendanceController } from './attendance.controller';
import { AttendanceRepository } from './attendance.repository';
import { AttendanceService } from './attendance.service';

/** Daily attendance, the register, the 75 % rule and absence notices (DECISIONS "Attendance", issue 16). */
@Module({
  imports: [AcademicYearsModule, CalendarModule, StaffModule, StudentsModule],
  controllers: [AttendanceController],
  providers: [AttendanceRepository, AttendanceService],
  exports: [AttendanceService],
})
export class AttendanceModule {}
