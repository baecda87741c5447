import { Global, Injectable, Module } from '@nestjs/common';
import { SchoolOwnership } from '../../common/tenancy/school-owner.guard';
import type { SchoolEntity } from './school.entity';
import { SchoolsRepository } from './schools.repository';

/** The tenancy guard's question, answered by the schools module's repository. */
@Injectable()
export class SchoolOwnershipService extends SchoolOwnership {
  constructor(private readonly repo: SchoolsRepository) {
    super();
  }

  findOwned(schoolId: string, ownerId: string): Promise<SchoolEntity | null> {
    return this.repo.findOwned(schoolId, ownerId);
  }
}

/**
 * Global, because `@OwnedSchool()` routes live in more than one module (schools, academics) and
 * academics cannot import the schools module (schools imports academics). Imported once, by
 * SchoolsModule.
 */
@Global()
@Module({
  providers: [SchoolsRepository, { provide: SchoolOwnership, useClass: SchoolOwnershipService }],
  exports: [SchoolOwnership],
})
export class SchoolOwnershipModule {}
