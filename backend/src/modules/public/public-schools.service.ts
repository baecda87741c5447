import { Injectable } from '@nestjs/common';
import { subdomainParamSchema } from '@vidyalaya/shared';
import { type PublicSchoolResult } from '@vidyalaya/shared/schools';
import { DomainException } from '../../common/domain.exception';
import { toPublicProfile } from '../schools';
import { SchoolsService } from '../schools/schools.service';

/** GET /public/schools/{subdomain}: only an active school is shown; inactive, unknown and malformed all answer 404. */
@Injectable()
export class PublicSchoolsService {
  constructor(private readonly schools: SchoolsService) {}

  async profile(rawSubdomain: string): Promise<PublicSchoolResult> {
    const parsed = subdomainParamSchema.safeParse({ subdomain: rawSubdomain });
    if (!parsed.success) throw new DomainException('SCHOOL_NOT_FOUND');
    const school = await this.schools.findActiveBySubdomain(parsed.data.subdomain);
    if (!school) throw new DomainException('SCHOOL_NOT_FOUND');
    return { school: toPublicProfile(school) };
  }
}
