import { Module } from '@nestjs/common';
import { StudentsModule } from '../students/students.module';
import { FeesController } from './fees.controller';
import { FeesRepository } from './fees.repository';
import { FeesService } from './fees.service';

/** Fees and receipts (DECISIONS "Fees"; issue 18). */
@Module({
  imports: [StudentsModule],
  controllers: [FeesController],
  providers: [FeesRepository, FeesService],
  exports: [FeesService],
})
export class FeesModule {}
