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

  protected rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return rows<T>(this.m, sql, params);
  }

  protected async one<T>(sql: string, params: unknown[] = []): Promise<T | null> {
    const [row] = await rows<T>(this.m, sql, params);
    return row ?? null;
  }
}
