import { Injectable } from '@nestjs/common';
import { catalogueClassOf } from '@vidyalaya/shared';
import {
  createStudentSchema,
  parseImportDate,
  STUDENT_IMPORT_COLUMNS,
  STUDENT_IMPORT_MAX_ROWS,
  STUDENT_MESSAGES,
  type CreateStudentInput,
  type ImportError,
  type ImportResult,
  type StudentImportColumn,
} from '@vidyalaya/shared/students';
import { readTable, type Table } from '../../common/tables/read-table';
import { DomainException } from '../../common/domain.exception';
import { SchoolWrites } from '../../common/workspace/school-writes';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import { AadhaarCipher } from './aadhaar-cipher';
import { Clock } from '../../common/clock';
import { ensureRoom, newStudentRows, todayIST } from './student.mapper';
import { StudentsRepository, type NewGuardian, type NewStudent, type SectionInfo } from './students.repository';
import { studentConflict } from './students.service';
import { loadExcelJs } from '../../common/lazy-libraries';
import { boundSchoolId } from '../../common/request-context';

const REQUIRED_HEADERS: StudentImportColumn[] = ['admissionNumber', 'firstName', 'dateOfBirth', 'gender', 'class', 'section'];
const TRUE = new Set(['true', 'yes', 'y', '1', 'haan', 'हाँ']);
const FALSE = new Set(['false', 'no', 'n', '0', 'nahin', 'नहीं']);

/** The issue path of the create schema → the import column it came from. */
function columnOf(path: PropertyKey[]): StudentImportColumn {
  const [head, , sub] = path;
  if (head === 'guardians') return sub === 'relation' ? 'guardianRelation' : sub === 'phone' ? 'guardianPhone' : sub === 'email' ? 'guardianEmail' : 'guardianName';
  if (head === 'sectionId') return 'section';
  return (STUDENT_IMPORT_COLUMNS as readonly string[]).includes(String(head)) ? (head as StudentImportColumn) : 'admissionNumber';
}

interface ParsedRow {
  row: number;
  input?: Omit<CreateStudentInput, 'admissionNumber'> & { admissionNumber: string };
  section?: SectionInfo;
}

/**
 * POST …/students/import (DECISIONS "Students: Import"): CSV or XLSX with the contract's header,
 * every row validated with the create schema; nothing is written unless every row is valid, all
 * in one transaction with batched inserts; rows whose admission number exists are left as they
 * are, so importing the same file again creates nothing.
 */
@Injectable()
export class StudentImportService {
  constructor(
    private readonly repo: StudentsRepository,
    private readonly writes: SchoolWrites,
    private readonly cipher: AadhaarCipher,
    private readonly clock: Clock,
  ) {}

  /**
   * The file's rows as text cells, header first: read in a worker thread, bounded while it streams
   * (the row limit, an XLSX's unpacked size), strict UTF-8 for a CSV (common/tables/read-table.ts).
   */
  readTable(file: Buffer, filename: string): Promise<Table> {
    return readTable(file, filename, { maxRows: STUDENT_IMPORT_MAX_ROWS, minColumns: STUDENT_IMPORT_COLUMNS.length });
  }

  async import(ctx: WorkspaceContext, file: Buffer, filename: string, dryRun: boolean): Promise<ImportResult> {
    const { rows: table, truncated } = await this.readTable(file, filename);
    const [header = [], ...body] = table;
    const columns = header.map((h) => STUDENT_IMPORT_COLUMNS.find((c) => c.toLowerCase() === h.trim().toLowerCase()) ?? null);
    const missing = REQUIRED_HEADERS.filter((c) => !columns.includes(c));
    if (missing.length > 0) {
      return { rows: 0, valid: 0, invalid: 0, created: 0, dryRun, errors: [{ row: 1, field: 'file', message: `The header row must name the columns ${missing.join(', ')} (download the template)` }] };
    }
    // Rows with nothing in them are skipped (spreadsheets often end with a few).
    const rows = body
      .map((cells, i) => ({ row: i + 2, cells }))
      .filter(({ cells }) => cells.some((c) => c.trim() !== ''));
    if (truncated || rows.length > STUDENT_IMPORT_MAX_ROWS) {
      return { rows: rows.length, valid: 0, invalid: rows.length, created: 0, dryRun, errors: [{ row: 1, field: 'file', message: `A file may have at most ${STUDENT_IMPORT_MAX_ROWS} rows` }] };
    }
    const sections = new Map((await this.repo.currentYearSections()).map((s) => [`${s.class_name.toLowerCase()}|${s.section_name.toLowerCase()}`, s]));

    const errors: ImportError[] = [];
    const today = todayIST(this.clock.now());
    const parsed: ParsedRow[] = rows.map(({ row, cells }) => {
      const get = (c: StudentImportColumn) => {
        const i = columns.indexOf(c);
        return i < 0 ? '' : (cells[i] ?? '').trim();
      };
      const rowErrors: ImportError[] = [];
      const fail = (field: StudentImportColumn, message: string) => rowErrors.push({ row, field, message });
      const admissionNumber = get('admissionNumber');
      if (!admissionNumber) fail('admissionNumber', 'Admission number is required in an import (it is what makes importing again safe)');
      const dobText = get('dateOfBirth');
      const dateOfBirth = dobText ? parseImportDate(dobText) : null;
      if (!dateOfBirth) fail('dateOfBirth', dobText ? 'Enter the date as DD/MM/YYYY or YYYY-MM-DD' : 'Date of birth is required');
      else if (dateOfBirth > today) fail('dateOfBirth', STUDENT_MESSAGES.dateOfBirthFuture);
      // 'Class 6', '6', 'VI', 'Std. VI' (issue 36): shared/src/catalogue/classes.ts.
      const className = catalogueClassOf(get('class'));
      const sectionName = get('section');
      let section: SectionInfo | undefined;
      if (!get('class')) fail('class', 'Class is required');
      else if (!className) fail('class', 'Use a class name from Nursery to Class 12');
      if (!sectionName) fail('section', 'Section is required');
      else if (className) {
        section = sections.get(`${className.toLowerCase()}|${sectionName.toLowerCase()}`);
        if (!section) fail('section', `${className} has no section ${sectionName} this year`);
      }
      const boolOf = (c: StudentImportColumn): boolean | undefined | 'bad' => {
        const v = get(c).toLowerCase();
        if (!v) return undefined;
        if (TRUE.has(v)) return true;
        if (FALSE.has(v)) return false;
        return 'bad';
      };
      const rte = boolOf('rte');
      if (rte === 'bad') fail('rte', 'RTE must be yes or no');
      const guardianGiven = ['guardianName', 'guardianRelation', 'guardianPhone', 'guardianEmail'].some((c) => get(c as StudentImportColumn) !== '');
      const candidate = {
        admissionNumber: admissionNumber || undefined,
        firstName: get('firstName'),
        lastName: get('lastName'),
        dateOfBirth: dateOfBirth ?? '2000-01-01',
        gender: get('gender').toLowerCase().replace(/^m$/, 'male').replace(/^f$/, 'female'),
        sectionId: section?.section_id ?? '00000000-0000-4000-8000-000000000000',
        rollNumber: get('rollNumber'),
        guardians: guardianGiven
          ? [{ name: get('guardianName'), relation: get('guardianRelation').toLowerCase(), phone: get('guardianPhone'), email: get('guardianEmail') }]
          : [],
        aadhaar: get('aadhaar'),
        pen: get('pen'),
        apaarId: get('apaarId'),
        socialCategory: get('socialCategory').toLowerCase(),
        rte: rte === 'bad' ? undefined : rte,
      };
      const result = createStudentSchema.safeParse(candidate);
      if (!result.success) {
        for (const issue of result.error.issues) {
          const field = columnOf(issue.path);
          if (!rowErrors.some((e) => e.field === field)) fail(field, issue.message);
        }
      }
      errors.push(...rowErrors);
      if (rowErrors.length > 0 || !result.success || !section) return { row };
      return { row, input: { ...result.data, admissionNumber: result.data.admissionNumber! }, section };
    });

    // Repeats inside the file.
    const seenNumbers = new Map<string, number>();
    const seenAadhaar = new Map<string, number>();
    for (const p of parsed) {
      if (!p.input) continue;
      const key = p.input.admissionNumber.toLowerCase();
      const first = seenNumbers.get(key);
      if (first !== undefined) errors.push({ row: p.row, field: 'admissionNumber', message: `Admission number repeats row ${first}` });
      else seenNumbers.set(key, p.row);
      if (p.input.aadhaar) {
        const firstA = seenAadhaar.get(p.input.aadhaar);
        if (firstA !== undefined) errors.push({ row: p.row, field: 'aadhaar', message: `Aadhaar repeats row ${firstA}` });
        else seenAadhaar.set(p.input.aadhaar, p.row);
      }
    }

    const plan = await this.plan(parsed, errors, this.repo);
    const invalidRows = new Set(errors.map((e) => e.row));
    errors.sort((a, b) => a.row - b.row || STUDENT_IMPORT_COLUMNS.indexOf(a.field as StudentImportColumn) - STUDENT_IMPORT_COLUMNS.indexOf(b.field as StudentImportColumn));
    const base = { rows: rows.length, valid: rows.length - invalidRows.size, invalid: invalidRows.size, errors, existing: plan.existing };
    if (invalidRows.size > 0) return { ...base, created: 0, dryRun };
    ensureRoom(await this.repo.counts(), plan.fresh.length);
    if (dryRun || plan.fresh.length === 0) return { ...base, created: 0, dryRun };

    try {
      const created = await this.writes.run(ctx, async (tx) => {
        const repo = this.repo.in(tx.m);
        const counts = await repo.lockSchool();
        // Checked again under the school's lock: another import may have run meanwhile.
        const again: ImportError[] = [];
        const locked = await this.plan(parsed, again, repo);
        if (again.length > 0) throw new DomainException('VALIDATION_FAILED', { message: again[0].message });
        ensureRoom(counts, locked.fresh.length);
        const students: NewStudent[] = [];
        const guardians: NewGuardian[] = [];
        for (const p of locked.fresh) {
          const made = newStudentRows(ctx.schoolId, p.input!, p.section!, this.cipher);
          students.push(made.student);
          guardians.push(...made.guardians);
        }
        for (let i = 0; i < students.length; i += 1000) {
          const chunk = students.slice(i, i + 1000);
          const ids = new Set(chunk.map((s) => s.id));
          await repo.insertStudents(chunk, guardians.filter((g) => ids.has(g.student_id)), tx.now);
        }
        await tx.audit({
          action: 'students.imported',
          entity: 'student',
          entityId: null,
          after: { rows: rows.length, created: students.length, existing: locked.existing, admissionNumbers: students.map((s) => s.admission_number) },
        });
        return students.length;
      });
      return { ...base, created, dryRun };
    } catch (e) {
      studentConflict(e);
    }
  }

  /** Splits valid rows into new students and existing admission numbers; flags Aadhaar numbers another student has. */
  private async plan(parsed: ParsedRow[], errors: ImportError[], repo: StudentsRepository): Promise<{ fresh: ParsedRow[]; existing: number }> {
    const valid = parsed.filter((p) => p.input);
    const existingNumbers = await repo.existingAdmissionNumbers(
      valid.map((p) => p.input!.admissionNumber),
    );
    const fresh = valid.filter((p) => !existingNumbers.has(p.input!.admissionNumber.toLowerCase()));
    const withAadhaar = fresh.filter((p) => p.input!.aadhaar);
    const hashes = withAadhaar.map((p) => this.cipher.hmac(boundSchoolId(), p.input!.aadhaar!).toString('hex'));
    const taken = await repo.existingAadhaarHashes(hashes);
    withAadhaar.forEach((p, i) => {
      if (taken.has(hashes[i])) errors.push({ row: p.row, field: 'aadhaar', message: 'Another student of this school has this Aadhaar number' });
    });
    return { fresh, existing: valid.length - fresh.length };
  }

  /** GET …/students/import/template?format=csv|xlsx: the header row (and, in Excel, a sheet of allowed values). */
  async template(format: 'csv' | 'xlsx'): Promise<Buffer> {
    if (format === 'csv') return Buffer.from(`\uFEFF${STUDENT_IMPORT_COLUMNS.join(',')}\r\n`, 'utf8');
    const wb = new (await loadExcelJs()).Workbook();
    const ws = wb.addWorksheet('Students');
    ws.addRow([...STUDENT_IMPORT_COLUMNS]);
    ws.getRow(1).font = { bold: true };
    ws.columns.forEach((c) => (c.width = 16));
    const notes = wb.addWorksheet('Allowed values');
    const lines: [string, string][] = [
      ['admissionNumber', 'Required. Up to 30 letters, digits, / or -. Unique in the school; rows whose number exists are skipped.'],
      ['dateOfBirth', 'DD/MM/YYYY or YYYY-MM-DD'],
      ['gender', 'male, female or other'],
      ['class', 'Nursery, LKG, UKG, Class 1 … Class 12 (6, VI and Std 6 are read as Class 6)'],
      ['section', 'A section of that class this year'],
      ['guardianRelation', 'father, mother or guardian'],
      ['guardianPhone', '10-digit mobile number'],
      ['aadhaar', 'Optional. 12 digits'],
      ['pen', 'Optional. 11 digits'],
      ['apaarId', 'Optional. 12 digits'],
      ['socialCategory', 'general, sc, st or obc'],
      ['rte', 'yes or no'],
    ];
    notes.addRow(['Column', 'What to enter']).font = { bold: true };
    for (const l of lines) notes.addRow(l);
    notes.getColumn(1).width = 20;
    notes.getColumn(2).width = 90;
    return Buffer.from(await wb.xlsx.writeBuffer());
  }
}
