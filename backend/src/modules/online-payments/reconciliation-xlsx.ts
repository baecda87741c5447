import { formatDateIST } from '@vidyalaya/shared';
import { type Reconciliation, type ReconciliationIssue } from '@vidyalaya/shared/online-payments';
import { safeXlsxBuffer } from '../../common/tables/safe-cells';
import { loadExcelJs } from '../../common/lazy-libraries';

/** Rupees with Indian grouping (lakh, crore), as the fees exports show them. */
const RUPEES_FORMAT = '[>=10000000]"₹"##\\,##\\,##\\,##0.00;[>=100000]"₹"##\\,##\\,##0.00;"₹"##,##0.00';

const rupees = (paise: number | null) => (paise === null ? null : paise / 100);
const day = (iso: string) => formatDateIST(`${iso}T12:00:00+05:30`);
const ISSUES: Record<ReconciliationIssue, string> = {
  paid_without_receipt: 'Paid at the gateway, no active receipt',
  receipt_without_capture: 'Receipt without a captured payment',
  amount_mismatch: 'Amounts differ',
};
const STATUS: Record<string, string> = { captured: 'Captured', refunded: 'Refunded', authorized: 'Authorised', failed: 'Failed', created: 'Created' };

/**
 * The reconciliation as a workbook (`GET …/online-payments/reconciliation?from=&to=&format=xlsx`):
 * one row a payment (receipt number, date, student, gateway payment and order ids, the receipt's and
 * the gateway's amounts, the gateway's status, what is wrong), then the totals. Amounts are number
 * cells in rupees with Indian grouping; every text cell is made safe against formula injection.
 */
export async function reconciliationWorkbook(report: Reconciliation, schoolName: string): Promise<Buffer> {
  const wb = new (await loadExcelJs()).Workbook();
  const ws = wb.addWorksheet('Reconciliation');
  ws.columns = [
    { key: 'number', width: 18 },
    { key: 'date', width: 12 },
    { key: 'student', width: 26 },
    { key: 'payment', width: 22 },
    { key: 'order', width: 24 },
    { key: 'receipt', width: 16, style: { numFmt: RUPEES_FORMAT } },
    { key: 'gateway', width: 16, style: { numFmt: RUPEES_FORMAT } },
    { key: 'status', width: 12 },
    { key: 'issues', width: 40 },
  ];
  ws.addRow([`${schoolName}: online payments reconciliation, ${day(report.from)} to ${day(report.to)}`]).font = { bold: true, size: 13 };
  ws.addRow([]);
  const head = ws.addRow(['Receipt No.', 'Paid on', 'Student', 'Gateway payment', 'Gateway order', 'Receipt (₹)', 'Gateway (₹)', 'Gateway status', 'Mismatch']);
  head.font = { bold: true };
  for (const l of report.lines) {
    const row = ws.addRow({
      number: l.receiptNumber ? `${l.receiptNumber}${l.receiptStatus === 'cancelled' ? ' (cancelled)' : ''}` : '—',
      date: l.paidOn ? day(l.paidOn) : '',
      student: l.studentName ?? '',
      payment: l.gatewayPaymentId,
      order: l.gatewayOrderId ?? '',
      receipt: rupees(l.receiptAmountPaise),
      gateway: rupees(l.gatewayAmountPaise),
      status: l.gatewayStatus ? (STATUS[l.gatewayStatus] ?? l.gatewayStatus) : 'Not found',
      issues: l.issues.map((i) => ISSUES[i]).join('; ') || 'Matched',
    });
    if (l.issues.length > 0) row.font = { color: { argb: 'FFB00020' } };
  }
  if (report.lines.length === 0) ws.addRow({ student: 'No online payments in this period.' });
  ws.addRow([]);
  ws.addRow({ number: 'Active online receipts', student: report.totals.receipts, receipt: rupees(report.totals.receiptPaise) }).font = { bold: true };
  ws.addRow({ number: 'Captured at the gateway', student: report.totals.captured, gateway: rupees(report.totals.capturedPaise) }).font = { bold: true };
  ws.addRow({ number: 'Lines with a mismatch', student: report.totals.mismatches }).font = { bold: true };
  // Every text cell made safe against formula injection (names, ids) on the way out.
  return safeXlsxBuffer(wb);
}
