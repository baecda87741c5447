/**
 * What other modules may use of the people module: invitations (the guardians module invites a
 * student's guardians) and people's names as the school knows them (PeopleService).
 */
export { InvitationsService } from './invitations.service';
export { PeopleService, type Person } from './people.service';
