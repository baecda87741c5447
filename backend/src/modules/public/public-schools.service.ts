import { Injectable } from '@nestjs/common';
import { subdomainParamSchema, type PublicSchoolResult } from '@vidyalaya/shared';
import { DataSource, Raw } from 'typeorm';
import { DomainException } from '../../common/domain.exception';
import { SchoolEntity, toPublicProfile } from '../schools';

/** GET /public/schools/{subdomain}: only an active school is shown; inactive, unknown and malformed all answer 404. */
@Injectable()
export class PublicSchoolsService {
  constructor(private readonly db: DataSource) {}

  async profile(rawSubdomain: string): Promise<PublicSchoolResult> {
    const parsed = subdomainParamSchema.safeParse({ subdomain: rawSubdomain });
    if (!parsed.success) throw new DomainException('SCHOOL_NOT_FOUND');
    const school = await this.db.getRepository(SchoolEntity).findOneBy({
      subdomain: Raw((column) => `lower(${column}) = :subdomain`, { subdomain: parsed.data.subdomain }),
      isActive: true,
    });
    if (!school) throw new DomainException('SCHOOL_NOT_FOUND');
    return { school: toPublicProfile(school) };
  }
}
