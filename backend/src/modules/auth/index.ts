// What other modules may use of the auth module (the lint rule admits only this file and
// auth.service.ts from outside the folder).
export { UserEntity, type UserRole } from './user.entity';
export { AccountsService } from './accounts.service';
