import { Module } from '@nestjs/common';
import { MySchoolController } from './my-school.controller';
import { SchoolsController } from './schools.controller';
import { SchoolsService } from './schools.service';

@Module({ controllers: [SchoolsController, MySchoolController], providers: [SchoolsService] })
export class SchoolsModule {}
