import { formatDateIST } from '@vidyalaya/shared';
import { type Certificate } from '@vidyalaya/shared/certificates';
import { loadExcelJs } from '../../common/lazy-libraries';

const KIND: Record<Certificate['kind'], string> = { transfer: 'Transfer', bonafide: 'Bonafide', character: 'Character' };

/** A text a spreadsheet would run as a formula (=, +, -, @, tab, CR first) is kept as text with a leading apostrophe. */
export function neutralise(value: string | null | undefined): string {
  const s = value ?? '';
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
}

/** The certificate register as a workbook: one row per certificate, every text cell neutralised. */
export async function certificatesWorkbook(items: Certificate[]): Promise<Buffer> {
  const wb = new (await loadExcelJs()).Workbook();
  const ws = wb.addWorksheet('Certificates');
  ws.columns = [
    { header: 'Number', key: 'number', width: 20 },
    { header: 'Kind', key: 'kind', width: 12 },
    { header: 'Issued on', key: 'issuedOn', width: 12 },
    { header: 'Admission No.', key: 'admissionNumber', width: 16 },
    { header: 'Student', key: 'studentName', width: 28 },
    { header: 'Class', key: 'className', width: 14 },
    { header: 'Purpose', key: 'purpose', width: 28 },
    { header: 'Status', key: 'status', width: 11 },
    { header: 'Cancelled because', key: 'cancelReason', width: 28 },
    { header: 'In place of', key: 'replacesNumber', width: 20 },
    { header: 'Dues overridden', key: 'duesOverridden', width: 15 },
    { header: 'Issued by', key: 'issuedByName', width: 18 },
  ];
  ws.getRow(1).font = { bold: true };
  for (const c of items) {
    ws.addRow({
      number: neutralise(c.number),
      kind: KIND[c.kind],
      issuedOn: formatDateIST(`${c.issuedOn}T12:00:00+05:30`),
      admissionNumber: neutralise(c.admissionNumber),
      studentName: neutralise(c.studentName),
      className: neutralise(c.className),
      purpose: neutralise(c.purpose),
      status: c.status === 'issued' ? 'Issued' : 'Cancelled',
      cancelReason: neutralise(c.cancelReason),
      replacesNumber: neutralise(c.replacesNumber),
      duesOverridden: c.duesOverridden ? 'Yes' : '',
      issuedByName: neutralise(c.issuedByName),
    });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
