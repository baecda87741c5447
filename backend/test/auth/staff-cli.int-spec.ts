import { spawn } from 'node:child_process';
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

  /** The password as typed at the prompt or piped on stdin (issue 20: never on the command line). */
  const typed = (password: string) => async () => password;

  it('creates a verified staff account that can sign in; the same name again is a clear error', async () => {
    const username = `ops${uniq()}`;
    const email = `${username}@provider.test`;
    const password = 'Str0ng-Pass!';
    const line = await createStaff(['--username', username, '--email', email], env(), typed(password));
    expect(line).toBe(`Staff account "${username}" <${email}> created. Sign in with it at /login.`);

    const login = await clientAt(h.t)('POST', '/auth/login', { body: { username, password } });
    expect(login.status).toBe(200);
    expect(login.body.data.user).toMatchObject({ username, email, role: 'staff', isEmailVerified: true });

    await expect(createStaff([`--username=${username.toUpperCase()}`, '--email', `other-${email}`], env(), typed(password))).rejects.toMatchObject({
      message: `The username "${username.toUpperCase()}" is already taken.`,
      exitCode: 1,
    });
    await expect(createStaff(['--username', `x${username}`, '--email', email.toUpperCase()], env(), typed(password))).rejects.toMatchObject({
      message: `The e-mail address ${email.toUpperCase()} is already used by another account.`,
      exitCode: 1,
    });
  });

  it.each([
    { argv: ['--username', 'ab', '--email', 'a@b.test'], password: 'Str0ng-Pass!', message: 'username: Username must be at least 3 characters' },
    { argv: ['--username', 'opsadmin', '--email', 'nope'], password: 'Str0ng-Pass!', message: 'email: Please enter a valid email address' },
    { argv: ['--username', 'opsadmin', '--email', 'a@b.test'], password: '123', message: 'password: Password must be at least 6 characters' },
    { argv: ['--username', 'opsadmin', '--email', 'a@b.test'], password: 'password123', message: 'password: This password is too common' },
    { argv: ['--username', 'opsadmin', '--email', 'a@b.test'], password: 'OpsAdmin', message: 'password: Password must not be your username or email address' },
    { argv: ['--username', 'opsadmin', '--email', 'a@b.test'], password: '', message: expect.stringContaining('No password given') },
    { argv: ['--username', 'opsadmin'], password: 'Str0ng-Pass!', message: expect.stringContaining('Missing --email') },
    { argv: ['--username', 'opsadmin', '--role', 'admin'], password: 'Str0ng-Pass!', message: 'Unknown option --role.' },
  ])('refuses bad input with one line and exit code 2: $message', async ({ argv, password, message }) => {
    await expect(createStaff(argv, env(), typed(password))).rejects.toMatchObject({ message, exitCode: 2 });
  });

  describe('issue 20: the password is read from a prompt or stdin, never from the command line', () => {
    const root = join(__dirname, '..', '..', '..');
    // Asynchronous: the embedded test database may be served from this very process.
    const run = (args: string[], input: string) =>
      new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, ['-r', join(root, 'bench', 'swc-register.cjs'), join(root, 'backend', 'src', 'cli', 'staff-create.ts'), ...args], {
          env: { ...process.env, ...env() },
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        child.on('close', (status) => resolve({ status, stdout, stderr }));
        child.stdin.end(input);
      });

    it('--password on the command line (visible to every local user in ps, kept in shell history) is refused, nothing created', async () => {
      const username = `ops${uniq()}`;
      const r = await run(['--username', username, '--email', `${username}@provider.test`, '--password', 'Str0ng-Pass!'], '');
      expect(r.status).toBe(2);
      expect(r.stderr.trim()).toBe('--password is not accepted: a password on the command line is visible to other users. Type it at the prompt, or pipe it on stdin.');
      expect((await clientAt(h.t)('POST', '/auth/login', { body: { username, password: 'Str0ng-Pass!' } })).status).toBe(401);
    }, 60_000);

    it('a password piped on stdin (its first line, exactly as written) creates the account', async () => {
      const username = `ops${uniq()}`;
      const password = ' Piped Pass-7731 ';
      const r = await run(['--username', username, '--email', `${username}@provider.test`], `${password}\nignored second line\n`);
      expect({ status: r.status, stderr: r.stderr }).toEqual({ status: 0, stderr: '' });
      expect(r.stdout.trim()).toBe(`Staff account "${username}" <${username}@provider.test> created. Sign in with it at /login.`);
      expect((await clientAt(h.t)('POST', '/auth/login', { body: { username, password } })).status).toBe(200);
    }, 60_000);
  });
});
