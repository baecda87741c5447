import { startEmbeddedPostgres } from '../../src/database/embedded-postgres';

/**
 * The embedded database in a process of its own, for the outage test: PGlite cannot be opened on
 * a data directory inside Jest's module sandbox, and a separate process is what can be stopped.
 * Usage: node -r ./bench/swc-register.cjs embedded-db-child.ts DATA_DIR PORT PASSWORD [IDLE_IN_TRANSACTION_MS] [AUTHENTICATION_TIMEOUT_MS]
 * Prints "ready" once it serves; SIGTERM closes it cleanly (everything written is on disk).
 */
async function main(): Promise<void> {
  const [dir, port, password, idleMs, authMs] = process.argv.slice(2);
  const handle = await startEmbeddedPostgres(dir, {
    port: Number(port),
    password,
    idleInTransactionMs: idleMs ? Number(idleMs) : undefined,
    authenticationTimeoutMs: authMs ? Number(authMs) : undefined,
  });
  process.stdout.write('ready\n');
  process.on('SIGTERM', () => {
    void handle.close().then(() => process.exit(0));
  });
}

main().catch((e: unknown) => {
  process.stderr.write(`embedded database could not start: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
