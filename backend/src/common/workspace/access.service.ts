import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { DomainException } from '../domain.exception';
import { ACCESS_KINDS, type AccessKind, type AccessKindName } from './access-kinds';
import type { WorkspaceContext } from './workspace-context';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Proves that every id a request names belongs to the request's school, in one query however many
 * ids there are. Another school's record answers exactly like a missing one (404), so ids of other
 * schools can never be probed. Row scoping by role (a teacher's sections, a guardian's children)
 * builds on this in the modules that own those rows.
 */
@Injectable()
export class AccessService {
  constructor(private readonly db: DataSource) {}

  /** Throws 404 (the kind's code) unless every id in `ids` is a `kind` record of `ctx.schoolId`. */
  async require(ctx: Pick<WorkspaceContext, 'schoolId'>, kind: AccessKindName, ids: readonly string[], m?: EntityManager): Promise<void> {
    const spec: AccessKind = ACCESS_KINDS[kind];
    const wanted = [...new Set(ids.map((id) => id.toLowerCase()))];
    if (wanted.length === 0) return;
    if (!wanted.every((id) => UUID.test(id))) throw new DomainException(spec.notFound ?? 'NOT_FOUND');
    const [row]: { n: number }[] = await (m ?? this.db).query(
      `SELECT count(*)::int AS n FROM ${spec.table} WHERE school_id = $1 AND ${spec.idColumn ?? 'id'} = ANY($2::uuid[])`,
      [ctx.schoolId, wanted],
    );
    if (row.n !== wanted.length) throw new DomainException(spec.notFound ?? 'NOT_FOUND');
  }
}
