import { AsyncLocalStorage } from 'node:async_hooks';
import { Query as PgQuery } from 'pg';
import { StatementCachingClient } from './hot-statements';
import { DataSource, QueryFailedError, QueryResult, QueryRunnerAlreadyReleasedError, type DataSourceOptions, type EntityManager, type QueryRunner, type ReplicationMode } from 'typeorm';

/** The role every school-bound statement assumes; row-level security applies to it (migration 1764100000000). */
export const TENANT_ROLE = 'vidyalaya_tenant';

/** Only a lower-case uuid is ever written into the statements below. */
const SCHOOL_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The school a query runner was bound to when it was made (absent: not bound). */
const BOUND = Symbol('vidyalaya:bound-school');
type BoundRunner = QueryRunner & { [BOUND]?: string };

/**
 * The statements that put the running transaction in one school's row-level-security context: the
 * tenant role (not the tables' owner, not a superuser, no BYPASSRLS, so the policies
 * `school_id = current_setting('app.school_id')` apply to every read and write) and the school.
 * Both are LOCAL: they end with the transaction, so a pooled connection, and PGlite's one shared
 * session, never carry them into another request.
 */
function enterSchool(schoolId: string): string {
  if (!SCHOOL_ID.test(schoolId)) throw new Error('A school-bound query needs a lower-case school id');
  return `SET LOCAL ROLE ${TENANT_ROLE}; SET LOCAL app.school_id = '${schoolId}'`;
}

/**
 * A statement sent with a transaction's start, in the same exchange (`START TRANSACTION; SET LOCAL …;
 * <it>`): a write's first lock, which would otherwise cost a round trip of its own (issues 32 and 37:
 * the counter's payment, the morning's attendance saves). Written only through `openingStatement`,
 * so only uuids are ever put into its text. It is a statement of its own, so the transaction's next
 * statement reads from a snapshot taken after the lock was granted, as when it was sent alone.
 */
export interface OpeningStatement {
  readonly sql: string;
}

/**
 * An opening statement from `template`, whose `$1`, `$2`, … are replaced by `ids` as quoted literals;
 * every id must be a lower-case uuid (anything else is a programming error and throws).
 */
export function openingStatement(template: string, ...ids: string[]): OpeningStatement {
  for (const id of ids) if (!SCHOOL_ID.test(id)) throw new Error('An opening statement takes lower-case uuids only');
  return { sql: template.replace(/\$(\d+)/g, (_, k: string) => `'${ids[Number(k) - 1]}'`) };
}

/** The opening statement the transaction being started in this async context carries (`withOpening`). */
const opening = new AsyncLocalStorage<OpeningStatement | undefined>();
/** The opening statement a bound runner sent with its START TRANSACTION. */
const OPENED = Symbol('vidyalaya:opened');
type OpenedRunner = QueryRunner & { [OPENED]?: OpeningStatement };

/**
 * Runs `start` (which starts one transaction) with `statement` to be sent with that transaction's
 * START TRANSACTION when its runner is bound to the school; `body` (given to `start`) runs with none
 * pending, so a transaction it starts elsewhere does not send it again.
 */
export function withOpening<T>(statement: OpeningStatement | undefined, start: (body: <R>(fn: () => R) => R) => Promise<T>): Promise<T> {
  return opening.run(statement, () => start((fn) => opening.exit(fn)));
}

/** Whether `m`'s transaction was started with `statement` (the same text, sent by its bound runner). */
export function openedWith(m: EntityManager, statement: OpeningStatement): boolean {
  return (m.queryRunner as OpenedRunner | undefined)?.[OPENED]?.sql === statement.sql;
}

/** The same two settings as one parameterised statement, sent in front of a statement outside a transaction. */
const ENTER_STATEMENT = `SELECT set_config('role', '${TENANT_ROLE}', true), set_config('app.school_id', $1, true)`;

/** What this module uses of node-postgres's connection and query (pg 8's Query, which TypeORM's own statements use too). */
interface PgConnection {
  parse(c: { text: string; name?: string; types?: number[] }): void;
  bind(c: { portal?: string; statement?: string; values: unknown[] }): void;
  execute(c: { portal?: string; rows?: number }): void;
}
interface PgResult {
  command: string;
  rows: unknown[];
  rowCount: number | null;
}
interface PgQueryInternals {
  prepare(connection: PgConnection): void;
  handleDataRow(msg: unknown): void;
  handleCommandComplete(msg: unknown, connection: PgConnection): void;
}
interface PgClient {
  query(q: object): unknown;
}
const PgQueryBase = PgQuery as unknown as new (config: object) => PgQueryInternals;

/**
 * One statement outside a transaction, bound to a school in the same round trip: the extended
 * protocol's messages up to Sync run as one implicit transaction, so `ENTER_STATEMENT` (Parse,
 * Bind, Execute) and then the statement itself (Parse, Bind, Describe, Execute, Sync) go out
 * together, the settings apply to the statement and end at Sync with it, and the database (and the
 * embedded database's socket, which runs a connection's messages up to Sync as one batch) sees one
 * exchange, as before. The answer is the statement's alone: the first statement's row and
 * completion are skipped.
 */
class BoundStatement extends PgQueryBase {
  private entering = true;
  private preparing = false;
  /** The prepared statement's name (hot-statements.ts), or undefined: unnamed. */
  declare private statement: string | undefined;

  constructor(
    private readonly schoolId: string,
    text: string,
    values: unknown[],
    name: string | undefined,
    callback: (err: Error | null, result?: PgResult) => void,
  ) {
    super({ text, values, queryMode: 'extended', callback });
    this.statement = name;
  }

  /**
   * The name pg reads: the statement's while its messages are written and once the settings'
   * statement has completed, none before. pg marks the active query's name as parsed on every
   * ParseComplete, and the first one is the settings' statement's: were the name shown then, a
   * statement whose own Parse then failed would count as prepared, and its next run would skip Parse.
   */
  get name(): string | undefined {
    return this.preparing || !this.entering ? this.statement : undefined;
  }

  set name(_: string | undefined) {
    // pg's constructor assigns the config's name; the statement's is kept in `statement`.
  }

  override prepare(connection: PgConnection): void {
    connection.parse({ text: ENTER_STATEMENT, name: '', types: [] });
    connection.bind({ portal: '', statement: '', values: [this.schoolId] });
    connection.execute({ portal: '' });
    this.preparing = true;
    try {
      super.prepare(connection);
    } finally {
      this.preparing = false;
    }
  }

  override handleDataRow(msg: unknown): void {
    if (!this.entering) super.handleDataRow(msg);
  }

  override handleCommandComplete(msg: unknown, connection: PgConnection): void {
    if (this.entering) this.entering = false;
    else super.handleCommandComplete(msg, connection);
  }
}

/** A pg result in the shape TypeORM's postgres query runner answers (rows; `[rows, count]` for UPDATE and DELETE). */
function typeormResult(raw: PgResult, structured: boolean | undefined): unknown {
  const value = raw.command === 'DELETE' || raw.command === 'UPDATE' ? [raw.rows, raw.rowCount] : raw.rows;
  if (!structured) return value;
  const result = new QueryResult();
  result.records = raw.rows;
  result.affected = raw.rowCount ?? undefined;
  result.raw = value;
  return result;
}

/**
 * Makes every statement of `qr` run in `schoolId`'s row-level-security context:
 * - a transaction is bound as it starts (`START TRANSACTION; SET LOCAL ROLE …; SET LOCAL
 *   app.school_id = …` in one round trip), so everything inside it, savepoints included, is bound;
 * - a statement outside a transaction is sent as a `BoundStatement`: the settings and the
 *   statement in one implicit transaction, one round trip.
 */
function bindRunner(qr: QueryRunner, schoolId: string): QueryRunner {
  const enter = enterSchool(schoolId);
  const query = qr.query.bind(qr) as (sql: string, params?: unknown[], structured?: boolean) => Promise<unknown>;
  Object.defineProperty(qr, BOUND, { value: schoolId });
  const bound = async (sql: string, params?: unknown[], structured?: boolean): Promise<unknown> => {
    if (qr.isTransactionActive) {
      // startTransaction() marks the runner active before it sends this.
      if (sql === 'START TRANSACTION') {
        const first = opening.getStore();
        if (!first) return query(`START TRANSACTION; ${enter}`);
        Object.defineProperty(qr, OPENED, { value: first, configurable: true });
        return query(`START TRANSACTION; ${enter}; ${first.sql}`);
      }
      return query(sql, params, structured);
    }
    if (qr.isReleased) throw new QueryRunnerAlreadyReleasedError();
    const client = (await qr.connect()) as PgClient;
    const logger = qr.connection.logger;
    logger.logQuery(sql, params, qr);
    try {
      // A statement that runs again is prepared by name on this connection (hot-statements.ts); a name
      // it pushes out is deallocated once it has answered, before the caller goes on.
      const named = client instanceof StatementCachingClient && params?.length ? client.statementName(sql) : undefined;
      const sent = new Promise<PgResult>((resolve, reject) => {
        client.query(new BoundStatement(schoolId, sql, params ?? [], named?.name, (err, result) => (err ? reject(err) : resolve(result!))));
      });
      const evicted = named?.evicted;
      const raw = await (evicted ? sent.finally(() => (client as StatementCachingClient).deallocate(evicted)) : sent);
      return typeormResult(raw, structured);
    } catch (err) {
      logger.logQueryError(err as Error, sql, params, qr);
      throw new QueryFailedError(sql, params, err as Error);
    }
  };
  qr.query = bound as QueryRunner['query'];
  // A raw stream would leave the bound path: not offered while bound.
  qr.stream = () => Promise.reject(new Error('Streaming queries are not available in a school-bound context'));
  return qr;
}

/**
 * The application's DataSource (app.module.ts). While the running request or job is bound to a
 * school (`boundSchool()`, from common/request-context.ts), every query runner it makes, and so
 * every statement of every repository, `EntityManager.query`, query builder and transaction, runs
 * in that school's row-level-security context: a repository query that forgets its
 * `school_id = $1` filter sees only the bound school's rows, never another school's. Outside a
 * bound context (sign-in, public pages, provider approvals, the job worker's polling, start-up)
 * nothing changes.
 */
export class SchoolBoundDataSource extends DataSource {
  constructor(
    options: DataSourceOptions,
    private readonly boundSchool: () => string | undefined,
  ) {
    super(options);
  }

  override createQueryRunner(mode: ReplicationMode = 'master'): QueryRunner {
    const qr = super.createQueryRunner(mode);
    const schoolId = this.boundSchool();
    return schoolId === undefined ? qr : bindRunner(qr, schoolId);
  }

  /** The school the running code is bound to, if any. */
  currentSchool(): string | undefined {
    return this.boundSchool();
  }
}

/** The school `db`'s own statements are bound to right now (a SchoolBoundDataSource in a bound context). */
export function boundSchoolOf(db: DataSource): string | undefined {
  return db instanceof SchoolBoundDataSource ? db.currentSchool() : undefined;
}

/** Whether `m` is a transaction already bound to `schoolId` from its start. */
export function transactionBoundTo(m: EntityManager, schoolId: string): boolean {
  return (m.queryRunner as BoundRunner | undefined)?.[BOUND] === schoolId;
}
