import { Controller, Get } from '@nestjs/common';
import type { HealthResult } from '@vidyalaya/shared';
import { Public } from '../../common/auth/decorators';
import { HealthService } from './health.service';
import { ApiData } from '../../common/openapi';
import { HealthResponse } from './health.responses';

@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Public()
  @Get()
  @ApiData(HealthResponse)
  check(): Promise<HealthResult> {
    return this.health.check();
  }
}
