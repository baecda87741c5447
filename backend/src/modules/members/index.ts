/** What other modules may use of the people module: invitations (the guardians module invites a student's guardians). */
export { InvitationsService } from './invitations.service';
