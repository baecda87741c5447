import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PublicSchoolResult } from '@vidyalaya/shared/schools';
import { Public } from '../../common/auth/decorators';
import { PublicSchoolsService } from './public-schools.service';
import { ApiData } from '../../common/openapi';
import { PublicSchoolResponse } from '../schools';

@ApiTags('Public')
@Public()
@Controller('public/schools')
export class PublicSchoolsController {
  constructor(private readonly schools: PublicSchoolsService) {}

  @Get(':subdomain')
  @ApiData(PublicSchoolResponse)
  @ApiOperation({ summary: 'The public profile of an active school; 404 for anything else' })
  profile(@Param('subdomain') subdomain: string): Promise<PublicSchoolResult> {
    return this.schools.profile(subdomain);
  }
}
