import { Injectable } from '@nestjs/common';
import type { Language, SchoolRole } from '@vidyalaya/shared';
import { DataSource } from 'typeorm';
import { Repository } from '../../database/repository';

export interface MySchoolRow {
  id: string;
  name: string;
  subdomain: string;
  role: SchoolRole;
  approval_status: 'pending' | 'approved' | 'rejected';
  is_active: boolean;
}

export interface HomeRow {
  id: string;
  name: string;
  subdomain: string;
  approval_status: 'pending' | 'approved' | 'rejected';
  is_active: boolean;
  plan_type: string;
  trial_ends_at: Date | null;
  max_students: number;
  year_id: string | null;
  year_name: string | null;
  starts_on: string | null;
  ends_on: string | null;
  students: number;
  members: number;
  classes: number;
  sections: number;
}

/** The workspace's own reads: a user's schools and language, a school's home numbers. */
@Injectable()
export class WorkspaceRepository extends Repository {
  constructor(db: DataSource) {
    super(db);
  }

  mySchools(userId: string): Promise<MySchoolRow[]> {
    return this.rows<MySchoolRow>(
      `SELECT s.id, s.name, s.subdomain, m.role, s.approval_status, s.is_active
         FROM school_members m JOIN schools s ON s.id = m.school_id
        WHERE m.user_id = $1 ORDER BY s.name, s.id`,
      [userId],
    );
  }

  async language(userId: string): Promise<Language | null> {
    const row = await this.one<{ language: Language }>(`SELECT language FROM users WHERE id = $1`, [userId]);
    return row?.language ?? null;
  }

  async setLanguage(userId: string, language: Language, now: Date): Promise<void> {
    await this.m.query(`UPDATE users SET language = $2, updated_at = $3 WHERE id = $1`, [userId, language, now]);
  }

  /** The school, its current year and its counts, in one query. */
  home(): Promise<HomeRow | null> {
    return this.one<HomeRow>(
      `SELECT s.id, s.name, s.subdomain, s.approval_status, s.is_active, s.plan_type, s.trial_ends_at, s.max_students, s.active_students AS students,
              y.id AS year_id, y.name AS year_name, to_char(y.starts_on, 'YYYY-MM-DD') AS starts_on, to_char(y.ends_on, 'YYYY-MM-DD') AS ends_on,
              (SELECT count(*)::int FROM school_members WHERE school_id = s.id) AS members,
              (SELECT count(*)::int FROM classes c WHERE c.school_id = s.id AND (y.name IS NULL OR c.academic_year = y.name)) AS classes,
              (SELECT count(*)::int FROM sections x JOIN classes c ON c.id = x.class_id
                WHERE x.school_id = s.id AND (y.name IS NULL OR c.academic_year = y.name)) AS sections
         FROM schools s LEFT JOIN academic_years y ON y.school_id = s.id AND y.is_current
        WHERE s.id = $1`,
      [this.schoolId],
    );
  }
}
