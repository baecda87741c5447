import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/access-tokens';
import { DomainException } from '../../common/domain.exception';
import { SchoolWrites } from '../../common/workspace/school-writes';
import { StudentsRepository } from './students.repository';
import { isUuid } from '../../common/uuid';


/**
 * PATCH /admin/schools/{id} {maxStudents} (provider staff, DECISIONS "Free trial"): raises or
 * lowers a school's student limit until paid plans open. Recorded as a `student_limit` decision
 * in the school's history and in its audit log. Lowering below the current count is allowed: it
 * only stops new admissions.
 */
@Injectable()
export class SchoolLimitService {
  constructor(
    private readonly repo: StudentsRepository,
    private readonly writes: SchoolWrites,
  ) {}

  async set(staff: AuthUser, schoolId: string, maxStudents: number): Promise<{ school: { id: string; maxStudents: number; activeStudents: number } }> {
    if (!isUuid(schoolId)) throw new DomainException('SCHOOL_NOT_FOUND');
    return this.writes.run({ schoolId, userId: staff.id }, async (tx) => {
      const repo = this.repo.in(tx.m);
      const changed = await repo.setMaxStudents(maxStudents, staff.id, tx.now);
      if (!changed) throw new DomainException('SCHOOL_NOT_FOUND');
      await tx.audit({ action: 'school.student_limit_changed', entity: 'school', entityId: schoolId, before: { maxStudents: changed.before }, after: { maxStudents } });
      const counts = await repo.counts();
      return { school: { id: schoolId, maxStudents, activeStudents: counts.active } };
    });
  }
}
