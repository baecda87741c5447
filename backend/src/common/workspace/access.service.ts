import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { DomainException } from '../domain.exception';
import { ACCESS_KINDS, GUARDIAN_CHILDREN_SQL, type AccessKind, type AccessKindName } from './access-kinds';
import type { WorkspaceContext } from './workspace-context';
import { isUuid } from '../uuid';


/** Who names the ids: the school always; the role and user when the caller may be a guardian (every workspace context has them). */
export type AccessCaller = Pick<WorkspaceContext, 'schoolId'> & Partial<Pick<WorkspaceContext, 'role' | 'userId'>>;

/**
 * Proves that every id a request names belongs to the request's school, in one query however many
 * ids there are. Another school's record answers exactly like a missing one (404), so ids of other
 * schools can never be probed.
 *
 * Guardians, by construction (docs/architecture.md "Guardians see their own children"): for a
 * caller whose role is `guardian`, a record is found only when its kind allows guardians
 * (`ACCESS_KINDS[kind].guardian`): a student only when linked to the caller, a section or class
 * only when one of their children is (or was) in it, a record of a student only when that student
 * is theirs. Everything else answers 404, exactly as a missing record. List queries that return
 * students' rows narrow with `guardianStudentIds(ctx)`.
 */
@Injectable()
export class AccessService {
  constructor(private readonly db: DataSource) {}

  /** Throws 404 (the kind's code) unless every id in `ids` is a `kind` record of `ctx.schoolId` that the caller may name. */
  async require(ctx: AccessCaller, kind: AccessKindName, ids: readonly string[], m?: EntityManager): Promise<void> {
    const spec: AccessKind = ACCESS_KINDS[kind];
    const wanted = [...new Set(ids.map((id) => id.toLowerCase()))];
    if (wanted.length === 0) return;
    const notFound = () => new DomainException(spec.notFound ?? 'NOT_FOUND');
    if (!wanted.every(isUuid)) throw notFound();
    const params: unknown[] = [ctx.schoolId, wanted];
    let scope = '';
    if (ctx.role === 'guardian') {
      if (!spec.guardian || !ctx.userId) throw notFound();
      if (spec.guardian !== 'school') {
        params.push(ctx.userId);
        scope = ` AND (${spec.guardian})`;
      }
    }
    const [row]: { n: number }[] = await (m ?? this.db).query(
      `SELECT count(*)::int AS n FROM ${spec.table} r WHERE r.school_id = $1 AND r.${spec.idColumn ?? 'id'} = ANY($2::uuid[])${scope}`,
      params,
    );
    if (row.n !== wanted.length) throw notFound();
  }

  /**
   * The students a caller's rows are limited to: `null` for staff roles (not limited by
   * guardianship; a teacher's own narrowing is the module's), the ids of their linked children for
   * a guardian (possibly none). A list query filters `student_id = ANY($n)` when it is an array.
   */
  async guardianStudentIds(ctx: AccessCaller, m?: EntityManager): Promise<string[] | null> {
    if (ctx.role !== 'guardian') return null;
    if (!ctx.userId) return [];
    const rows: { student_id: string }[] = await (m ?? this.db).query(GUARDIAN_CHILDREN_SQL.replace('$3', '$2') + ' ORDER BY gu.student_id', [ctx.schoolId, ctx.userId]);
    return rows.map((r) => r.student_id);
  }
}
