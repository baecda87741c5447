import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** A statement text is prepared by name from its second use on. */
const HOT_AFTER = 2;
/** How many statement texts are counted before the count starts again (dynamic texts never fill it for long). */
const MAX_TRACKED = 4000;
/**
 * How many named statements one connection keeps; past it, the least recently used is deallocated.
 * A prepared statement holds its parsed query and its plan in the database session: about 30 KB for
 * the workspace guard's membership read and 256 KB for the fees' dues read (measured with
 * `pg_backend_memory_contexts`). With the embedded database every connection's are in the server's
 * own process.
 */
const MAX_PER_CONNECTION = 100;

/** A mark of this process: with the embedded database every connection of every process shares PGlite's one session. */
const instance = randomBytes(6).toString('hex');
const seen = new Map<string, { count: number; id: number }>();
let lastTextId = 0;
let lastClientId = 0;

type QueryFn = (config: unknown, values?: unknown, callback?: unknown) => unknown;
const baseQuery = Client.prototype.query as unknown as QueryFn;

/**
 * The `pg` client of the application's pool (data-source.ts, `extra.Client`): a statement with
 * parameters that runs again is sent as a named prepared statement, so the database parses and
 * plans it once per connection rather than on every call. TypeORM sends every statement unnamed;
 * on the embedded database parsing and planning were most of a fee payment's time (issue 32,
 * docs/performance.md), and they count on PostgreSQL too.
 *
 * - Only statements with parameters: a text without them may hold several statements, which the
 *   extended protocol refuses, and transaction control has none.
 * - Names carry this process's mark and the connection's number: every connection of every process
 *   shares the embedded database's one session, where names must not collide. The embedded socket
 *   deallocates a connection's names when it closes (pglite-socket-server.ts `forget`), as
 *   PostgreSQL does when a session ends.
 * - A text gets a new number whenever it is counted anew, so a name is never used for two texts.
 * - At most MAX_PER_CONNECTION names a connection: past it, the least recently used is deallocated.
 * - PostgreSQL plans such a statement afresh whenever what it was planned for changes: a table's
 *   definition, or the role (the school-bound role sees the row-level-security policies).
 */
export class StatementCachingClient extends Client {
  private readonly clientId = ++lastClientId;
  /** This connection's names, least recently used first. */
  private readonly named = new Set<string>();

  /**
   * The name `text` runs under on this connection, or undefined (its first use); with it, the name it
   * pushed past MAX_PER_CONNECTION, if any, to deallocate once the statement has answered.
   */
  statementName(text: string): { name: string; evicted?: string } | undefined {
    let s = seen.get(text);
    if (!s) {
      if (seen.size >= MAX_TRACKED) seen.clear();
      s = { count: 0, id: ++lastTextId };
      seen.set(text, s);
    }
    s.count += 1;
    if (s.count < HOT_AFTER) return undefined;
    const name = `v${s.id}-${instance}-${this.clientId}`;
    this.named.delete(name);
    this.named.add(name);
    if (this.named.size <= MAX_PER_CONNECTION) return { name };
    const evicted = this.named.values().next().value!;
    this.named.delete(evicted);
    return { name, evicted };
  }

  /**
   * Drops a name from the session, once the statement that pushed it out has answered and before its
   * caller goes on: never sent while another statement of this connection runs (pg 8 warns of that,
   * pg 9 refuses it). pg forgets the name only once the database has, so a DEALLOCATE that fails
   * (inside a transaction already failed) leaves both sides still knowing it; the name is never given
   * to another text. Never fails.
   */
  deallocate(name: string): Promise<void> {
    const connection = (this as unknown as { connection: { parsedStatements: Record<string, string> } }).connection;
    if (connection.parsedStatements[name] === undefined) return Promise.resolve();
    return (baseQuery.call(this, `DEALLOCATE "${name}"`) as Promise<unknown>).then(
      () => void delete connection.parsedStatements[name],
      () => undefined,
    );
  }
}

(StatementCachingClient.prototype as unknown as { query: QueryFn }).query = function (this: StatementCachingClient, config: unknown, values?: unknown, callback?: unknown) {
  if (typeof config === 'string' && Array.isArray(values) && values.length > 0 && callback === undefined) {
    const named = this.statementName(config);
    if (named) {
      const sent = baseQuery.call(this, { name: named.name, text: config, values }) as Promise<unknown>;
      const { evicted } = named;
      return evicted ? sent.finally(() => this.deallocate(evicted)) : sent;
    }
  }
  return baseQuery.call(this, config, values, callback);
};
