import { Controller, Get } from '@nestjs/common';
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
  check(): Promise<{ status: 'ok'; database: 'up' }> {
    return this.health.check();
  }
}
