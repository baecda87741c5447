import { formatDateIST, groupIndian } from '@vidyalaya/shared';
import { type Receipt } from '@vidyalaya/shared/fees';
import type PDFDocument from 'pdfkit';
import { registerPdfFonts } from '../../common/pdf/fonts';
import type { SchoolHeader } from './fees.repository';
import { loadPdfKit } from '../../common/lazy-libraries';

export type ReceiptLanguage = 'en' | 'hi';

/**
 * Which copy a PDF is: the school's first print (the original), its reprint (DUPLICATE), or the
 * copy a guardian downloads from the portal (never counted as the school's print).
 */
export type ReceiptCopy = { kind: 'original' } | { kind: 'duplicate' } | { kind: 'guardian'; downloadedAt: Date };

/** The receipt's words in English and Hindi (`lang=hi`); head and instalment names are the school's own. */
const LABELS = {
  en: {
    titles: { original: 'FEE RECEIPT', duplicate: 'FEE RECEIPT — DUPLICATE', guardian: 'FEE RECEIPT — GUARDIAN’S COPY' },
    downloaded: (day: string) => `Downloaded by the guardian from the school portal on ${day}. The receipt issued by the school office is the original.`,
    cancelled: 'CANCELLED',
    phone: 'Phone',
    affiliation: 'Affiliation No.',
    number: 'Receipt No.',
    date: 'Date',
    student: 'Student',
    admission: 'Admission No.',
    class: 'Class',
    guardian: 'Parent / guardian',
    particulars: 'Particulars',
    amount: 'Amount',
    tuitionLine: 'Tuition fee (eligible for deduction under Section 80C of the Income-tax Act)',
    lateFee: 'Late fee',
    total: 'Total',
    words: 'Amount in words',
    totalPaid: 'Total paid',
    instalments: 'Instalments paid',
    mode: 'Payment mode',
    reference: 'Reference',
    tuitionNote: (amount: string) => `Tuition fee in this receipt: ${amount} (Section 80C).`,
    balance: 'Balance for the year after this payment',
    dueBy: (amount: string, day: string) => `${amount} of it due by ${day}`,
    gst: 'Education services are exempt from GST.',
    cancelledBecause: 'Cancelled',
    receivedBy: 'Received by',
    computer: 'This is a computer-generated receipt.',
    modes: { cash: 'Cash', upi: 'UPI', cheque: 'Cheque', dd: 'Demand draft', bank_transfer: 'Bank transfer', card: 'Card', online: 'Online' } as Record<string, string>,
  },
  hi: {
    titles: { original: 'शुल्क रसीद', duplicate: 'शुल्क रसीद — द्वितीय प्रति (DUPLICATE)', guardian: 'शुल्क रसीद — अभिभावक की प्रति' },
    downloaded: (day: string) => `अभिभावक द्वारा स्कूल पोर्टल से ${day} को डाउनलोड की गई। स्कूल कार्यालय द्वारा दी गई रसीद ही मूल रसीद है।`,
    cancelled: 'रद्द (CANCELLED)',
    phone: 'फ़ोन',
    affiliation: 'संबद्धता संख्या',
    number: 'रसीद संख्या',
    date: 'दिनांक',
    student: 'विद्यार्थी',
    admission: 'प्रवेश संख्या',
    class: 'कक्षा',
    guardian: 'माता-पिता / अभिभावक',
    particulars: 'विवरण',
    amount: 'राशि',
    tuitionLine: 'शिक्षण शुल्क (आयकर अधिनियम की धारा 80C के अंतर्गत कटौती योग्य)',
    lateFee: 'विलंब शुल्क',
    total: 'कुल',
    words: 'राशि शब्दों में',
    totalPaid: 'कुल भुगतान',
    instalments: 'भुगतान की गई किस्तें',
    mode: 'भुगतान का माध्यम',
    reference: 'संदर्भ',
    tuitionNote: (amount: string) => `इस रसीद में शिक्षण शुल्क: ${amount} (धारा 80C)।`,
    balance: 'इस भुगतान के बाद वर्ष की शेष राशि',
    dueBy: (amount: string, day: string) => `इसमें से ${amount} ${day} तक देय`,
    gst: 'शिक्षा सेवाएँ जीएसटी से मुक्त हैं।',
    cancelledBecause: 'रद्द',
    receivedBy: 'प्राप्तकर्ता',
    computer: 'यह कंप्यूटर द्वारा बनाई गई रसीद है।',
    modes: { cash: 'नकद', upi: 'यूपीआई', cheque: 'चेक', dd: 'डिमांड ड्राफ़्ट', bank_transfer: 'बैंक ट्रांसफ़र', card: 'कार्ड', online: 'ऑनलाइन' } as Record<string, string>,
  },
} as const;

/** English labels, for whoever names them (tests, other documents). */
export const RECEIPT_TITLES = LABELS.en.titles;
export const TUITION_LINE = LABELS.en.tuitionLine;
export const GST_NOTE = LABELS.en.gst;

type Doc = InstanceType<typeof PDFDocument>;

/** Runs of Devanagari (with the spaces between them, which the Devanagari file also has) and the rupee sign. */
const DEVANAGARI = /([\u0900-\u097F\u1CD0-\u1CFF\uA8E0-\uA8FF\u200C\u200D\u20B9]+(?: +[\u0900-\u097F\u1CD0-\u1CFF\uA8E0-\uA8FF\u200C\u200D\u20B9]+)*)/;
const isDeva = (s: string) => /^[\u0900-\u097F\u1CD0-\u1CFF\uA8E0-\uA8FF\u200C\u200D\u20B9 ]+$/.test(s);
const runs = (s: string) => s.split(DEVANAGARI).filter((p) => p !== '');
const fontOf = (p: string, bold: boolean) => (isDeva(p) ? (bold ? 'devaBold' : 'deva') : bold ? 'latinBold' : 'latin');

/** Mixed-script text that may wrap, left-aligned from the current position: each run in its own font. */
function flow(doc: Doc, s: string, o: { bold?: boolean; size?: number; width: number; x?: number }): void {
  doc.fontSize(o.size ?? 9);
  const parts = runs(s);
  parts.forEach((p, i) => {
    doc.font(fontOf(p, !!o.bold));
    const more = i < parts.length - 1;
    if (i === 0) doc.text(p, o.x ?? doc.x, doc.y, { width: o.width, continued: more });
    else doc.text(p, { continued: more });
  });
}

/** One line of mixed-script text, placed run by run (centred or right-aligned within `width` from `x`). */
function line1(doc: Doc, s: string, o: { bold?: boolean; size?: number; x: number; width: number; align: 'center' | 'right'; color?: string }): void {
  doc.fontSize(o.size ?? 9);
  const parts = runs(s);
  const widths = parts.map((p) => doc.font(fontOf(p, !!o.bold)).widthOfString(p));
  const total = widths.reduce((a, b) => a + b, 0);
  if (total > o.width) {
    // Too long for one line: let it wrap, left-aligned.
    flow(doc, s, { bold: o.bold, size: o.size, width: o.width, x: o.x });
    return;
  }
  let x = o.align === 'center' ? o.x + (o.width - total) / 2 : o.x + o.width - total;
  const y = doc.y;
  if (o.color) doc.fillColor(o.color);
  parts.forEach((p, i) => {
    doc.font(fontOf(p, !!o.bold)).text(p, x, y, { lineBreak: false });
    x += widths[i];
  });
  if (o.color) doc.fillColor('black');
  doc.x = o.x;
  doc.y = y + doc.currentLineHeight(true);
}

const day = (iso: string) => formatDateIST(`${iso}T12:00:00+05:30`);

/**
 * The fee receipt (A5 portrait) in English or Hindi: the school's header, receipt number and date,
 * the student and their parent or guardian, one line per head with the tuition fee always on its own
 * Section 80C line (₹0.00 when the payment went to other heads, so the deduction is never in doubt),
 * the late fee, the total in figures (Indian grouping) and in words (lakh, crore), the instalments
 * it paid, the balance left after it, the payment mode and reference, the GST note, and the full
 * name of the staff member who received it; CANCELLED on a cancelled receipt, DUPLICATE on the
 * school's reprint, GUARDIAN'S COPY (with the day) on a guardian's download. Latin text in Noto
 * Sans, Devanagari and the rupee sign in Noto Sans Devanagari (the Latin file has neither).
 */
export async function renderReceiptPdf(r: Receipt, school: SchoolHeader, copy: ReceiptCopy, lang: ReceiptLanguage = 'en'): Promise<Buffer> {
  const L = LABELS[lang];
  const PDFKit = await loadPdfKit();
  return new Promise((resolve, reject) => {
    const doc = new PDFKit({ size: 'A5', margin: 36, info: { Title: `Fee receipt ${r.number}`, Author: school.name } });
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
    const contact = [school.phone_numbers?.length ? `${L.phone} ${school.phone_numbers.join(', ')}` : '', school.email ?? '', school.affiliation_number ? `${L.affiliation} ${school.affiliation_number}` : '']
      .filter(Boolean)
      .join('  ·  ');
    if (contact) line1(doc, contact, { size: 8, x: left, width, align: 'center' });
    doc.moveDown(0.5);
    line1(doc, L.titles[copy.kind], { bold: true, size: 12, x: left, width, align: 'center' });
    if (copy.kind === 'guardian') {
      flow(doc, L.downloaded(formatDateIST(copy.downloadedAt)), { size: 8, width, x: left });
    }
    if (r.status === 'cancelled') line1(doc, L.cancelled, { bold: true, size: 11, x: left, width, align: 'center', color: '#b00020' });
    doc.moveDown(0.5);

    // Receipt, student and guardian.
    const row = (label: string, value: string) => {
      const parts: [string, boolean][] = [...runs(`${label}: `).map((p): [string, boolean] => [p, false]), ...runs(value).map((p): [string, boolean] => [p, true])];
      doc.fontSize(9);
      parts.forEach(([p, bold], i) => {
        doc.font(fontOf(p, bold));
        const more = i < parts.length - 1;
        if (i === 0) doc.text(p, left, doc.y, { width, continued: more });
        else doc.text(p, { continued: more });
      });
      doc.x = left;
    };
    row(L.number, r.number);
    row(L.date, day(r.paidOn));
    row(L.student, r.studentName);
    row(L.admission, r.admissionNumber);
    if (r.className) row(L.class, r.className);
    if (r.guardianName) row(L.guardian, r.guardianName);
    doc.moveDown(0.6);

    // Lines: the tuition line always first (Section 80C), the other heads, the late fee last.
    const amountX = left + width - 110;
    const item = (label: string, amount: string, bold = false) => {
      const y = doc.y;
      flow(doc, label, { bold, size: 9, width: width - 120, x: left });
      const endY = doc.y;
      doc.font(bold ? 'latinBold' : 'latin').fontSize(9).text(amount, amountX, y, { width: 110, align: 'right' });
      doc.y = Math.max(endY, doc.y) + 2;
      doc.x = left;
    };
    const headerY = doc.y;
    flow(doc, L.particulars, { bold: true, size: 9, width: width - 120, x: left });
    doc.y = headerY;
    line1(doc, `${L.amount} (₹)`, { bold: true, size: 9, x: amountX, width: 110, align: 'right' });
    doc.x = left;
    doc.moveTo(left, doc.y).lineTo(left + width, doc.y).stroke();
    doc.moveDown(0.3);
    const tuitionLines = r.lines.filter((l) => l.tuition);
    if (tuitionLines.length === 0) item(L.tuitionLine, groupIndian(0));
    for (const l of tuitionLines) item(`${L.tuitionLine}: ${l.headName}`, groupIndian(l.amount));
    for (const l of r.lines.filter((x) => !x.tuition)) item(l.headId === null ? L.lateFee : l.headName, groupIndian(l.amount));
    doc.moveTo(left, doc.y).lineTo(left + width, doc.y).stroke();
    doc.moveDown(0.3);
    item(L.total, groupIndian(r.amount), true);
    doc.moveDown(0.3);
    row(L.words, r.amountInWords);
    doc.moveDown(0.3);
    row(L.totalPaid, `₹${groupIndian(r.amount)}`);

    // The instalments it paid (what went to each), and what is left after it.
    const byInstalment = new Map<string, number>();
    for (const a of r.allocations) byInstalment.set(a.instalmentName, (byInstalment.get(a.instalmentName) ?? 0) + a.amount);
    if (byInstalment.size > 0) row(L.instalments, [...byInstalment].map(([name, amount]) => `${name} (₹${groupIndian(amount)})`).join(', '));
    if (r.balanceAfter !== null) {
      const due = r.dueAfter !== null && r.dueAfter > 0 && r.dueAfter !== r.balanceAfter ? ` (${L.dueBy(`₹${groupIndian(r.dueAfter)}`, day(r.paidOn))})` : '';
      row(L.balance, `₹${groupIndian(r.balanceAfter)}${due}`);
    }
    doc.moveDown(0.3);
    row(L.mode, L.modes[r.mode] ?? r.mode);
    if (r.reference) row(L.reference, r.reference);
    flow(doc, L.tuitionNote(groupIndian(r.tuitionAmount)), { size: 8, width, x: left });
    doc.moveDown(0.5);
    flow(doc, L.gst, { size: 8, width, x: left });
    if (r.status === 'cancelled') flow(doc, `${L.cancelledBecause}: ${r.cancelReason ?? ''}`, { size: 8, width, x: left });
    doc.moveDown(1.5);
    line1(doc, `${L.receivedBy} ${r.collectedByName ?? '—'}`, { size: 8, x: left, width, align: 'right' });
    line1(doc, L.computer, { size: 8, x: left, width, align: 'right' });
    doc.end();
  });
}
