import { Module } from '@nestjs/common';
import { AadhaarCipher } from './aadhaar-cipher';
import { AdmissionsService } from './admissions.service';
import { SchoolLimitService } from './school-limit.service';
import { StudentImportService } from './student-import.service';
import { PublicApplicationsController, SchoolLimitController, StudentsController } from './students.controller';
import { StudentsRepository } from './students.repository';
import { StudentsService } from './students.service';
import { UdiseExportService } from './udise-export.service';

/** Students and admissions (DECISIONS "Students", "Admissions"; issue 14). */
@Module({
  controllers: [StudentsController, PublicApplicationsController, SchoolLimitController],
  providers: [StudentsRepository, StudentsService, StudentImportService, UdiseExportService, AdmissionsService, SchoolLimitService, AadhaarCipher],
  exports: [StudentsService],
})
export class StudentsModule {}
