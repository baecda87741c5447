import { Module } from '@nestjs/common';
import { ExamsModule } from '../exams/exams.module';
import { MembersModule } from '../members/members.module';
import { ConsentsService } from './consents.service';
import { GuardiansController, MyChildrenController } from './guardians.controller';
import { GuardiansRepository } from './guardians.repository';
import { GuardiansService } from './guardians.service';

/** Guardians: accounts linked to their children, invitations from a record or a class, consents and data requests (issue 19). */
@Module({
  imports: [MembersModule, ExamsModule],
  controllers: [GuardiansController, MyChildrenController],
  providers: [GuardiansRepository, GuardiansService, ConsentsService],
  exports: [GuardiansService],
})
export class GuardiansModule {}
