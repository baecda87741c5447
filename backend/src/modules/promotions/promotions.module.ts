import { Module } from '@nestjs/common';
import { AttendanceModule } from '../attendance/attendance.module';
import { FeesModule } from '../fees/fees.module';
import { PromotionsController } from './promotions.controller';
import { PromotionsRepository } from './promotions.repository';
import { PromotionsService } from './promotions.service';

/** Year end: promotion and rollover (DECISIONS "Year end: promotion and rollover"; issue 29). */
@Module({
  imports: [AttendanceModule, FeesModule],
  controllers: [PromotionsController],
  providers: [PromotionsRepository, PromotionsService],
  exports: [PromotionsService],
})
export class PromotionsModule {}
