import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Clock } from '../clock';
import type { OpeningStatement } from '../../database/school-bound';
import { withSchool } from '../../database/with-school';

/** Who acts in which school: a workspace context, or the user accepting an invitation. */
export interface Actor {
  readonly schoolId: string;
  readonly userId: string | null;
}

export interface AuditEntry {
  /** What was done, e.g. `member.role_changed`, `invitation.created`. */
  action: string;
  /** The kind of record, e.g. `member`, `invitation`, `academic_year`. */
  entity: string;
  entityId: string | null;
  /** The record before the change (edits, removals) and after it (creations, edits); never secrets. */
  before?: unknown;
  after?: unknown;
  /** Who did it, when not the transaction's actor (e.g. the account an invitation just made). */
  actorId?: string;
}

/** The columns of an audit_log row, in the order of SchoolTx.auditRow's values. */
export const AUDIT_COLUMNS = 'school_id, at, actor_id, action, entity, entity_id, before, after';

/** A workspace write's transaction: the school-bound manager and the audit record of what it did. */
export class SchoolTx {
  private recorded = 0;

  constructor(
    readonly m: EntityManager,
    readonly actor: Actor,
    readonly now: Date,
  ) {}

  /** Appends to the school's audit log in this same transaction (it commits or rolls back with the change). */
  async audit(entry: AuditEntry): Promise<void> {
    await this.m.query(`INSERT INTO audit_log (${AUDIT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb)`, this.auditRow(entry));
  }

  /**
   * The audit entry as the values of one audit_log row (AUDIT_COLUMNS, in order), for a write that
   * inserts it in the same statement as its change (a data-modifying WITH, one round trip instead of
   * two). It counts as recorded: the caller runs that statement in this transaction.
   */
  auditRow(entry: AuditEntry): [string, Date, string | null, string, string, string | null, string | null, string | null] {
    this.recorded += 1;
    return [
      this.actor.schoolId,
      this.now,
      entry.actorId ?? this.actor.userId,
      entry.action,
      entry.entity,
      entry.entityId,
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
    ];
  }

  /** A transaction that turned out to change nothing (e.g. a retried request) says so instead of auditing. */
  nothingChanged(): void {
    this.recorded += 1;
  }

  get audited(): boolean {
    return this.recorded > 0;
  }
}

/**
 * THE way a workspace write happens: one transaction bound to the school (row-level security on,
 * `database/with-school.ts`) in which the change and its audit entry are written together. A
 * write that records no audit entry (and does not say it changed nothing) is a programming error
 * and rolls back.
 */
@Injectable()
export class SchoolWrites {
  constructor(
    private readonly db: DataSource,
    private readonly clock: Clock,
  ) {}

  /**
   * `first`: a statement the transaction starts with, in the same exchange as its start (a write's
   * first lock, from its repository; `database/school-bound.ts` `openingStatement`).
   */
  run<T>(actor: Actor, fn: (tx: SchoolTx) => Promise<T>, first?: OpeningStatement): Promise<T> {
    return withSchool(
      this.db,
      actor.schoolId,
      async (m) => {
        const tx = new SchoolTx(m, actor, this.clock.now());
        const result = await fn(tx);
        if (!tx.audited) throw new Error('A workspace write must record an audit entry (SchoolTx.audit)');
        return result;
      },
      first,
    );
  }
}
