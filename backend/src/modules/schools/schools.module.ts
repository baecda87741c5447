import { Module } from '@nestjs/common';
import { AcademicsModule } from '../academics/academics.module';
import { SchoolOwnershipModule } from './school-ownership.module';
import { MySchoolController } from './my-school.controller';
import { SchoolsController } from './schools.controller';
import { SchoolsRepository } from './schools.repository';
import { SchoolsService } from './schools.service';

/** A school's profile, plan and dashboard summary; others reach schools through SchoolsService. */
@Module({
  imports: [AcademicsModule, SchoolOwnershipModule],
  controllers: [SchoolsController, MySchoolController],
  providers: [SchoolsRepository, SchoolsService],
  exports: [SchoolsService],
})
export class SchoolsModule {}
