import { Injectable } from '@nestjs/common';
import type { HealthResult } from '@vidyalaya/shared';
import { DomainException } from '../../common/domain.exception';
import { HealthRepository } from './health.repository';

const PROBE_TIMEOUT_MS = 2000;

@Injectable()
export class HealthService {
  constructor(private readonly repo: HealthRepository) {}

  /** 200 when the database answers a trivial query in time, else 503 DATABASE_UNAVAILABLE. */
  async check(): Promise<HealthResult> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.repo.ping(),
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), PROBE_TIMEOUT_MS))),
      ]);
      return { status: 'ok', database: 'up' };
    } catch {
      throw new DomainException('DATABASE_UNAVAILABLE', { data: { status: 'error', database: 'down' } });
    } finally {
      clearTimeout(timer);
    }
  }
}
