import { Module } from '@nestjs/common';
import { CalendarModule } from '../calendar/calendar.module';
import { InsightsController } from './insights.controller';
import { InsightsRepository } from './insights.repository';
import { InsightsService } from './insights.service';

/** The principal's insights (DECISIONS "Insights"; issue 38): read-only aggregates of the school's year. */
@Module({
  imports: [CalendarModule],
  controllers: [InsightsController],
  providers: [InsightsRepository, InsightsService],
  exports: [InsightsService],
})
export class InsightsModule {}
