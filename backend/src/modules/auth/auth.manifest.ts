import { defineModule } from '../../common/module-manifest';
import { Users1763800000000 } from '../../database/migrations/1763800000000-users';
import { AuthCodesAndSessions1763800001000 } from '../../database/migrations/1763800001000-auth-codes-and-sessions';
import { UsernameSkeleton1765900000000 } from '../../database/migrations/1765900000000-username-skeleton';
import { AuthModule } from './auth.module';

/** The auth module's registrations (common/module-manifest.ts); listed once in src/app.manifest.ts. */
export const authManifest = defineModule({
  name: 'auth',
  module: AuthModule,
  migrations: [Users1763800000000, AuthCodesAndSessions1763800001000, UsernameSkeleton1765900000000],
});
