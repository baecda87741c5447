import { formatDateIST, groupIndian, type PaymentMode, type Receipt } from '@vidyalaya/shared';
import PDFDocument from 'pdfkit';
import { registerPdfFonts } from '../../common/pdf/fonts';
import type { SchoolHeader } from './fees.repository';

export const MODE_LABELS: Record<PaymentMode, string> = {
  cash: 'Cash',
  upi: 'UPI',
  cheque: 'Cheque',
  dd: 'Demand draft',
  bank_transfer: 'Bank transfer',
  card: 'Card',
  online: 'Online (payment gateway)',
};

/** The line of a tuition head on a receipt: its own line, named for the income-tax deduction. */
export const TUITION_LINE = 'Tuition fee (eligible for deduction under Section 80C of the Income-tax Act)';
export const GST_NOTE = 'Education services are exempt from GST.';

/**
 * Which copy a PDF is: the school's first print (the original), its reprint (DUPLICATE), or the
 * copy a guardian downloads from the portal (never counted as the school's print).
 */
export type ReceiptCopy = { kind: 'original' } | { kind: 'duplicate' } | { kind: 'guardian'; downloadedAt: Date };

export const RECEIPT_TITLES: Record<ReceiptCopy['kind'], string> = {
  original: 'FEE RECEIPT',
  duplicate: 'FEE RECEIPT — DUPLICATE',
  guardian: 'FEE RECEIPT — GUARDIAN’S COPY',
};

/**
 * The fee receipt (A5 portrait): the school's header, receipt number and date, the student, one
 * line per head with the tuition fee on its own line (Section 80C), the late fee, the total in
 * figures (Indian grouping) and in words (lakh, crore), the payment mode and reference, the GST
 * note; CANCELLED on a cancelled receipt, DUPLICATE on the school's reprint, GUARDIAN'S COPY (with
 * the day) on a guardian's download. Latin text in Noto Sans, the rupee sign from Noto Sans
 * Devanagari (the Latin file has no ₹).
 */
export function renderReceiptPdf(r: Receipt, school: SchoolHeader, copy: ReceiptCopy): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A5', margin: 36, info: { Title: `Fee receipt ${r.number}`, Author: school.name } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    registerPdfFonts(doc);

    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;

    // Header.
    doc.font('latinBold').fontSize(15).text(school.name, left, doc.y, { width, align: 'center' });
    const address = [school.address1, school.address2, school.locality, school.city, `${school.state} ${school.pin_code}`].filter(Boolean).join(', ');
    doc.font('latin').fontSize(8).text(address, { width, align: 'center' });
    const contact = [school.phone_numbers?.length ? `Phone ${school.phone_numbers.join(', ')}` : '', school.email ?? '', school.affiliation_number ? `Affiliation No. ${school.affiliation_number}` : '']
      .filter(Boolean)
      .join('  ·  ');
    if (contact) doc.text(contact, { width, align: 'center' });
    doc.moveDown(0.5);
    doc.font('latinBold').fontSize(12).text(RECEIPT_TITLES[copy.kind], { width, align: 'center' });
    if (copy.kind === 'guardian') {
      doc
        .font('latin')
        .fontSize(8)
        .text(`Downloaded by the guardian from the school portal on ${formatDateIST(copy.downloadedAt)}. The receipt issued by the school office is the original.`, { width, align: 'center' });
    }
    if (r.status === 'cancelled') doc.font('latinBold').fontSize(11).fillColor('#b00020').text('CANCELLED', { width, align: 'center' }).fillColor('black');
    doc.moveDown(0.5);

    // Receipt and student.
    const row = (label: string, value: string) => {
      doc.font('latin').fontSize(9).text(`${label}: `, { continued: true }).font('latinBold').text(value);
    };
    row('Receipt No.', r.number);
    row('Date', formatDateIST(`${r.paidOn}T12:00:00+05:30`));
    row('Student', r.studentName);
    row('Admission No.', r.admissionNumber);
    if (r.className) row('Class', r.className);
    doc.moveDown(0.6);

    // Lines.
    const amountX = left + width - 110;
    const line = (label: string, amount: string, bold = false) => {
      const y = doc.y;
      doc.font(bold ? 'latinBold' : 'latin').fontSize(9).text(label, left, y, { width: width - 120 });
      const endY = doc.y;
      doc.font(bold ? 'latinBold' : 'latin').text(amount, amountX, y, { width: 110, align: 'right' });
      doc.y = Math.max(endY, doc.y) + 2;
      doc.x = left;
    };
    const headerY = doc.y;
    doc.font('latinBold').fontSize(9).text('Particulars', left, headerY);
    doc.font('latinBold').text('Amount (', amountX + 50, headerY, { continued: true }).font('devaBold').text('₹', { continued: true }).font('latinBold').text(')');
    doc.x = left;
    doc.moveTo(left, doc.y).lineTo(left + width, doc.y).stroke();
    doc.moveDown(0.3);
    for (const l of r.lines) line(l.tuition ? `${TUITION_LINE}: ${l.headName}` : l.headName, groupIndian(l.amount));
    doc.moveTo(left, doc.y).lineTo(left + width, doc.y).stroke();
    doc.moveDown(0.3);
    line('Total', groupIndian(r.amount), true);
    doc.moveDown(0.3);
    doc.font('latin').fontSize(9).text('Amount in words: ', left, doc.y, { continued: true }).font('latinBold').text(r.amountInWords, { width });
    doc.moveDown(0.3);
    doc.font('latin').text('Total paid: ', { continued: true }).font('deva').text('₹', { continued: true }).font('latinBold').text(groupIndian(r.amount));
    doc.moveDown(0.3);
    row('Payment mode', MODE_LABELS[r.mode]);
    if (r.reference) row('Reference', r.reference);
    if (r.tuitionAmount > 0) {
      doc.font('latin').fontSize(8).text(`Tuition fee in this receipt: ${groupIndian(r.tuitionAmount)} (Section 80C).`);
    }
    doc.moveDown(0.5);
    doc.font('latin').fontSize(8).text(GST_NOTE);
    if (r.status === 'cancelled') doc.text(`Cancelled: ${r.cancelReason ?? ''}`);
    doc.moveDown(1.5);
    doc.font('latin').fontSize(8).text(`Received by ${r.collectedByName ?? '—'}`, { width, align: 'right' });
    doc.text('This is a computer-generated receipt.', { width, align: 'right' });
    doc.end();
  });
}
