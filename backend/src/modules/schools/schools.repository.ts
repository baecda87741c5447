import { Injectable } from '@nestjs/common';
import type { PlanType } from '@vidyalaya/shared';
import type { ListSchoolsQuery } from '@vidyalaya/shared/admin';
import { DataSource, Raw, type DeepPartial } from 'typeorm';
import { escapeLike } from '../../database/like';
import { preparedQuery } from '../../database/prepared-query';
import { Repository } from '../../database/repository';
import { SchoolEntity } from './school.entity';

/** The dashboard summary's stored row (the read model of migration 1763800003000). */
export interface StoredSummaryRow {
  id: string;
  data_version: string | null; // bigint: pg returns it as a string
  built_version: string | null;
  format: number | null;
  body: string | null;
}

/**
 * Every query on the schools module's tables: `schools` and its read model `school_summaries`.
 * Uniqueness is the database's job (unique indexes on owner, subdomain and school code); the
 * service maps their violations to 409 codes.
 */
@Injectable()
export class SchoolsRepository extends Repository {
  constructor(db: DataSource) {
    super(db);
  }

  private get schools() {
    return this.m.getRepository(SchoolEntity);
  }

  findByOwner(ownerId: string): Promise<SchoolEntity | null> {
    return this.schools.findOneBy({ ownerId });
  }

  /** The school `id` if `ownerId` owns it (the tenancy guard's one query). */
  findOwned(id: string, ownerId: string): Promise<SchoolEntity | null> {
    return this.schools.findOneBy({ id, ownerId });
  }

  findById(id: string): Promise<SchoolEntity | null> {
    return this.schools.findOneBy({ id });
  }

  /** The school, row-locked until the transaction ends (call it on `repo.in(tx)`). */
  lockById(id: string): Promise<SchoolEntity | null> {
    return this.schools.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** The active school at this subdomain (ignoring case; `subdomain` is lower case already). */
  findActiveBySubdomain(subdomain: string): Promise<SchoolEntity | null> {
    return this.schools.findOneBy({ subdomain: Raw((column) => `lower(${column}) = :subdomain`, { subdomain }), isActive: true });
  }

  async insert(values: DeepPartial<SchoolEntity>): Promise<SchoolEntity> {
    const school = this.schools.create(values);
    await this.schools.insert(school);
    return school;
  }

  async save(school: SchoolEntity): Promise<void> {
    await this.schools.save(school);
  }

  async setPlan(id: string, planType: PlanType, now: Date): Promise<void> {
    await this.schools.update({ id }, { planType, updatedAt: now });
  }

  /** The owner of the school at this subdomain (ignoring case), or null. */
  async subdomainOwner(subdomain: string): Promise<string | null> {
    const row = await this.one<{ owner_id: string }>(`SELECT owner_id FROM schools WHERE lower(subdomain) = lower($1)`, [subdomain]);
    return row?.owner_id ?? null;
  }

  /** Which of these (lower-case) subdomains a school has. */
  async takenSubdomains(candidates: string[]): Promise<string[]> {
    const rows = await this.rows<{ subdomain: string }>(`SELECT lower(subdomain) AS subdomain FROM schools WHERE lower(subdomain) = ANY($1::text[])`, [candidates]);
    return rows.map((r) => r.subdomain);
  }

  /** The owner's school id with its stored summary, in one prepared query (the dashboard's hot read). */
  async storedSummary(ownerId: string): Promise<StoredSummaryRow | null> {
    const [row] = await preparedQuery<StoredSummaryRow>(
      this.m.connection,
      'stored-summary',
      `SELECT s.id, ss.data_version, ss.built_version, ss.format, ss.body
         FROM schools s LEFT JOIN school_summaries ss ON ss.school_id = s.id
        WHERE s.owner_id = $1`,
      [ownerId],
    );
    return row ?? null;
  }

  /** Stores a rebuilt summary, only if nothing changed the school since `dataVersion` was read. */
  async storeSummary(schoolId: string, format: number, body: string, dataVersion: string): Promise<void> {
    await this.m.query(
      `UPDATE school_summaries SET built_version = data_version, format = $2, body = $3
        WHERE school_id = $1 AND data_version = $4`,
      [schoolId, format, body, dataVersion],
    );
  }

  /**
   * Provider staff's queue: schools with their administrators. No status means 'pending' (longest
   * waiting first); 'all' and the decided statuses list the most recently changed first. The search
   * matches name, subdomain, city or the administrator's username, ignoring case.
   */
  async listWithOwners(query: ListSchoolsQuery): Promise<[SchoolEntity[], number]> {
    const status = query.status ?? 'pending';
    const qb = this.schools.createQueryBuilder('s').innerJoinAndSelect('s.owner', 'u');
    if (status !== 'all') qb.andWhere('s.approvalStatus = :status', { status });
    if (query.search) {
      qb.andWhere(
        `(s.name ILIKE :pattern ESCAPE '\\' OR s.subdomain ILIKE :pattern ESCAPE '\\' OR s.city ILIKE :pattern ESCAPE '\\' OR u.username ILIKE :pattern ESCAPE '\\')`,
        { pattern: `%${escapeLike(query.search)}%` },
      );
    }
    if (status === 'pending') qb.orderBy('s.submittedAt', 'ASC');
    else qb.orderBy('s.updatedAt', 'DESC');
    qb.addOrderBy('s.id', 'ASC').offset((query.page - 1) * query.pageSize).limit(query.pageSize);
    return qb.getManyAndCount();
  }

  /** One school with its administrator. */
  findWithOwner(id: string): Promise<SchoolEntity | null> {
    return this.schools.findOne({ where: { id }, relations: { owner: true } });
  }
}
