import { Module } from '@nestjs/common';
import { AcademicsModule } from '../academics/academics.module';
import { AuthModule } from '../auth/auth.module';
import { SchoolsModule } from '../schools/schools.module';
import { ApprovalsController } from './approvals.controller';
import { ApprovalsRepository } from './approvals.repository';
import { ApprovalsService } from './approvals.service';

/** Provider staff's approval queue; schools, their setup and their owners through those modules' services. */
@Module({ imports: [SchoolsModule, AcademicsModule, AuthModule], controllers: [ApprovalsController], providers: [ApprovalsRepository, ApprovalsService] })
export class ApprovalsModule {}
