import { Injectable } from '@nestjs/common';
import { SCHOLASTIC_GRADES } from '@vidyalaya/shared/exams';
import { DataSource } from 'typeorm';
import { Repository } from '../../database/repository';

/**
 * The insights' queries (DECISIONS "Insights"; issue 38): read-only aggregates over the attendance,
 * fees, exams and students tables. Every figure is summed, counted or averaged by the database;
 * only the answer's few rows (a day, a month, a class, a subject) come back to the process.
 */
export interface YearRow {
  id: string | null;
  name: string;
  starts_on: string;
  ends_on: string;
}
export interface PercentRow {
  key: string;
  name: string | null;
  /** Twice the days present: present and late count 2, a half day 1. */
  points2: number;
  marks: number;
}
export type SubjectScoreRow = { subject_id: string; mean: string } & Record<string, string | number>;
export interface SectionScoreRow {
  section_id: string;
  mean: string;
}
export interface ExamRow {
  id: string;
  name: string;
  academic_year: string;
  published: boolean;
}

/** Points ×2 of a mark: present and late 2, half day 1, absent and leave 0. */
const POINTS2 = `CASE WHEN m.status IN ('present', 'late') THEN 2 WHEN m.status = 'half_day' THEN 1 ELSE 0 END`;
const d = (col: string) => `to_char(${col}, 'YYYY-MM-DD')`;

/** The CBSE grade of a percentage column (rounded half up to a whole number first, as scholasticGrade). */
const GRADE_SQL = `CASE ${SCHOLASTIC_GRADES.map((g) => `WHEN round(pct) >= ${g.min} THEN '${g.grade}'`).join(' ')} END`;

/** A school's attendance flag changes are folded into one row a day when the 75 % count is computed and they hold more rows than this. */
const FLIPS_FOLD = 1000;

/** A topic's change log is folded into one row when a kept answer is computed and it holds more rows than this. */
const CHANGE_LOG_FOLD = 200;

@Injectable()
export class InsightsRepository extends Repository {
  constructor(db: DataSource) {
    super(db);
  }

  /** The school's year of that name, or its current year when no name is given. */
  year(name?: string): Promise<YearRow | null> {
    return name
      ? this.one(`SELECT id, name, ${d('starts_on')} AS starts_on, ${d('ends_on')} AS ends_on FROM academic_years WHERE school_id = $1 AND name = $2`, [this.schoolId, name])
      : this.one(`SELECT id, name, ${d('starts_on')} AS starts_on, ${d('ends_on')} AS ends_on FROM academic_years WHERE school_id = $1 AND is_current`, [this.schoolId]);
  }

  /**
   * A kept answer (insights_answers, migration 1766000000100): used while the school's version of its
   * topic (the sum of its change log, migration 1766000000200) is the one it was computed from, and it
   * holds for `asOf`; else `compute` runs and its answer is kept with the version read before it ran
   * (a write committed meanwhile raised the version, so the answer kept is never used stale). A miss
   * also drops the topic's answers of earlier days and folds its log into one row once it holds more
   * than CHANGE_LOG_FOLD rows.
   */
  async kept<T>(topic: 'fees' | 'results' | 'attendance', key: string, asOf: string, compute: () => Promise<T>): Promise<T> {
    const row = await this.one<{ version: string; rows: number; answer: T | null }>(
      `WITH v AS (SELECT COALESCE(sum(n), 0) AS version, count(*)::int AS rows FROM insights_changes WHERE school_id = $1 AND topic = $2)
       SELECT v.version::text AS version, v.rows, a.answer
         FROM v LEFT JOIN insights_answers a ON a.school_id = $1 AND a.topic = $2 AND a.key = $3 AND a.version = v.version AND a.as_of = $4::date`,
      [this.schoolId, topic, key, asOf],
    );
    if (row?.answer) return row.answer;
    const answer = await compute();
    await this.m.query(
      `INSERT INTO insights_answers (school_id, topic, key, version, as_of, answer) VALUES ($1, $2, $3, $4::bigint, $5::date, $6::jsonb)
       ON CONFLICT (school_id, topic, key) DO UPDATE SET version = excluded.version, as_of = excluded.as_of, answer = excluded.answer, computed_at = now()`,
      [this.schoolId, topic, key, row?.version ?? '0', asOf, JSON.stringify(answer)],
    );
    // Answers kept for an earlier day are never used again.
    await this.m.query(`DELETE FROM insights_answers WHERE school_id = $1 AND topic = $2 AND as_of < $3::date`, [this.schoolId, topic, asOf]);
    if ((row?.rows ?? 0) > CHANGE_LOG_FOLD) await this.fold(topic);
    return answer;
  }

  /**
   * The school's version of a topic (the sum of its change log) and how many rows the log holds;
   * when it holds more than CHANGE_LOG_FOLD, they are folded into one first (the version unchanged),
   * so that reading it stays one indexed sum of a few rows.
   */
  async version(topic: 'fees' | 'results' | 'attendance'): Promise<string> {
    const row = await this.one<{ version: string; rows: number }>(
      `SELECT COALESCE(sum(n), 0)::text AS version, count(*)::int AS rows FROM insights_changes WHERE school_id = $1 AND topic = $2`,
      [this.schoolId, topic],
    );
    if ((row?.rows ?? 0) > CHANGE_LOG_FOLD) await this.fold(topic);
    return row?.version ?? '0';
  }

  /**
   * The school's flag changes (insights_attendance_flips) folded into one row a day once it holds more
   * than FLIPS_FOLD rows (each save adds its own, migration 1766000000400): one statement deletes the
   * rows it sums and inserts the sums, so every day's count stays what it was; a row a save adds
   * meanwhile is not among those deleted and still counts.
   */
  async foldFlips(): Promise<void> {
    await this.m.query(
      `WITH gone AS (
         DELETE FROM insights_attendance_flips WHERE school_id = $1 AND (SELECT count(*) FROM insights_attendance_flips WHERE school_id = $1) > $2
         RETURNING date, delta)
       INSERT INTO insights_attendance_flips (school_id, date, delta) SELECT $1, date, sum(delta) FROM gone GROUP BY date HAVING sum(delta) <> 0`,
      [this.schoolId, FLIPS_FOLD],
    );
  }

  /** The topic's log folded into one row: one statement, the rows it deletes are the ones it sums, so the version stays where it was. */
  private async fold(topic: string): Promise<void> {
    await this.m.query(
      `WITH gone AS (DELETE FROM insights_changes WHERE school_id = $1 AND topic = $2 RETURNING n)
       INSERT INTO insights_changes (school_id, topic, n) SELECT $1, $2, sum(n) FROM gone HAVING count(*) > 0`,
      [this.schoolId, topic],
    );
  }

  // ── attendance ──────────────────────────────────────────────────────────
  /**
   * Per marked day of the range: the points and the marks (a class's sections only when named), from
   * the section-days summary. Its key is (school, date, section): the school's sections are a hashed
   * list the range's rows are checked against, not a join probing the key once per section (with
   * 1,000 schools the planner chose the probes: 60 scans of the whole range, 4–7 ms instead of 1).
   */
  attendanceDays(from: string, to: string, classId: string | null): Promise<PercentRow[]> {
    return this.rows(
      `SELECT ${d('a.date')} AS key, NULL AS name, sum(a.points2)::int AS points2, sum(a.marks)::int AS marks
         FROM insights_attendance_days a
        WHERE a.school_id = $1 AND a.date BETWEEN $2::date AND $3::date
          AND a.section_id IN (SELECT s.id FROM sections s WHERE s.school_id = $1 AND ($4::uuid IS NULL OR s.class_id = $4::uuid))
        GROUP BY a.date ORDER BY a.date`,
      [this.schoolId, from, to, classId],
    );
  }

  /** Per class with marks in the range: its pooled points and marks, from the section-days summary, summed per section first (see attendanceDays). */
  attendanceClasses(from: string, to: string, classId: string | null): Promise<PercentRow[]> {
    return this.rows(
      `SELECT c.id AS key, c.name, sum(a.points2)::int AS points2, sum(a.marks)::int AS marks
         FROM (SELECT section_id, sum(points2) AS points2, sum(marks) AS marks FROM insights_attendance_days
                WHERE school_id = $1 AND date BETWEEN $2::date AND $3::date GROUP BY section_id) a
         JOIN sections s ON s.school_id = $1 AND s.id = a.section_id
         JOIN classes c ON c.school_id = $1 AND c.id = s.class_id
        WHERE ($4::uuid IS NULL OR s.class_id = $4::uuid)
        GROUP BY c.id, c.name`,
      [this.schoolId, from, to, classId],
    );
  }

  /**
   * Whether the running summary (insights_attendance_running) answers the 75 % count of the whole
   * school from `yearStart` to `to`: the summary's years start where the school's year containing the
   * day does, so every day of the range must fall in the year starting at `yearStart`.
   */
  async runningSummaryFits(yearStart: string, from: string, to: string): Promise<boolean> {
    const row = await this.one<{ fits: boolean }>(
      `SELECT insights_year_start($1, $3::date) = $2::date AND insights_year_start($1, $4::date) = $2::date
              AND NOT EXISTS (SELECT 1 FROM academic_years y WHERE y.school_id = $1 AND y.starts_on > $2::date AND y.starts_on <= $4::date) AS fits`,
      [this.schoolId, yearStart, from, to],
    );
    return row?.fits === true;
  }

  /**
   * The 75 % count of the whole school from the running summary: on each marked day of the range, the
   * sum of the students' flag changes (insights_attendance_flips, rows added by each save, migration
   * 1766000000400) from the year's start to that day, which is the number of students whose running
   * percentage is under 75 on that day.
   */
  belowThresholdSummary(yearStart: string, from: string, to: string): Promise<{ date: string; count: number }[]> {
    return this.rows(
      `WITH days AS (
         SELECT DISTINCT date FROM insights_attendance_days WHERE school_id = $1 AND date BETWEEN $3::date AND $4::date
       ), before AS (
         SELECT COALESCE(sum(delta), 0) AS n FROM insights_attendance_flips WHERE school_id = $1 AND date >= $2::date AND date < $3::date
       ), per AS (
         SELECT date, sum(delta) AS n FROM insights_attendance_flips WHERE school_id = $1 AND date BETWEEN $3::date AND $4::date GROUP BY date
       )
       SELECT ${d('x.date')} AS date, ((SELECT n FROM before) + sum(COALESCE(p.n, 0)) OVER (ORDER BY x.date))::int AS count
         FROM days x LEFT JOIN per p ON p.date = x.date ORDER BY x.date`,
      [this.schoolId, yearStart, from, to],
    );
  }

  /**
   * Per marked day of the range: how many students' running percentage from `yearStart` to that day
   * is under the threshold: each student's totals before the range plus a running sum over the range's
   * marked days (a day on which the student's section was not marked carries the last figure).
   */
  belowThreshold(yearStart: string, from: string, to: string, classId: string | null, threshold: number): Promise<{ date: string; count: number }[]> {
    return this.rows(
      // Each student's totals before the range (one aggregate), then a running sum over the range's marked
      // days only (students × days, joined on equality): a join of every day to every running total of
      // the year took seconds at 2,000 students.
      `WITH base AS (
         SELECT m.student_id, sum(${POINTS2}) FILTER (WHERE m.date < $3::date) AS p2, count(*) FILTER (WHERE m.date < $3::date) AS n
           FROM attendance_marks m JOIN sections s ON s.school_id = m.school_id AND s.id = m.section_id
          WHERE m.school_id = $1 AND m.date BETWEEN $2::date AND $4::date AND ($5::uuid IS NULL OR s.class_id = $5::uuid)
          GROUP BY m.student_id
       ), per AS (
         SELECT m.student_id, m.date, sum(${POINTS2}) AS p2, count(*) AS n
           FROM attendance_marks m JOIN sections s ON s.school_id = m.school_id AND s.id = m.section_id
          WHERE m.school_id = $1 AND m.date BETWEEN GREATEST($2::date, $3::date) AND $4::date AND ($5::uuid IS NULL OR s.class_id = $5::uuid)
          GROUP BY m.student_id, m.date
       ), days AS (
         SELECT DISTINCT date FROM per
       ), run AS (
         SELECT x.date,
                COALESCE(b.p2, 0) + COALESCE(sum(p.p2) OVER w, 0) AS cp,
                b.n + COALESCE(sum(p.n) OVER w, 0) AS cn
           FROM base b CROSS JOIN days x LEFT JOIN per p ON p.student_id = b.student_id AND p.date = x.date
         WINDOW w AS (PARTITION BY b.student_id ORDER BY x.date)
       )
       SELECT ${d('date')} AS date, count(*) FILTER (WHERE cp * 100 < $6::int * 2 * cn)::int AS count
         FROM run GROUP BY date ORDER BY date`,
      [this.schoolId, yearStart, from, to, classId, threshold],
    );
  }

  // ── fees ────────────────────────────────────────────────────────────────
  /**
   * The net of concessions (no late fee) of every item owed by the active students of the year's
   * structures, and what is paid against it by \`asOf\`, summed per instalment. The concession rule is
   * fees/schemas.ts's: percents floor(amount × percent ÷ 100) per item, capped at the item; an amount spread
   * over the items it covers, oldest due first; an RTE student without an 'rte' concession has the
   * tuition heads waived in full.
   */
  private owedSql(): string {
    return `WITH pupils AS (
        SELECT s.id AS student_id, s.rte, fs.id AS structure_id
          FROM students s
          LEFT JOIN student_enrolments e ON e.school_id = s.school_id AND e.student_id = s.id AND e.academic_year_id = $3::uuid
          JOIN fee_structures fs ON fs.school_id = s.school_id AND fs.academic_year = $2 AND fs.class_id = COALESCE(e.class_id, s.class_id)
         WHERE s.school_id = $1 AND s.status = 'active'
      ), items AS (
        SELECT p.student_id, i.id AS instalment_id, i.due_on, i.position AS ipos, it.head_id, it.position AS hpos, it.amount::bigint AS amount
          FROM pupils p
          JOIN fee_instalments i ON i.school_id = $1 AND i.structure_id = p.structure_id
          JOIN fee_instalment_items it ON it.school_id = $1 AND it.instalment_id = i.id
      ), conc AS (
        SELECT c.student_id, c.id, c.percent, c.amount::bigint AS amount, c.head_ids
          FROM fee_concessions c WHERE c.school_id = $1 AND c.student_id IN (SELECT student_id FROM pupils)
        UNION ALL
        SELECT p.student_id, NULL, 100, NULL, ARRAY(SELECT h.id FROM fee_heads h WHERE h.school_id = $1 AND h.tuition)
          FROM pupils p
         WHERE p.rte AND NOT EXISTS (SELECT 1 FROM fee_concessions c WHERE c.school_id = $1 AND c.student_id = p.student_id AND c.kind = 'rte')
      ), pct AS (
        SELECT it.student_id, it.instalment_id, it.due_on, it.ipos, it.head_id, it.hpos, it.amount,
               LEAST(it.amount, COALESCE(sum((it.amount * c.percent) / 100), 0))::bigint AS pc
          FROM items it
          LEFT JOIN conc c ON c.student_id = it.student_id AND c.percent IS NOT NULL AND (cardinality(c.head_ids) = 0 OR it.head_id = ANY (c.head_ids))
         GROUP BY it.student_id, it.instalment_id, it.due_on, it.ipos, it.head_id, it.hpos, it.amount
      ), amt AS (
        SELECT p.student_id, p.instalment_id, p.head_id,
               GREATEST(0, LEAST(p.amount - p.pc, c.amount - COALESCE(sum(p.amount - p.pc) OVER (
                 PARTITION BY p.student_id, c.id ORDER BY p.due_on, p.ipos, p.hpos ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0))) AS take
          FROM pct p
          JOIN conc c ON c.student_id = p.student_id AND c.amount IS NOT NULL AND (cardinality(c.head_ids) = 0 OR p.head_id = ANY (c.head_ids))
      ), took AS (
        -- Summed once and joined (a subquery per item re-ran the amount concessions' window for each of them: 38 s at 2,000 students).
        SELECT student_id, instalment_id, head_id, sum(take) AS take FROM amt GROUP BY student_id, instalment_id, head_id
      ), net AS (
        SELECT p.student_id, p.instalment_id, p.due_on, p.head_id,
               p.amount - p.pc - LEAST(p.amount - p.pc, COALESCE(t.take, 0)) AS net
          FROM pct p LEFT JOIN took t ON t.student_id = p.student_id AND t.instalment_id = p.instalment_id AND t.head_id = p.head_id
      ), paid AS (
        SELECT r.student_id, a.instalment_id, a.head_id, sum(a.amount) AS paid
          FROM fee_allocations a JOIN fee_receipts r ON r.school_id = a.school_id AND r.id = a.receipt_id
         WHERE a.school_id = $1 AND r.status = 'active' AND a.head_id IS NOT NULL AND r.paid_on <= $4::date
         GROUP BY r.student_id, a.instalment_id, a.head_id
      ), owed AS (
        SELECT n.student_id, n.instalment_id, n.due_on, sum(n.net) AS net, sum(n.net - COALESCE(pd.paid, 0)) AS balance
          FROM net n LEFT JOIN paid pd ON pd.student_id = n.student_id AND pd.instalment_id = n.instalment_id AND pd.head_id = n.head_id
         GROUP BY n.student_id, n.instalment_id, n.due_on
      )`;
  }

  /**
   * What falls due per month (YYYY-MM) after concessions, and what is unpaid of the instalments due by
   * `asOf` per band of days past due (the amount and the students): one pass over the owed items.
   */
  duesAndAgeing(
    academicYear: string,
    yearId: string | null,
    asOf: string,
  ): Promise<{ due: { month: string; paise: number }[]; ageing: { band: string; paise: number; students: number }[] }> {
    return this.one<{ due: { month: string; paise: number }[]; ageing: { band: string; paise: number; students: number }[] }>(
      `${this.owedSql()}, due AS (
         SELECT to_char(due_on, 'YYYY-MM') AS month, sum(net)::bigint AS paise FROM owed GROUP BY to_char(due_on, 'YYYY-MM')
       ), aged AS (
         SELECT student_id, balance, ($4::date - due_on) AS days FROM owed WHERE due_on <= $4::date AND balance > 0
       ), bands AS (
         SELECT CASE WHEN days <= 30 THEN '0-30' WHEN days <= 60 THEN '31-60' WHEN days <= 90 THEN '61-90' ELSE '90+' END AS band,
                sum(balance)::bigint AS paise, count(DISTINCT student_id)::int AS students
           FROM aged GROUP BY 1
       )
       SELECT (SELECT COALESCE(jsonb_agg(due), '[]') FROM due) AS due, (SELECT COALESCE(jsonb_agg(bands), '[]') FROM bands) AS ageing`,
      [this.schoolId, academicYear, yearId, asOf],
    ).then((r) => r ?? { due: [], ageing: [] });
  }

  /** Active (not cancelled) receipts per month received from `from` to `to`. */
  collectedPerMonth(from: string, to: string): Promise<{ month: string; paise: string }[]> {
    return this.rows(
      `SELECT to_char(paid_on, 'YYYY-MM') AS month, sum(amount)::bigint AS paise FROM fee_receipts
        WHERE school_id = $1 AND status = 'active' AND paid_on BETWEEN $2::date AND $3::date GROUP BY to_char(paid_on, 'YYYY-MM')`,
      [this.schoolId, from, to],
    );
  }

  /** Active receipts per payment mode from `from` to `to`. */
  collectedByMode(from: string, to: string): Promise<{ mode: string; paise: string }[]> {
    return this.rows(
      `SELECT mode, sum(amount)::bigint AS paise FROM fee_receipts
        WHERE school_id = $1 AND status = 'active' AND paid_on BETWEEN $2::date AND $3::date GROUP BY mode`,
      [this.schoolId, from, to],
    );
  }

  // ── results ─────────────────────────────────────────────────────────────
  exam(examId: string): Promise<ExamRow | null> {
    return this.one(`SELECT id, name, academic_year, published_at IS NOT NULL AS published FROM exams WHERE school_id = $1 AND id = $2`, [this.schoolId, examId]);
  }

  lastPublishedExam(): Promise<ExamRow | null> {
    return this.one(`SELECT id, name, academic_year, true AS published FROM exams WHERE school_id = $1 AND published_at IS NOT NULL ORDER BY published_at DESC, created_at DESC LIMIT 1`, [
      this.schoolId,
    ]);
  }

  /**
   * Each student's percentage per subject of an exam, as exams/grading.ts's subjectScore: plain components
   * summed, best-of components as the average of the best two (scaled to the first one's maximum),
   * over the subject's maximum; AB is 0. A student's subject counts only when every component has a
   * mark or AB (an incomplete subject has no percentage, as subjectScore says): not entered is left out.
   */
  private scoresSql(): string {
    return `WITH comp AS (
        SELECT c.comp->>'name' AS name, (c.comp->>'maxMarks')::numeric AS max, COALESCE((c.comp->>'bestOf')::boolean, false) AS best, c.ord
          FROM exams e, jsonb_array_elements(e.components) WITH ORDINALITY AS c(comp, ord)
         WHERE e.school_id = $1 AND e.id = $2
      ), scale AS (
        SELECT (SELECT max FROM comp WHERE best ORDER BY ord LIMIT 1) AS best_max,
               (SELECT count(*) FROM comp WHERE best) AS n_best,
               COALESCE((SELECT sum(max) FROM comp WHERE NOT best), 0) + COALESCE((SELECT max FROM comp WHERE best ORDER BY ord LIMIT 1), 0) AS max
      ), m AS (
        SELECT em.student_id, em.subject_id, em.section_id, comp.best,
               CASE WHEN comp.best THEN COALESCE(em.marks, 0) / comp.max * (SELECT best_max FROM scale) ELSE COALESCE(em.marks, 0) END AS v
          FROM exam_marks em JOIN comp ON lower(comp.name) = lower(trim(em.component))
         WHERE em.school_id = $1 AND em.exam_id = $2
      ), ranked AS (
        SELECT m.*, CASE WHEN best THEN row_number() OVER (PARTITION BY student_id, subject_id, best ORDER BY v DESC) END AS rn FROM m
      ), totals AS (
        SELECT student_id, subject_id, min(section_id::text)::uuid AS section_id, count(*) AS entered,
               COALESCE(sum(v) FILTER (WHERE NOT best), 0)
                 + COALESCE(round(sum(v) FILTER (WHERE best AND rn <= 2) / NULLIF(LEAST(2, (SELECT n_best FROM scale)), 0), 2), 0) AS total
          FROM ranked GROUP BY student_id, subject_id
      ), scores AS (
        SELECT t.student_id, t.subject_id, t.section_id,
               CASE WHEN (SELECT max FROM scale) = 0 THEN 0 ELSE round(round(t.total, 2) / (SELECT max FROM scale) * 100, 2) END AS pct
          FROM totals t WHERE t.entered = (SELECT count(*) FROM comp)
      )`;
  }

  /** Per subject of the exam: the mean percentage and the count of each grade (names are added by \`namedSubjects\`). */
  subjectScores(examId: string): Promise<SubjectScoreRow[]> {
    const grades = SCHOLASTIC_GRADES.map((g) => `count(*) FILTER (WHERE grade = '${g.grade}')::int AS "${g.grade}"`).join(', ');
    return this.rows(
      `${this.scoresSql()}, graded AS (SELECT s.*, ${GRADE_SQL} AS grade FROM scores s)
       SELECT g.subject_id, round(avg(g.pct), 1)::text AS mean, ${grades} FROM graded g GROUP BY g.subject_id`,
      [this.schoolId, examId],
    );
  }

  /** Per section: the mean of its students' subject percentages (names are added by \`namedSections\`). */
  sectionScores(examId: string): Promise<SectionScoreRow[]> {
    return this.rows(`${this.scoresSql()} SELECT sc.section_id, round(avg(sc.pct), 1)::text AS mean FROM scores sc GROUP BY sc.section_id`, [this.schoolId, examId]);
  }

  /** The subjects' rows with their names, in the subjects' order (a subject no longer listed is left out). */
  namedSubjects(rows: SubjectScoreRow[]): Promise<(SubjectScoreRow & { name: string })[]> {
    const grades = SCHOLASTIC_GRADES.map((g) => `, x."${g.grade}"`).join('');
    const types = SCHOLASTIC_GRADES.map((g) => `, "${g.grade}" int`).join('');
    return this.rows(
      `SELECT x.subject_id, gs.name, x.mean${grades}
         FROM jsonb_to_recordset($1::jsonb) AS x(subject_id uuid, mean text${types}) JOIN global_subjects gs ON gs.id = x.subject_id
        ORDER BY gs.sort_order, gs.name`,
      [JSON.stringify(rows)],
    );
  }

  /** The sections' rows with their class and section names (a section no longer in the school is left out). */
  namedSections(rows: SectionScoreRow[]): Promise<{ section_id: string; class_name: string; section_name: string; mean: string }[]> {
    return this.rows(
      `SELECT x.section_id, c.name AS class_name, se.name AS section_name, x.mean
         FROM jsonb_to_recordset($2::jsonb) AS x(section_id uuid, mean text)
         JOIN sections se ON se.school_id = $1 AND se.id = x.section_id JOIN classes c ON c.school_id = $1 AND c.id = se.class_id`,
      [this.schoolId, JSON.stringify(rows)],
    );
  }

  // ── strength ────────────────────────────────────────────────────────────
  /** Every class of the year and its active students by gender, RTE and CWSN (this year's enrolment first). */
  strength(
    academicYear: string,
    yearId: string | null,
  ): Promise<{ class_id: string; name: string; boys: number; girls: number; other: number; rte: number; cwsn: number }[]> {
    return this.rows(
      `WITH pupils AS (
         SELECT s.gender, s.rte, s.cwsn, COALESCE(e.class_id, s.class_id) AS class_id
           FROM students s
           LEFT JOIN student_enrolments e ON e.school_id = s.school_id AND e.student_id = s.id AND e.academic_year_id = $3::uuid
          WHERE s.school_id = $1 AND s.status = 'active'
       )
       SELECT c.id AS class_id, c.name,
              count(p.class_id) FILTER (WHERE p.gender = 'male')::int AS boys,
              count(p.class_id) FILTER (WHERE p.gender = 'female')::int AS girls,
              count(p.class_id) FILTER (WHERE p.gender = 'other')::int AS other,
              count(p.class_id) FILTER (WHERE p.rte)::int AS rte,
              count(p.class_id) FILTER (WHERE p.cwsn)::int AS cwsn
         FROM classes c LEFT JOIN pupils p ON p.class_id = c.id
        WHERE c.school_id = $1 AND c.academic_year = $2
        GROUP BY c.id, c.name`,
      [this.schoolId, academicYear, yearId],
    );
  }
}
