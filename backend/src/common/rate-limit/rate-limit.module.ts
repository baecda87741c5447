import { Global, Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { LOGGER } from '../logger';
import { PostgresRateLimitStore } from './postgres-rate-limit.store';
import { RateLimitService } from './rate-limit.service';
import { RateLimitStore } from './rate-limit.store';
import { RedisRateLimitStore } from './redis-rate-limit.store';

/** The rate limits, with their counters in Redis when REDIS_URL is set, else in PostgreSQL. */
@Global()
@Module({
  providers: [
    {
      provide: RateLimitStore,
      inject: [APP_CONFIG, DataSource, LOGGER],
      useFactory: (config: AppConfig, db: DataSource, logger: Logger): RateLimitStore =>
        config.redisUrl ? new RedisRateLimitStore(config.redisUrl, config.redisKeyPrefix, logger) : new PostgresRateLimitStore(db),
    },
    RateLimitService,
  ],
  exports: [RateLimitService],
})
export class RateLimitModule {}
