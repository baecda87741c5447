import { DynamicModule, Global, Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Clock, SystemClock } from './clock';
import { LOGGER } from './logger';
import { WebAppService } from './web-app.service';

/** Configuration, clock and logger, available everywhere. */
@Global()
@Module({})
export class CoreModule {
  static forRoot(config: AppConfig, logger: Logger, clock: Clock = new SystemClock()): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: LOGGER, useValue: logger },
        { provide: Clock, useValue: clock },
        WebAppService,
      ],
      exports: [APP_CONFIG, LOGGER, Clock, WebAppService],
    };
  }
}
