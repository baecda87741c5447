import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Repository } from '../../database/repository';

export interface AcademicYearRow {
  id: string;
  name: string;
  starts_on: string;
  ends_on: string;
  is_current: boolean;
}

const COLUMNS = `id, name, to_char(starts_on, 'YYYY-MM-DD') AS starts_on, to_char(ends_on, 'YYYY-MM-DD') AS ends_on, is_current`;

/** Every query on `academic_years`. The school is the bound one (`this.schoolId`). */
@Injectable()
export class AcademicYearsRepository extends Repository {
  constructor(db: DataSource) {
    super(db);
  }

  list(): Promise<AcademicYearRow[]> {
    return this.rows<AcademicYearRow>(`SELECT ${COLUMNS} FROM academic_years WHERE school_id = $1 ORDER BY starts_on DESC`, [this.schoolId]);
  }

  find(id: string): Promise<AcademicYearRow | null> {
    return this.one<AcademicYearRow>(`SELECT ${COLUMNS} FROM academic_years WHERE school_id = $1 AND id = $2`, [this.schoolId, id]);
  }

  findByName(name: string): Promise<AcademicYearRow | null> {
    return this.one<AcademicYearRow>(`SELECT ${COLUMNS} FROM academic_years WHERE school_id = $1 AND name = $2`, [this.schoolId, name]);
  }

  current(): Promise<AcademicYearRow | null> {
    return this.one<AcademicYearRow>(`SELECT ${COLUMNS} FROM academic_years WHERE school_id = $1 AND is_current`, [this.schoolId]);
  }

  /** The current year when it begins after the year named (then that year is closed), else null. */
  laterCurrent(name: string): Promise<AcademicYearRow | null> {
    return this.one<AcademicYearRow>(
      `SELECT cur.id, cur.name, to_char(cur.starts_on, 'YYYY-MM-DD') AS starts_on, to_char(cur.ends_on, 'YYYY-MM-DD') AS ends_on, cur.is_current
         FROM academic_years y JOIN academic_years cur ON cur.school_id = y.school_id AND cur.is_current
        WHERE y.school_id = $1 AND y.name = $2 AND cur.starts_on > y.starts_on`,
      [this.schoolId, name],
    );
  }

  /** Serializes the school's year changes (in a transaction), so "which year is current" cannot race. */
  async lockSchoolYears(): Promise<void> {
    await this.m.query(`SELECT pg_advisory_xact_lock(hashtext('academic_years:' || $1::text))`, [this.schoolId]);
  }

  /** Inserts a year; null when the school already has one of that name. */
  insert(y: { name: string; startsOn: string; endsOn: string; isCurrent: boolean; now: Date }): Promise<AcademicYearRow | null> {
    return this.one<AcademicYearRow>(
      `INSERT INTO academic_years (school_id, name, starts_on, ends_on, is_current, created_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (school_id, name) DO NOTHING RETURNING ${COLUMNS}`,
      [this.schoolId, y.name, y.startsOn, y.endsOn, y.isCurrent, y.now],
    );
  }

  async makeCurrent(id: string): Promise<void> {
    await this.m.query(`UPDATE academic_years SET is_current = false WHERE school_id = $1 AND is_current AND id <> $2`, [this.schoolId, id]);
    await this.m.query(`UPDATE academic_years SET is_current = true WHERE school_id = $1 AND id = $2`, [this.schoolId, id]);
  }
}
