import { Module } from '@nestjs/common';
import { MembersModule } from '../members/members.module';
import { AuditController } from './audit.controller';
import { AuditRepository } from './audit.repository';
import { AuditService } from './audit.service';

/** Reading the audit log (writing it is SchoolWrites' job, inside each write's transaction). */
@Module({ imports: [MembersModule], controllers: [AuditController], providers: [AuditRepository, AuditService] })
export class AuditModule {}
