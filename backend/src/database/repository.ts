import type { DataSource, EntityManager } from 'typeorm';
import { boundSchoolId } from '../common/request-context';
import { rows } from './with-school';

/**
 * Base of every module's repository (`modules/<m>/<m>.repository.ts`), the only code that queries
 * the module's tables. A school-scoped query reads its school from `this.schoolId`: the school the
 * running request or job is bound to (common/request-context.ts: the workspace guard binds it once
 * per request, the job runner per job, a public call once its token names the school), never a
 * parameter handed down (ADR 0019). `in(tx)` gives the same repository running its queries inside
 * a transaction (e.g. a workspace write's `SchoolTx.m`).
 */
export abstract class Repository {
  protected m: EntityManager;

  constructor(db: DataSource) {
    this.m = db.manager;
  }

  /**
   * The school this request or job acts in. A school-scoped query run outside a bound context is a
   * programming error (the code that found the school binds it first, with `runInSchool`).
   */
  protected get schoolId(): string {
    return boundSchoolId();
  }

  /** This repository, its queries run on `m` (a transaction's manager). */
  in(m: EntityManager): this {
    const bound = Object.create(this) as this;
    bound.m = m;
    return bound;
  }

  /**
   * Runs `fn` in one transaction; `tx` is the handle to pass on (`repo.in(tx)`, or to another
   * module's service that joins the caller's transaction). Services never hold the DataSource.
   */
  transaction<T>(fn: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.m.transaction(fn);
  }

  /**
   * A statement's rows. Inside a transaction (`in(tx)`) every statement shares the transaction's one
   * connection, so they are sent one after the other even when a caller starts several at once
   * (`Promise.all`): pg 8 warns of a statement sent while another of its connection runs, and pg 9
   * refuses it. Outside one, each goes to a pooled connection of its own, side by side as before.
   */
  protected rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    const runner = this.m.queryRunner;
    if (!runner) return rows<T>(this.m, sql, params);
    const run = (inTransaction.get(runner) ?? Promise.resolve()).then(() => rows<T>(this.m, sql, params));
    inTransaction.set(runner, run.catch(() => undefined));
    return run;
  }

  protected async one<T>(sql: string, params: unknown[] = []): Promise<T | null> {
    const [row] = await this.rows<T>(sql, params);
    return row ?? null;
  }
}

/** The last statement sent, by repositories, on each transaction's connection (`Repository.rows`). */
const inTransaction = new WeakMap<object, Promise<unknown>>();
