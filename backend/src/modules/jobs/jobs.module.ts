import { Global, Module } from '@nestjs/common';
import { JobRegistry } from './job-registry';
import { JobRunner } from './job-runner';
import { JobsController } from './jobs.controller';
import { JobsRepository } from './jobs.repository';
import { JobsService } from './jobs.service';

/**
 * Background jobs on PostgreSQL (ADR 0006). Global: any module injects JobRegistry (to register
 * its handlers) and JobsService (to enqueue).
 */
@Global()
@Module({
  controllers: [JobsController],
  providers: [JobsRepository, JobRegistry, JobsService, JobRunner],
  exports: [JobRegistry, JobsService],
})
export class JobsModule {}
