import 'reflect-metadata';
import { Client } from 'pg';
import { MESSAGES, registerSchema } from '@vidyalaya/shared';
import { isUniqueViolation } from '../modules/auth/query-rows';
import { hashPassword, isTooCommon } from '../modules/auth/password.service';
import { CliError, openToolDatabase, parseOptions, runCli } from './cli-args';

const USAGE = 'Usage: npm run staff:create -- --username NAME --email ADDRESS --password SECRET';

/**
 * Creates a provider staff account (verified, role staff): the only way such accounts are made
 * (DECISIONS "Running it"). Works with DATABASE_URL, with the embedded database of a running
 * server (through its socket) and with the data directory alone. Answers the line to print.
 */
export async function createStaff(argv: readonly string[], env: Record<string, string | undefined> = process.env): Promise<string> {
  const options = parseOptions(argv, ['username', 'email', 'password']);
  const missing = ['username', 'email', 'password'].filter((k) => !options[k]);
  if (missing.length) throw new CliError(`Missing --${missing.join(', --')}. ${USAGE}`, 2);

  const parsed = registerSchema.safeParse(options);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CliError(`${String(issue.path[0] ?? 'input')}: ${issue.message}`, 2);
  }
  const { username, email, password } = parsed.data;
  if (isTooCommon(password)) throw new CliError(`password: ${MESSAGES.errors.passwordTooCommon}`, 2);

  const db = await openToolDatabase(env);
  try {
    const client = new Client({ connectionString: db.url });
    await client.connect();
    try {
      const taken = await client.query<{ name_taken: boolean; email_taken: boolean }>(
        `SELECT bool_or(lower(username) = lower($1)) AS name_taken, bool_or(lower(email) = lower($2)) AS email_taken
         FROM users WHERE lower(username) = lower($1) OR lower(email) = lower($2)`,
        [username, email],
      );
      if (taken.rows[0]?.name_taken) throw new CliError(`The username "${username}" is already taken.`);
      if (taken.rows[0]?.email_taken) throw new CliError(`The e-mail address ${email} is already used by another account.`);
      const passwordHash = await hashPassword(password);
      try {
        await client.query(
          `INSERT INTO users (username, email, password_hash, role, is_email_verified) VALUES ($1, $2, $3, 'staff', true)`,
          [username, email, passwordHash],
        );
      } catch (e) {
        if (isUniqueViolation(e, 'users_username_lower_uq')) throw new CliError(`The username "${username}" is already taken.`);
        if (isUniqueViolation(e, 'users_email_lower_uq')) throw new CliError(`The e-mail address ${email} is already used by another account.`);
        throw e;
      }
    } finally {
      await client.end();
    }
  } catch (e) {
    if (e instanceof CliError) throw e;
    throw new CliError(`Could not create the staff account: ${(e as Error).message}`);
  } finally {
    await db.close();
  }
  return `Staff account "${username}" <${email}> created. Sign in with it at /login.`;
}

if (require.main === module) runCli(() => createStaff(process.argv.slice(2)));
