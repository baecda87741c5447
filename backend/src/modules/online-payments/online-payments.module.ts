import { Module } from '@nestjs/common';
import { FeesModule } from '../fees/fees.module';
import { JobsModule } from '../jobs/jobs.module';
import { StudentsModule } from '../students/students.module';
import { GatewaySecrets } from './gateway-secrets';
import { OnlinePaymentsController } from './online-payments.controller';
import { OnlinePaymentsRepository } from './online-payments.repository';
import { OnlinePaymentsService } from './online-payments.service';
import { PublicPayController, RazorpayWebhookController } from './public-pay.controller';
import { RazorpayClient } from './razorpay.client';

/** Online fee payment through the school's gateway, Razorpay first (DECISIONS "Online fee payment"; issue 32). */
@Module({
  imports: [FeesModule, StudentsModule, JobsModule],
  controllers: [OnlinePaymentsController, PublicPayController, RazorpayWebhookController],
  providers: [OnlinePaymentsRepository, OnlinePaymentsService, GatewaySecrets, RazorpayClient],
  exports: [OnlinePaymentsService],
})
export class OnlinePaymentsModule {}
