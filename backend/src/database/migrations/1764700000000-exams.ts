import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Exams, marks, results and report cards (DECISIONS "Exams and report cards"; issue 17).
 * Self-contained: no live constant is imported.
 *
 * - `exams`: one exam (a term's assessment) for some classes of a year, with its components
 *   (`[{name, maxMarks, bestOf?, passPercent?}]`); `published_at` set while its results are
 *   published (marks locked).
 * - `exam_papers`: the date sheet, one paper per class and subject.
 * - `exam_marks`: one mark per student, subject and component: a number, or absent (`AB`).
 * - `exam_report_notes`: co-scholastic grades and the class teacher's remarks per student and exam.
 * - `report_card_snapshots`: what each student's report card showed for an exam when its results
 *   were published (frozen: later edits to the student or marks do not change it).
 * - `report_card_files`: a section's report cards as one PDF, made by a background job.
 * - Row-level security on every table, as in migration 1764100000000.
 */
export class Exams1764700000000 implements MigrationInterface {
  name = 'Exams1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE exams (
        school_id uuid NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        name varchar(100) NOT NULL,
        academic_year varchar(7) NOT NULL,
        term smallint NOT NULL DEFAULT 1 CHECK (term BETWEEN 1 AND 4),
        class_ids uuid[] NOT NULL,
        components jsonb NOT NULL,
        published_at timestamptz,
        published_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (school_id, id)
      )`);
    await q.query(`CREATE INDEX exams_year_idx ON exams (school_id, academic_year, term)`);

    await q.query(`
      CREATE TABLE exam_papers (
        school_id uuid NOT NULL,
        exam_id uuid NOT NULL,
        class_id uuid NOT NULL,
        subject_id uuid NOT NULL REFERENCES global_subjects(id),
        on_date date NOT NULL,
        starts_at varchar(5) NOT NULL,
        ends_at varchar(5) NOT NULL,
        PRIMARY KEY (school_id, exam_id, class_id, subject_id),
        FOREIGN KEY (school_id, exam_id) REFERENCES exams (school_id, id) ON DELETE CASCADE,
        FOREIGN KEY (school_id, class_id) REFERENCES classes (school_id, id) ON DELETE CASCADE
      )`);

    await q.query(`
      CREATE TABLE exam_marks (
        school_id uuid NOT NULL,
        exam_id uuid NOT NULL,
        student_id uuid NOT NULL,
        subject_id uuid NOT NULL REFERENCES global_subjects(id),
        component varchar(60) NOT NULL,
        marks numeric(7, 2),
        absent boolean NOT NULL DEFAULT false,
        section_id uuid NOT NULL,
        updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (school_id, exam_id, student_id, subject_id, component),
        CHECK ((marks IS NULL) = absent),
        FOREIGN KEY (school_id, exam_id) REFERENCES exams (school_id, id) ON DELETE CASCADE,
        FOREIGN KEY (school_id, student_id) REFERENCES students (school_id, id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX exam_marks_section_idx ON exam_marks (school_id, exam_id, section_id, subject_id)`);

    await q.query(`
      CREATE TABLE exam_report_notes (
        school_id uuid NOT NULL,
        exam_id uuid NOT NULL,
        student_id uuid NOT NULL,
        co_scholastic jsonb NOT NULL DEFAULT '{}',
        remarks varchar(300),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (school_id, exam_id, student_id),
        FOREIGN KEY (school_id, exam_id) REFERENCES exams (school_id, id) ON DELETE CASCADE,
        FOREIGN KEY (school_id, student_id) REFERENCES students (school_id, id) ON DELETE CASCADE
      )`);

    await q.query(`
      CREATE TABLE report_card_snapshots (
        school_id uuid NOT NULL,
        exam_id uuid NOT NULL,
        student_id uuid NOT NULL,
        data jsonb NOT NULL,
        published_at timestamptz NOT NULL,
        PRIMARY KEY (school_id, exam_id, student_id),
        FOREIGN KEY (school_id, exam_id) REFERENCES exams (school_id, id) ON DELETE CASCADE,
        FOREIGN KEY (school_id, student_id) REFERENCES students (school_id, id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX report_card_snapshots_student_idx ON report_card_snapshots (school_id, student_id)`);

    await q.query(`
      CREATE TABLE report_card_files (
        school_id uuid NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
        id uuid NOT NULL,
        section_id uuid NOT NULL,
        bytes bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (school_id, id)
      )`);

    for (const table of TABLES) {
      await q.query(`ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY`);
      await q.query(`
        CREATE POLICY ${table}_school ON ${table}
          USING (school_id = nullif(current_setting('app.school_id', true), '')::uuid)
          WITH CHECK (school_id = nullif(current_setting('app.school_id', true), '')::uuid)`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [...TABLES].reverse()) await q.query(`DROP TABLE ${table}`);
  }
}

const TABLES = ['exams', 'exam_papers', 'exam_marks', 'exam_report_notes', 'report_card_snapshots', 'report_card_files'];
