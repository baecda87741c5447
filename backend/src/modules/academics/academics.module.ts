import { Module } from '@nestjs/common';
import { AcademicsController } from './academics.controller';
import { AcademicsRepository } from './academics.repository';
import { AcademicsService } from './academics.service';

/** A school's classes, sections and subjects (spec §7 setup). Others read them through AcademicsService. */
@Module({ controllers: [AcademicsController], providers: [AcademicsRepository, AcademicsService], exports: [AcademicsService] })
export class AcademicsModule {}
