import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Repository } from '../../database/repository';

/** The health probe's one query. */
@Injectable()
export class HealthRepository extends Repository {
  constructor(db: DataSource) {
    super(db);
  }

  /** A trivial round trip to the database. */
  async ping(): Promise<void> {
    await this.m.query('SELECT 1');
  }
}
