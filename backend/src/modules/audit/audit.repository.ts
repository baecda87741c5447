import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Repository } from '../../database/repository';

export interface AuditRow {
  id: string;
  at: Date;
  actor_id: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
}

/**
 * Reads of `audit_log`. Its rows are written only by `SchoolTx.audit` (common/workspace/school-writes.ts)
 * inside each workspace write's transaction; the table refuses UPDATE and DELETE.
 */
@Injectable()
export class AuditRepository extends Repository {
  constructor(db: DataSource) {
    super(db);
  }

  async page(entity: string | undefined, page: number, pageSize: number): Promise<{ rows: AuditRow[]; total: number }> {
    const rows = await this.rows<AuditRow>(
      `SELECT a.id::text AS id, a.at, a.actor_id, a.action, a.entity, a.entity_id, a.before, a.after
         FROM audit_log a
        WHERE a.school_id = $1 AND ($2::text IS NULL OR a.entity = $2)
        ORDER BY a.id DESC LIMIT $3 OFFSET $4`,
      [this.schoolId, entity ?? null, pageSize, (page - 1) * pageSize],
    );
    const total = await this.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE school_id = $1 AND ($2::text IS NULL OR entity = $2)`,
      [this.schoolId, entity ?? null],
    );
    return { rows, total: total?.n ?? 0 };
  }
}
