import 'reflect-metadata';
import { Client } from 'pg';
import { MESSAGES } from '@vidyalaya/shared';
import { registerSchema } from '@vidyalaya/shared/auth';
import { isUniqueViolation } from '../database/unique-violation';
import { hashPassword, isTooCommon } from '../modules/auth/password.service';
import { CliError, openToolDatabase, parseOptions, runCli } from './cli-args';

const USAGE = 'Usage: npm run staff:create -- --username NAME --email ADDRESS (the password is asked for, or read from stdin)';

/**
 * The password: asked for twice without echo when stdin is a terminal, otherwise the first line of
 * stdin exactly as written (only the line end removed). Never from the command line (issue 20):
 * argv is visible to every local user (`ps`) and stays in shell history.
 */
export async function readPasswordFromStdin(stdin: NodeJS.ReadStream = process.stdin, prompt: NodeJS.WriteStream = process.stderr): Promise<string> {
  if (stdin.isTTY) {
    const first = await askHidden(stdin, prompt, 'Password for the new staff account: ');
    const again = await askHidden(stdin, prompt, 'The same password again: ');
    if (first !== again) throw new CliError('The two passwords differ; nothing was created.', 2);
    return first;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  const text = Buffer.concat(chunks).toString('utf8');
  return text.split('\n')[0].replace(/\r$/, '');
}

/** One line typed at the terminal, echoing nothing. */
function askHidden(stdin: NodeJS.ReadStream, prompt: NodeJS.WriteStream, question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    prompt.write(question);
    let value = '';
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      prompt.write('\n');
    };
    const onData = (chunk: Buffer | string) => {
      for (const ch of String(chunk)) {
        if (ch === '\r' || ch === '\n') {
          finish();
          resolve(value);
          return;
        }
        if (ch === '\u0003' || ch === '\u0004') {
          finish();
          reject(new CliError('Cancelled; nothing was created.', 130));
          return;
        }
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.setRawMode(true);
    stdin.setEncoding('utf8');
    stdin.on('data', onData);
    stdin.resume();
  });
}

/**
 * Creates a provider staff account (verified, role staff): the only way such accounts are made
 * (DECISIONS "Running it"). Works with DATABASE_URL, with the embedded database of a running
 * server (through its socket) and with the data directory alone. Answers the line to print.
 */
export async function createStaff(
  argv: readonly string[],
  env: Record<string, string | undefined> = process.env,
  readPassword: () => Promise<string> = () => readPasswordFromStdin(),
): Promise<string> {
  if (argv.some((a) => a === '--password' || a.startsWith('--password='))) {
    throw new CliError('--password is not accepted: a password on the command line is visible to other users. Type it at the prompt, or pipe it on stdin.', 2);
  }
  const options = parseOptions(argv, ['username', 'email']);
  const missing = ['username', 'email'].filter((k) => !options[k]);
  if (missing.length) throw new CliError(`Missing --${missing.join(', --')}. ${USAGE}`, 2);
  const typed = await readPassword();
  if (!typed) throw new CliError('No password given: type it at the prompt, or pipe it on stdin.', 2);

  const parsed = registerSchema.safeParse({ ...options, password: typed });
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
