import { formatDateIST } from '@vidyalaya/shared';
import { type DayBook } from '@vidyalaya/shared/fees';
import { loadExcelJs } from '../../common/lazy-libraries';

/**
 * A text a spreadsheet would run as a formula (OWASP "CSV injection": a cell beginning with =, +, -,
 * @, a tab or a carriage return) is kept as text behind a leading apostrophe.
 */
export function neutralise(value: string | null | undefined): string {
  const s = value ?? '';
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
}

/** Rupees with Indian grouping (lakh, crore) as the cells' number format. */
export const RUPEES_FORMAT = '[>=10000000]"₹"##\\,##\\,##\\,##0.00;[>=100000]"₹"##\\,##\\,##0.00;"₹"##,##0.00';
/** Paise as the rupee number a spreadsheet adds up (the cell shows it with RUPEES_FORMAT). */
const rupees = (paise: number) => paise / 100;

const MODES: Record<string, string> = { cash: 'Cash', upi: 'UPI', cheque: 'Cheque', dd: 'Demand draft', bank_transfer: 'Bank transfer', card: 'Card', online: 'Online' };
const day = (iso: string) => formatDateIST(`${iso}T12:00:00+05:30`);

/**
 * The day book as a workbook (`GET …/fees/day-book?date=&format=xlsx`): the day's receipts (number,
 * student, class, mode, reference, amount, status), the collections by mode with the total, and the
 * cancellations. Amounts are number cells in rupees (so they add up), shown with Indian grouping;
 * every text from a person (names, references, reasons) is neutralised.
 */
export async function dayBookWorkbook(book: DayBook, schoolName: string): Promise<Buffer> {
  const wb = new (await loadExcelJs()).Workbook();
  const ws = wb.addWorksheet('Day book');
  ws.columns = [
    { key: 'number', width: 18 },
    { key: 'student', width: 28 },
    { key: 'admission', width: 14 },
    { key: 'class', width: 14 },
    { key: 'mode', width: 15 },
    { key: 'reference', width: 22 },
    { key: 'amount', width: 16, style: { numFmt: RUPEES_FORMAT } },
    { key: 'status', width: 12 },
  ];
  ws.addRow([`${neutralise(schoolName)}: day book of ${day(book.date)}`]).font = { bold: true, size: 13 };
  ws.addRow([]);
  const head = ws.addRow(['Receipt No.', 'Student', 'Admission No.', 'Class', 'Mode', 'Reference', 'Amount (₹)', 'Status']);
  head.font = { bold: true };
  for (const r of book.receipts) {
    ws.addRow({
      number: r.number,
      student: neutralise(r.studentName),
      admission: neutralise(r.admissionNumber),
      class: neutralise(r.className),
      mode: MODES[r.mode] ?? r.mode,
      reference: neutralise(r.reference),
      amount: rupees(r.amount),
      status: r.status === 'cancelled' ? 'Cancelled' : 'Active',
    });
  }
  if (book.receipts.length === 0) ws.addRow({ student: 'Nothing was collected on this day.' });

  ws.addRow([]);
  ws.addRow(['Collections by mode']).font = { bold: true };
  ws.addRow({ number: 'Mode', student: 'Receipts', amount: 'Amount (₹)' }).font = { bold: true };
  for (const c of book.collections) ws.addRow({ number: MODES[c.mode] ?? c.mode, student: c.count, amount: rupees(c.amount) });
  ws.addRow({ number: 'Total collected', student: book.totals.count, amount: rupees(book.totals.amount) }).font = { bold: true };

  if (book.cancellations.length > 0) {
    ws.addRow([]);
    ws.addRow(['Cancellations']).font = { bold: true };
    ws.addRow({ number: 'Receipt No.', student: 'Reason', admission: 'Paid on', mode: 'Mode', amount: 'Amount (₹)' }).font = { bold: true };
    for (const c of book.cancellations) {
      ws.addRow({ number: c.number, student: neutralise(c.reason), admission: day(c.paidOn), mode: MODES[c.mode] ?? c.mode, amount: rupees(c.amount) });
    }
    ws.addRow({ number: 'Total cancelled', student: book.totals.cancelledCount, amount: rupees(book.totals.cancelledAmount) }).font = { bold: true };
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
