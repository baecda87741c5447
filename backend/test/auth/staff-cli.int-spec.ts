import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStaff } from '../../src/cli/staff-create';
import { uniq } from '../support/app';
import { clientAt, startAuthHarness, type AuthHarness } from './auth-helpers';

/** DECISIONS "Running it": staff accounts only from `npm run staff:create`. */
describe('staff:create (provider staff accounts from the command line)', () => {
  let h: AuthHarness;
  const env = () => ({ NODE_ENV: 'test', DATABASE_URL: process.env.TEST_DB_URL, DATA_DIR: mkdtempSync(join(tmpdir(), 'staff-cli-')), LOG_LEVEL: 'silent' });
  beforeAll(async () => {
    h = await startAuthHarness();
  });
  afterAll(() => h.close());

  it('creates a verified staff account that can sign in; the same name again is a clear error', async () => {
    const username = `ops${uniq()}`;
    const email = `${username}@provider.test`;
    const password = 'Str0ng-Pass!';
    const line = await createStaff(['--username', username, '--email', email, '--password', password], env());
    expect(line).toBe(`Staff account "${username}" <${email}> created. Sign in with it at /login.`);

    const login = await clientAt(h.t)('POST', '/auth/login', { body: { username, password } });
    expect(login.status).toBe(200);
    expect(login.body.data.user).toMatchObject({ username, email, role: 'staff', isEmailVerified: true });

    await expect(createStaff([`--username=${username.toUpperCase()}`, '--email', `other-${email}`, '--password', password], env())).rejects.toMatchObject({
      message: `The username "${username.toUpperCase()}" is already taken.`,
      exitCode: 1,
    });
    await expect(createStaff(['--username', `x${username}`, '--email', email.toUpperCase(), '--password', password], env())).rejects.toMatchObject({
      message: `The e-mail address ${email.toUpperCase()} is already used by another account.`,
      exitCode: 1,
    });
  });

  it.each([
    { argv: ['--username', 'ab', '--email', 'a@b.test', '--password', 'Str0ng-Pass!'], message: 'username: Username must be at least 3 characters' },
    { argv: ['--username', 'opsadmin', '--email', 'nope', '--password', 'Str0ng-Pass!'], message: 'email: Please enter a valid email address' },
    { argv: ['--username', 'opsadmin', '--email', 'a@b.test', '--password', '123'], message: 'password: Password must be at least 6 characters' },
    { argv: ['--username', 'opsadmin', '--email', 'a@b.test', '--password', 'password123'], message: 'password: This password is too common' },
    { argv: ['--username', 'opsadmin', '--email', 'a@b.test'], message: expect.stringContaining('Missing --password') },
    { argv: ['--username', 'opsadmin', '--role', 'admin'], message: 'Unknown option --role.' },
  ])('refuses bad input with one line and exit code 2: $message', async ({ argv, message }) => {
    await expect(createStaff(argv, env())).rejects.toMatchObject({ message, exitCode: 2 });
  });
});
