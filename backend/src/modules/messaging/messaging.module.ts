import { Global, Module } from '@nestjs/common';
import { MembersModule } from '../members/members.module';
import { MessagingController, MessagingWebhooksController, MyMessagePreferencesController } from './messaging.controller';
import { MessagingRepository } from './messaging.repository';
import { MessagingService } from './messaging.service';

/**
 * Messages to families: SMS and WhatsApp (issue 31). Global, so the modules whose changes cause a
 * message (attendance, fees, exams, notices) inject MessagingService and call `queue(tx, …)` from
 * inside their own write without importing this module (and without an import cycle: it reaches the
 * fees module's dues through ModuleRef when a reminder is due).
 */
@Global()
@Module({
  imports: [MembersModule],
  controllers: [MessagingController, MyMessagePreferencesController, MessagingWebhooksController],
  providers: [MessagingRepository, MessagingService],
  exports: [MessagingService],
})
export class MessagingModule {}
