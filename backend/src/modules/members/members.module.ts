import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { InvitationsController, MembersController } from './members.controller';
import { InvitationsService } from './invitations.service';
import { MembersRepository } from './members.repository';
import { MembersService } from './members.service';
import { PeopleService } from './people.service';

/** A school's people: members and roles, invitations (DECISIONS "People and roles"). */
@Module({
  imports: [AuthModule],
  controllers: [MembersController, InvitationsController],
  providers: [MembersRepository, MembersService, InvitationsService, PeopleService],
  exports: [MembersService, InvitationsService, PeopleService],
})
export class MembersModule {}
