import { Module } from '@nestjs/common';
import { AcademicYearsController } from './academic-years.controller';
import { AcademicYearsRepository } from './academic-years.repository';
import { AcademicYearsService } from './academic-years.service';

/** A school's academic years (one current), which classes, sections and every later module hang off. */
@Module({ controllers: [AcademicYearsController], providers: [AcademicYearsRepository, AcademicYearsService], exports: [AcademicYearsService] })
export class AcademicYearsModule {}
