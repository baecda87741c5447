import { Module } from '@nestjs/common';
import { InsightsModule } from '../insights/insights.module';
import { StudentsModule } from '../students/students.module';
import { FeeRolloverRepository, FeeRolloverService } from './fee-rollover.service';
import { FeesController } from './fees.controller';
import { FeesRepository } from './fees.repository';
import { FeeReportsService } from './fee-reports.service';
import { FeeSetupService } from './fee-setup.service';
import { FeesService } from './fees.service';
import { AcademicsModule } from '../academics/academics.module';

/** Fees and receipts (DECISIONS "Fees"; issue 18). */
@Module({
  imports: [AcademicsModule, StudentsModule, InsightsModule],
  controllers: [FeesController],
  providers: [FeesRepository, FeesService, FeeSetupService, FeeReportsService, FeeRolloverRepository, FeeRolloverService],
  exports: [FeesService, FeeRolloverService],
})
export class FeesModule {}
