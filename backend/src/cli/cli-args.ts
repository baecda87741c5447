import { ConfigError, loadConfig } from '../config/app-config';
import { migrate } from '../database/data-source';
import { DataDirInUseError, openDatabase, type DatabaseHandle } from '../database/embedded-postgres';
/** A command-line failure: printed as one line, exits with `exitCode`. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/**
 * `--name value` and `--name=value` options into a record. Only the names in `allowed` are
 * accepted; anything else is a usage error (exit code 2).
 */
export function parseOptions(argv: readonly string[], allowed: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const match = /^--([a-z][a-z-]*)(?:=(.*))?$/s.exec(arg);
    if (!match) throw new CliError(`Unexpected argument "${arg}".`, 2);
    const [, name, inline] = match;
    if (!allowed.includes(name)) throw new CliError(`Unknown option --${name}.`, 2);
    const value = inline ?? argv[++i];
    if (value === undefined || (inline === undefined && value.startsWith('--'))) throw new CliError(`Option --${name} needs a value.`, 2);
    out[name] = value;
  }
  return out;
}

/** Runs a tool's main: prints a CliError (or any failure) as one line on stderr and sets the exit code. */
export function runCli(main: () => Promise<string>): void {
  main().then(
    (message) => {
      process.stdout.write(`${message}\n`);
      process.exitCode = 0;
    },
    (e: unknown) => {
      const message = e instanceof Error ? e.message : String(e);
      process.stderr.write(`${message.split('\n')[0]}\n`);
      process.exitCode = e instanceof CliError ? e.exitCode : 1;
    },
  );
}

/**
 * The database a command-line tool works on, migrated: DATABASE_URL, else the embedded database —
 * through a running server's socket when there is one, otherwise opened from DATA_DIR. Every
 * failure is a one-line CliError.
 */
export async function openToolDatabase(env: Record<string, string | undefined>): Promise<DatabaseHandle> {
  let config;
  try {
    config = loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) throw new CliError(e.message);
    throw e;
  }
  let db: DatabaseHandle;
  try {
    db = await openDatabase(config, 'tool');
  } catch (e) {
    if (e instanceof DataDirInUseError) throw new CliError(e.message);
    throw new CliError(`Could not open the database: ${(e as Error).message}`);
  }
  try {
    await migrate(db.url);
  } catch (e) {
    await db.close();
    throw new CliError(`Could not prepare the database: ${(e as Error).message}`);
  }
  return db;
}
