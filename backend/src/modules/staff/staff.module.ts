import { Module } from '@nestjs/common';
import { StaffController } from './staff.controller';
import { StaffRepository } from './staff.repository';
import { StaffService } from './staff.service';

/** Staff records, class teachers, teaching assignments (DECISIONS "Staff, timetable, calendar"). */
@Module({
  controllers: [StaffController],
  providers: [StaffRepository, StaffService],
  exports: [StaffService],
})
export class StaffModule {}
