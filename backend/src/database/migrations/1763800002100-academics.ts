import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The global subject list as this migration seeds it, in catalogue order: a copy of shared's
 * GLOBAL_SUBJECTS as it was when the migration was written. A migration never imports a live
 * constant: a later change to the catalogue is a new migration, and this one stays what it ran as.
 */
const SEEDED_SUBJECTS: readonly { name: string; code: string; description: string }[] = [
  { name: 'English', code: 'ENG', description: 'Reading, writing, grammar and literature in English' },
  { name: 'Hindi', code: 'HIN', description: 'Reading, writing, grammar and literature in Hindi' },
  { name: 'Mathematics', code: 'MATH', description: 'Numbers, algebra, geometry, measurement and data' },
  { name: 'Science', code: 'SCI', description: 'General science: physics, chemistry and biology together' },
  { name: 'Social Studies', code: 'SST', description: 'History, geography, civics and economics together' },
  { name: 'Environmental Studies', code: 'EVS', description: 'Nature, family, society and the environment, for the primary classes' },
  { name: 'Computer Science', code: 'CS', description: 'Computing, programming and problem solving' },
  { name: 'Sanskrit', code: 'SAN', description: 'Sanskrit language and literature' },
  { name: 'Physics', code: 'PHY', description: 'Mechanics, heat, light, electricity and modern physics' },
  { name: 'Chemistry', code: 'CHEM', description: 'Physical, organic and inorganic chemistry' },
  { name: 'Biology', code: 'BIO', description: 'Living organisms, botany, zoology and human biology' },
  { name: 'History', code: 'HIST', description: 'Indian and world history' },
  { name: 'Geography', code: 'GEO', description: 'Physical and human geography, maps and resources' },
  { name: 'Civics', code: 'CIV', description: 'The Constitution, government and citizenship' },
  { name: 'Economics', code: 'ECO', description: 'Micro- and macroeconomics and the Indian economy' },
  { name: 'Accountancy', code: 'ACC', description: 'Bookkeeping, financial statements and partnership accounts' },
  { name: 'Business Studies', code: 'BST', description: 'Management, marketing and business finance' },
  { name: 'Physical Education', code: 'PE', description: 'Sports, fitness, yoga and health' },
  { name: 'Art and Craft', code: 'ART', description: 'Drawing, painting and craft work' },
  { name: 'Music', code: 'MUS', description: 'Vocal and instrumental music' },
  { name: 'General Knowledge', code: 'GK', description: 'Current affairs and general awareness' },
  { name: 'Moral Science', code: 'MS', description: 'Values, ethics and good conduct' },
  { name: 'Urdu', code: 'URD', description: 'Urdu language and literature' },
  { name: 'Punjabi', code: 'PUN', description: 'Punjabi language and literature' },
  { name: 'Bengali', code: 'BEN', description: 'Bengali language and literature' },
  { name: 'Tamil', code: 'TAM', description: 'Tamil language and literature' },
  { name: 'Telugu', code: 'TEL', description: 'Telugu language and literature' },
  { name: 'Marathi', code: 'MAR', description: 'Marathi language and literature' },
  { name: 'Gujarati', code: 'GUJ', description: 'Gujarati language and literature' },
  { name: 'Kannada', code: 'KAN', description: 'Kannada language and literature' },
  { name: 'Malayalam', code: 'MAL', description: 'Malayalam language and literature' },
  { name: 'Odia', code: 'ODI', description: 'Odia language and literature' },
  { name: 'French', code: 'FRE', description: 'French as a foreign language' },
  { name: 'German', code: 'GER', description: 'German as a foreign language' },
  { name: 'Informatics Practices', code: 'IP', description: 'Data handling, databases and Python for applications' },
  { name: 'Psychology', code: 'PSY', description: 'Human behaviour, development and mental processes' },
  { name: 'Sociology', code: 'SOC', description: 'Society, social institutions and change in India' },
  { name: 'Political Science', code: 'POL', description: 'Political theory, the Indian Constitution and world politics' },
  { name: 'Home Science', code: 'HSC', description: 'Nutrition, human development, textiles and resource management' },
  { name: 'Fine Arts', code: 'FA', description: 'Painting, sculpture and art history' },
  { name: 'Entrepreneurship', code: 'ENT', description: 'Starting and running a business' },
  { name: 'Applied Mathematics', code: 'AMATH', description: 'Mathematics for commerce and social sciences' },
  { name: 'Legal Studies', code: 'LEGAL', description: 'The Indian legal system, courts and rights' },
];

/**
 * Classes, sections and class subjects of a school, and the global subject list (seeded here, in
 * catalogue order). Every "already exists" is a unique index, so the
 * setup calls insert with ON CONFLICT DO NOTHING and a retry never duplicates anything.
 */
export class Academics1763800002100 implements MigrationInterface {
  name = 'Academics1763800002100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE global_subjects (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(100) NOT NULL,
        code varchar(20) NOT NULL,
        description text,
        sort_order integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX global_subjects_name_lower_uq ON global_subjects (lower(name))`);
    await q.query(`CREATE UNIQUE INDEX global_subjects_code_uq ON global_subjects (code)`);
    await q.query(
      `INSERT INTO global_subjects (name, code, description, sort_order)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int[])`,
      [
        SEEDED_SUBJECTS.map((s) => s.name),
        SEEDED_SUBJECTS.map((s) => s.code),
        SEEDED_SUBJECTS.map((s) => s.description),
        SEEDED_SUBJECTS.map((_, i) => i + 1),
      ],
    );

    await q.query(`
      CREATE TABLE classes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        school_id uuid NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
        academic_year varchar(7) NOT NULL,
        name varchar(20) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX classes_school_year_name_uq ON classes (school_id, academic_year, name)`);

    await q.query(`
      CREATE TABLE sections (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        class_id uuid NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
        name varchar(20) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX sections_class_name_lower_uq ON sections (class_id, lower(name))`);

    await q.query(`
      CREATE TABLE class_subjects (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        class_id uuid NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
        subject_id uuid NOT NULL REFERENCES global_subjects(id),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX class_subjects_class_subject_uq ON class_subjects (class_id, subject_id)`);
    await q.query(`CREATE INDEX class_subjects_subject_idx ON class_subjects (subject_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE class_subjects`);
    await q.query(`DROP TABLE sections`);
    await q.query(`DROP TABLE classes`);
    await q.query(`DROP TABLE global_subjects`);
  }
}
