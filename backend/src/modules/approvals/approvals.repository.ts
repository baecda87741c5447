import { Injectable } from '@nestjs/common';
import type { SchoolDecisionKind } from '@vidyalaya/shared/admin';
import { DataSource } from 'typeorm';
import { Repository } from '../../database/repository';
import { SchoolDecisionEntity } from './school-decision.entity';

/** Every query on the approvals module's table, `school_decisions` (kept forever, newest last). */
@Injectable()
export class ApprovalsRepository extends Repository {
  constructor(db: DataSource) {
    super(db);
  }

  /** A school's decisions with who took them, newest first. */
  history(schoolId: string): Promise<SchoolDecisionEntity[]> {
    return this.m.getRepository(SchoolDecisionEntity).find({
      where: { schoolId },
      relations: { decidedBy: true },
      order: { decidedAt: 'DESC', id: 'ASC' },
    });
  }

  /** The school's newest decision: who and when, or null. */
  latest(schoolId: string): Promise<{ decided_by: string; decided_at: Date } | null> {
    return this.one(`SELECT decided_by, decided_at FROM school_decisions WHERE school_id = $1 ORDER BY decided_at DESC, id DESC LIMIT 1`, [schoolId]);
  }

  async record(schoolId: string, decision: SchoolDecisionKind, reason: string | null, decidedById: string, decidedAt: Date): Promise<void> {
    await this.m.getRepository(SchoolDecisionEntity).insert({ schoolId, decision, reason, decidedById, decidedAt });
  }
}
