import { formatDateIST, groupIndian } from '@vidyalaya/shared';
import { type DefaulterList } from '@vidyalaya/shared/fees';
import { neutralise } from './day-book-xlsx';
import { safeXlsxBuffer } from '../../common/tables/safe-cells';
import { loadExcelJs } from '../../common/lazy-libraries';

const shown = (iso: string) => formatDateIST(`${iso}T12:00:00+05:30`);

/**
 * The defaulters list as a workbook: one row per student. Money stays integer paise (no floating
 * point anywhere): the paise columns are whole numbers a spreadsheet can add up, and the rupee
 * columns are the same amounts written out with Indian grouping.
 */
export async function defaultersWorkbook(list: DefaulterList): Promise<Buffer> {
  const wb = new (await loadExcelJs()).Workbook();
  const ws = wb.addWorksheet('Defaulters');
  ws.columns = [
    { header: 'Admission No.', key: 'admissionNumber', width: 16 },
    { header: 'Student', key: 'studentName', width: 28 },
    { header: 'Class', key: 'className', width: 12 },
    { header: 'Section', key: 'sectionName', width: 9 },
    { header: 'Guardian', key: 'guardianName', width: 24 },
    { header: 'Phone', key: 'guardianPhone', width: 14 },
    { header: 'Instalments due', key: 'overdueInstalments', width: 16 },
    { header: 'Oldest due date', key: 'oldestDueOn', width: 16 },
    { header: 'Late fee (₹)', key: 'lateFeeText', width: 14 },
    { header: 'Balance (₹)', key: 'balanceText', width: 16 },
    { header: 'Balance (paise)', key: 'balance', width: 16 },
  ];
  ws.getRow(1).font = { bold: true };
  for (const d of list.items) {
    ws.addRow({
      ...d,
      admissionNumber: neutralise(d.admissionNumber),
      studentName: neutralise(d.studentName),
      className: neutralise(d.className),
      sectionName: neutralise(d.sectionName),
      guardianName: neutralise(d.guardianName),
      guardianPhone: neutralise(d.guardianPhone),
      oldestDueOn: shown(d.oldestDueOn),
      lateFeeText: groupIndian(d.lateFee),
      balanceText: groupIndian(d.balance),
    });
  }
  ws.addRow({});
  ws.addRow({ studentName: `Total as on ${shown(list.asOf)}`, balanceText: groupIndian(list.totalBalance), balance: list.totalBalance });
  return safeXlsxBuffer(wb); // text cells cannot run as formulas (issue 33 row 9)
}
