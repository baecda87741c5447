import { Controller, Get } from '@nestjs/common';
import { Public } from '../../common/auth/decorators';
import { HealthService } from './health.service';

@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Public()
  @Get()
  check(): Promise<{ status: 'ok'; database: 'up' }> {
    return this.health.check();
  }
}
