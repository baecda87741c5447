import { Injectable } from '@nestjs/common';
import { maskAadhaar } from '@vidyalaya/shared';
import { UDISE_EXPORT_COLUMNS } from '@vidyalaya/shared/students';
import { SchoolWrites } from '../../common/workspace/school-writes';
import type { WorkspaceContext } from '../../common/workspace/workspace-context';
import { AadhaarCipher } from './aadhaar-cipher';
import { StudentsRepository, type StudentRow } from './students.repository';
import { safeXlsxBuffer } from '../../common/tables/safe-cells';
import { loadExcelJs } from '../../common/lazy-libraries';
import { boundSchoolId } from '../../common/request-context';

const MINORITY_RELIGIONS = new Set(['muslim', 'islam', 'christian', 'christianity', 'sikh', 'sikhism', 'buddhist', 'buddhism', 'jain', 'jainism', 'parsi', 'zoroastrian']);
const CATEGORY = { general: 'General', sc: 'SC', st: 'ST', obc: 'OBC' } as const;
const yesNo = (b: boolean) => (b ? 'Yes' : 'No');
const dmy = (iso: string | null) => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '');

/**
 * GET …/students/udise-export: the active students in the state bulk-upload column order (issue
 * 14), rows missing a required field first, each naming what is missing. Aadhaar is masked unless
 * an admin asks for the numbers (students.revealAadhaar), which is written to the audit log.
 */
@Injectable()
export class UdiseExportService {
  constructor(
    private readonly repo: StudentsRepository,
    private readonly cipher: AadhaarCipher,
    private readonly writes: SchoolWrites,
  ) {}

  async export(ctx: WorkspaceContext, withAadhaar: boolean): Promise<Buffer> {
    const students = await this.repo.activeForExport();
    const rows = students.map((s) => this.row(s, withAadhaar));
    rows.sort((a, b) => Number(b.missing.length > 0) - Number(a.missing.length > 0));
    if (withAadhaar) {
      await this.writes.run(ctx, (tx) =>
        tx.audit({ action: 'students.udise_exported', entity: 'student', entityId: null, after: { students: rows.length, aadhaar: 'full' } }),
      );
    }
    const wb = new (await loadExcelJs()).Workbook();
    const ws = wb.addWorksheet('UDISE+ students');
    ws.addRow([...UDISE_EXPORT_COLUMNS]).font = { bold: true };
    for (const r of rows) {
      const added = ws.addRow([...r.cells, r.missing.join(', ')]);
      if (r.missing.length > 0) added.getCell(UDISE_EXPORT_COLUMNS.length).font = { color: { argb: 'FFC23030' } };
    }
    ws.columns.forEach((c) => (c.width = 16));
    ws.views = [{ state: 'frozen', ySplit: 1 }];
    return safeXlsxBuffer(wb); // text cells cannot run as formulas (issue 33 row 9)
  }

  private row(s: StudentRow & { aadhaar_cipher: Buffer | null }, withAadhaar: boolean): { cells: string[]; missing: string[] } {
    const byRelation = (rel: string) => s.guardians.find((g) => g.relation === rel);
    const primary = s.guardians[0];
    const name = s.last_name ? `${s.first_name} ${s.last_name}` : s.first_name;
    const address = [s.address1, s.locality, s.city, s.state].filter(Boolean).join(', ');
    const aadhaar = s.aadhaar_cipher && withAadhaar ? this.cipher.open(boundSchoolId(), s.aadhaar_cipher) : s.aadhaar_last4 ? maskAadhaar(s.aadhaar_last4) : '';
    const religion = s.religion?.trim().toLowerCase();
    const cells = [
      s.class_name ?? '',
      s.section_name ?? '',
      s.roll_number === null ? '' : String(s.roll_number),
      name,
      s.gender === 'male' ? 'Male' : s.gender === 'female' ? 'Female' : 'Transgender',
      dmy(s.date_of_birth),
      byRelation('mother')?.name ?? '',
      byRelation('father')?.name ?? '',
      byRelation('guardian')?.name ?? '',
      aadhaar,
      s.aadhaar_last4 ? name : '',
      address,
      s.pin_code ?? '',
      primary?.phone ?? '',
      primary?.email ?? '',
      s.mother_tongue ?? '',
      s.social_category ? CATEGORY[s.social_category] : '',
      religion ? yesNo(MINORITY_RELIGIONS.has(religion)) : '',
      yesNo(s.bpl),
      yesNo(s.rte),
      yesNo(s.cwsn),
      s.pen ?? '',
      s.admission_number,
      dmy(s.admission_date),
    ];
    const missing: string[] = [];
    if (!s.class_name || !s.section_name) missing.push('Class/Section');
    if (s.guardians.length === 0) missing.push('Parent/Guardian name');
    if (!primary?.phone) missing.push('Mobile');
    if (!address) missing.push('Address');
    if (!s.pin_code) missing.push('PIN Code');
    if (!s.mother_tongue) missing.push('Mother Tongue');
    if (!s.social_category) missing.push('Social Category');
    if (!s.admission_date) missing.push('Admission Date');
    return { cells, missing };
  }
}
