import { Global, Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { LOGGER } from '../logger';
import { PostgresRateLimitStore } from './postgres-rate-limit.store';
import { RateLimitService } from './rate-limit.service';
import { RateLimitStore } from './rate-limit.store';

/**
 * The rate limits, with their counters in Redis when REDIS_URL is set, else in PostgreSQL. The Redis
 * client (about 480 modules) is loaded only when REDIS_URL is set.
 */
@Global()
@Module({
  providers: [
    {
      provide: RateLimitStore,
      inject: [APP_CONFIG, DataSource, LOGGER],
      useFactory: async (config: AppConfig, db: DataSource, logger: Logger): Promise<RateLimitStore> => {
        if (!config.redisUrl) return new PostgresRateLimitStore(db);
        const { RedisRateLimitStore } = await import('./redis-rate-limit.store.js');
        return new RedisRateLimitStore(config.redisUrl, config.redisKeyPrefix, logger);
      },
    },
    RateLimitService,
  ],
  exports: [RateLimitService],
})
export class RateLimitModule {}
