import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ZodValidationPipe } from 'nestjs-zod';
import type { Logger } from 'pino';
import { AuthGuard } from './common/auth/auth.guard';
import { Clock } from './common/clock';
import { CoreModule } from './common/core.module';
import { EnvelopeFilter } from './common/envelope.filter';
import type { AppConfig } from './config/app-config';
import { dataSourceOptions } from './database/data-source';
import { SchoolBoundDataSource } from './database/school-bound';
import { currentSchoolId } from './common/request-context';
import { RateLimitModule } from './common/rate-limit/rate-limit.module';
import { WorkspaceCoreModule } from './common/workspace/workspace-core.module';
import { MODULE_CLASSES } from './app.manifest';

export interface AppModuleOptions {
  config: AppConfig;
  databaseUrl: string;
  logger: Logger;
  clock?: Clock;
}

/**
 * The domain modules, one per area of the product: the workspace's core (access, school writes),
 * then every module of `MODULES` (app.manifest.ts), the one list a module is added to.
 */
export const DOMAIN_MODULES = [WorkspaceCoreModule, ...MODULE_CLASSES];

@Module({})
export class AppModule {
  static forRoot(opts: AppModuleOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(opts.config, opts.logger, opts.clock),
        // Every statement of a request (or job) bound to a school runs in that school's
        // row-level-security context (database/school-bound.ts, common/request-context.ts).
        TypeOrmModule.forRootAsync({
          useFactory: () => ({ ...dataSourceOptions(opts.databaseUrl, opts.config.databasePoolSize), migrations: [] }),
          dataSourceFactory: (options) => new SchoolBoundDataSource(options!, currentSchoolId).initialize(),
        }),
        RateLimitModule,
        ...DOMAIN_MODULES,
      ],
      providers: [
        { provide: APP_PIPE, useClass: ZodValidationPipe },
        { provide: APP_FILTER, useClass: EnvelopeFilter },
        { provide: APP_GUARD, useClass: AuthGuard },
      ],
    };
  }
}
