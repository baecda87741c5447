import { CliError, parseOptions } from './cli-args';

describe('command-line options of the back-end tools', () => {
  it('reads --name value and --name=value', () => {
    expect(parseOptions(['--username', 'ops', '--email=a@b.test', '--password', 'x=y'], ['username', 'email', 'password'])).toEqual({
      username: 'ops',
      email: 'a@b.test',
      password: 'x=y',
    });
  });

  it.each([
    [['stray'], 'Unexpected argument "stray".'],
    [['--role', 'staff'], 'Unknown option --role.'],
    [['--username'], 'Option --username needs a value.'],
    [['--username', '--email', 'a@b.test'], 'Option --username needs a value.'],
  ])('%j → %s (exit code 2)', (argv, message) => {
    let error: unknown;
    try {
      parseOptions(argv, ['username', 'email']);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CliError);
    expect(error).toMatchObject({ message, exitCode: 2 });
  });
});
