import 'reflect-metadata';
import { defaultAcademicYear, schoolPortalUrl, trialEndsAt, type CatalogueClass } from '@vidyalaya/shared';
import { type ClassSubjectsInput } from '@vidyalaya/shared/academics';
import { DataSource, type EntityManager } from 'typeorm';
import { loadConfig } from '../config/app-config';
import { dataSourceOptions } from '../database/data-source';
import { hashPassword } from '../modules/auth/password.service';
import { AcademicsRepository } from '../modules/academics/academics.repository';
import { addClasses, addClassSubjects, addSections } from '../modules/academics/setup-writes';
import { CliError, openToolDatabase, runCli } from './cli-args';
import { runInSchool } from '../common/request-context';

/** The demo's logins and school. The e-mail domain cannot receive mail, so no real sign-up can own these addresses. */
export const DEMO = {
  admin: { username: 'demo_admin', email: 'demo.admin@vidyalaya.local', password: 'DemoAdmin#2025' },
  staff: { username: 'demo_staff', email: 'demo.staff@vidyalaya.local', password: 'DemoStaff#2025' },
  subdomain: 'demo',
  schoolName: 'Vidyalaya Demo School',
} as const;

const PRE_PRIMARY: CatalogueClass[] = ['Nursery', 'LKG', 'UKG'];
const PRIMARY: CatalogueClass[] = ['Class 1', 'Class 2', 'Class 3', 'Class 4', 'Class 5'];
const MIDDLE: CatalogueClass[] = ['Class 6', 'Class 7', 'Class 8'];
const SECONDARY: CatalogueClass[] = ['Class 9', 'Class 10'];

const SUBJECTS: [CatalogueClass[], string[]][] = [
  [PRE_PRIMARY, ['English', 'Hindi', 'Mathematics', 'General Knowledge', 'Art and Craft']],
  [PRIMARY, ['English', 'Hindi', 'Mathematics', 'Environmental Studies', 'Computer Science', 'Art and Craft']],
  [MIDDLE, ['English', 'Hindi', 'Sanskrit', 'Mathematics', 'Science', 'Social Studies', 'Computer Science']],
  [SECONDARY, ['English', 'Hindi', 'Mathematics', 'Science', 'Social Studies', 'Computer Science', 'Physical Education']],
];


/**
 * Makes (or brings back to) a verified demo account with this role. An account with the demo
 * username but another e-mail address is someone else's: the seed stops rather than touch it.
 */
async function ensureUser(tx: EntityManager, user: { username: string; email: string }, role: 'admin' | 'staff', passwordHash: string, now: Date): Promise<string> {
  const [existing]: { id: string; email: string }[] = await tx.query(`SELECT id, email FROM users WHERE lower(username) = lower($1)`, [user.username]);
  if (existing && existing.email.toLowerCase() !== user.email) {
    throw new CliError(`The username "${user.username}" belongs to another account: the demo was not seeded.`);
  }
  if (existing) {
    await tx.query(`UPDATE users SET password_hash = $2, role = $3, is_email_verified = true, updated_at = $4 WHERE id = $1`, [existing.id, passwordHash, role, now]);
    return existing.id;
  }
  const [byEmail]: unknown[] = await tx.query(`SELECT 1 FROM users WHERE lower(email) = lower($1)`, [user.email]);
  if (byEmail) throw new CliError(`The e-mail address ${user.email} belongs to another account: the demo was not seeded.`);
  const [row]: { id: string }[] = await tx.query(
    `INSERT INTO users (username, email, password_hash, role, is_email_verified, created_at, updated_at)
     VALUES ($1, $2, $3, $4, true, $5, $5) RETURNING id`,
    [user.username, user.email, passwordHash, role, now],
  );
  return row.id;
}

/** The approved demo school owned by the demo administrator (made once, approved if it is not). */
async function ensureSchool(tx: EntityManager, ownerId: string, staffId: string, now: Date): Promise<string> {
  const [bySubdomain]: { id: string; owner_id: string }[] = await tx.query(`SELECT id, owner_id FROM schools WHERE lower(subdomain) = $1`, [DEMO.subdomain]);
  if (bySubdomain && bySubdomain.owner_id !== ownerId) throw new CliError(`The subdomain "${DEMO.subdomain}" belongs to another school: the demo was not seeded.`);
  const [byOwner]: { id: string }[] = await tx.query(`SELECT id FROM schools WHERE owner_id = $1`, [ownerId]);
  if (byOwner && byOwner.id !== bySubdomain?.id) throw new CliError(`${DEMO.admin.username} already has another school: the demo was not seeded.`);
  let schoolId = bySubdomain?.id;
  if (!schoolId) {
    const [row]: { id: string }[] = await tx.query(
      `INSERT INTO schools (owner_id, name, subdomain, level, board, principal_name, email, phone_numbers,
         established_year, language, address1, locality, city, state, country, pin_code, landmark,
         submitted_at, created_at, updated_at)
       VALUES ($1, $2, $3, 'mixed', 'CBSE', 'Dr. Meera Iyer', 'office@demo.vidyalaya.local', $4,
         1998, 'Hindi', '14 Mall Road', 'Civil Lines', 'Kanpur', 'Uttar Pradesh', 'India', '208001', 'Near Phool Bagh',
         $5, $5, $5)
       RETURNING id`,
      [ownerId, DEMO.schoolName, DEMO.subdomain, ['+915122345678', '+919876543210'], now],
    );
    schoolId = row.id;
  }
  const [school]: { approval_status: string; approved_at: Date | null }[] = await tx.query(`SELECT approval_status, approved_at FROM schools WHERE id = $1`, [schoolId]);
  if (school.approval_status !== 'approved') {
    const approvedAt = school.approved_at ?? now;
    await tx.query(
      `UPDATE schools SET approval_status = 'approved', is_active = true, rejection_reason = NULL, approved_at = $2, trial_ends_at = $3, updated_at = $4 WHERE id = $1`,
      [schoolId, approvedAt, trialEndsAt(approvedAt), now],
    );
    await tx.query(`INSERT INTO school_decisions (school_id, decision, reason, decided_by, decided_at) VALUES ($1, 'approved', NULL, $2, $3)`, [schoolId, staffId, now]);
  }
  return schoolId;
}

/**
 * `npm run seed:demo`: an approved demo school with classes, sections and subjects, its
 * administrator and a provider staff account, so a new user can look around at once. Safe to run
 * again (it only adds what is missing and resets the demo passwords); works with DATABASE_URL, with
 * the embedded database of a running server (through its socket) and with the data directory alone.
 */
export async function seedDemo(env: Record<string, string | undefined> = process.env, now = new Date()): Promise<string> {
  const db = await openToolDatabase(env);
  const config = loadConfig(env);
  const year = defaultAcademicYear(now);
  const classes = [...PRE_PRIMARY, ...PRIMARY, ...MIDDLE, ...SECONDARY];
  let summary: { classes: number; sections: number; subjects: number };
  try {
    const [adminHash, staffHash] = [await hashPassword(DEMO.admin.password), await hashPassword(DEMO.staff.password)];
    const ds = new DataSource(dataSourceOptions(db.url, 1));
    await ds.initialize();
    try {
      summary = await ds.transaction(async (tx) => {
        const staffId = await ensureUser(tx, DEMO.staff, 'staff', staffHash, now);
        const adminId = await ensureUser(tx, DEMO.admin, 'admin', adminHash, now);
        const schoolId = await ensureSchool(tx, adminId, staffId, now);
        const academics = new AcademicsRepository(ds).in(tx);
        const classSubjects: ClassSubjectsInput[] = SUBJECTS.flatMap(([names, subjectNames]) => names.map((className) => ({ className, subjectNames })));
        // The academics repository reads its school from the context, as in a request.
        await runInSchool(schoolId, async () => {
          await addClasses(academics, year, classes, now);
          await addSections(academics, year, classes.map((className) => ({ className, sectionNames: ['A', 'B'] })), now);
          await addClassSubjects(academics, year, classSubjects, now);
        });
        const [counts]: { classes: number; sections: number; subjects: number }[] = await tx.query(
          `SELECT count(DISTINCT c.id)::int AS classes, count(DISTINCT s.id)::int AS sections, count(DISTINCT cs.id)::int AS subjects
           FROM classes c LEFT JOIN sections s ON s.class_id = c.id LEFT JOIN class_subjects cs ON cs.class_id = c.id
           WHERE c.school_id = $1 AND c.academic_year = $2`,
          [schoolId, year],
        );
        return counts;
      });
    } finally {
      await ds.destroy();
    }
  } catch (e) {
    if (e instanceof CliError) throw e;
    throw new CliError(`Could not seed the demo: ${(e as Error).message}`);
  } finally {
    await db.close();
  }
  const where = config.databaseUrl ? 'the database at DATABASE_URL' : `the embedded database in ${config.dataDir}`;
  const site = `http://localhost:${config.port}`;
  return [
    `Demo ready in ${where}.`,
    `  School: ${DEMO.schoolName} (approved), portal ${schoolPortalUrl(DEMO.subdomain, config.appDomain)}`,
    `  Academic year ${year}: ${summary.classes} classes, ${summary.sections} sections, ${summary.subjects} class subjects`,
    `  School administrator: username ${DEMO.admin.username}  password ${DEMO.admin.password}`,
    `  Provider staff:       username ${DEMO.staff.username}  password ${DEMO.staff.password}`,
    `Sign in at ${site}/login (start the server with npm start if it is not running).`,
  ].join('\n');
}

if (require.main === module) runCli(() => seedDemo());
