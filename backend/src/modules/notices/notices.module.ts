import { Module } from '@nestjs/common';
import { MembersModule } from '../members/members.module';
import { NoticesController } from './notices.controller';
import { NoticesRepository } from './notices.repository';
import { NoticesService } from './notices.service';

/** Notices (circulars): written by the office, targeted, e-mailed through the job queue, read receipts (issue 19). */
@Module({
  imports: [MembersModule],
  controllers: [NoticesController],
  providers: [NoticesRepository, NoticesService],
  exports: [NoticesService],
})
export class NoticesModule {}
