import { registerPdfFonts } from '../../common/pdf/fonts';
import { loadPdfKit, loadQrCode } from '../../common/lazy-libraries';

/** One student's card. */
export interface IdCard {
  name: string;
  className: string;
  admissionNumber: string;
  bloodGroup: string | null;
  guardianPhone: string | null;
  apaarId: string | null;
  photo: Buffer | null;
}

/** CR80 (ID-1): 85.60 × 53.98 mm, in points. */
export const CR80 = { width: (85.6 * 72) / 25.4, height: (53.98 * 72) / 25.4 };
const COLS = 2;
const ROWS = 5;
const MARK = 10;

/**
 * A section's ID cards on A4: ten CR80 cards a page (two across, five down, edge to edge so one cut
 * separates two cards), cut marks in the margin at every card edge. Each card: the school's name,
 * the photo (JPEG or PNG; a box otherwise), name, class, admission number, blood group, the
 * guardian's phone, the APAAR ID when known, and a QR code of the admission number.
 */
export async function renderIdCardsPdf(schoolName: string, cards: IdCard[]): Promise<Buffer> {
  const [PDFKit, QRCode] = await Promise.all([loadPdfKit(), loadQrCode()]);
  const qrs = await Promise.all(cards.map((c) => QRCode.toBuffer(c.admissionNumber, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 160 })));
  return new Promise((resolve, reject) => {
    const doc = new PDFKit({ size: 'A4', margin: 0, autoFirstPage: false, info: { Title: `ID cards — ${schoolName}`, Author: schoolName } });
    const chunks: Buffer[] = [];
    doc.on('data', (b: Buffer) => chunks.push(b));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    registerPdfFonts(doc);
    const pageW = 595.28;
    const pageH = 841.89;
    const x0 = (pageW - COLS * CR80.width) / 2;
    const y0 = (pageH - ROWS * CR80.height) / 2;

    const cutMarks = () => {
      doc.lineWidth(0.4).strokeColor('#000');
      for (let i = 0; i <= COLS; i += 1) {
        const x = x0 + i * CR80.width;
        doc.moveTo(x, y0 - MARK - 4).lineTo(x, y0 - 4).stroke();
        doc.moveTo(x, y0 + ROWS * CR80.height + 4).lineTo(x, y0 + ROWS * CR80.height + MARK + 4).stroke();
      }
      for (let j = 0; j <= ROWS; j += 1) {
        const y = y0 + j * CR80.height;
        doc.moveTo(x0 - MARK - 4, y).lineTo(x0 - 4, y).stroke();
        doc.moveTo(x0 + COLS * CR80.width + 4, y).lineTo(x0 + COLS * CR80.width + MARK + 4, y).stroke();
      }
    };

    if (cards.length === 0) {
      doc.addPage({ size: 'A4', margin: 40 });
      doc.font('latin').fontSize(11).text(`${schoolName}: no active students in this section.`, 40, 60);
    }
    cards.forEach((card, n) => {
      const slot = n % (COLS * ROWS);
      if (slot === 0) {
        doc.addPage({ size: 'A4', margin: 0 });
        cutMarks();
      }
      const x = x0 + (slot % COLS) * CR80.width;
      const y = y0 + Math.floor(slot / COLS) * CR80.height;
      doc.rect(x, y, CR80.width, CR80.height).lineWidth(0.3).strokeColor('#bbb').stroke();
      doc.rect(x, y, CR80.width, 20).fill('#1f3a68');
      doc.fillColor('#fff').font('latinBold').fontSize(8.5).text(schoolName, x + 6, y + 6, { width: CR80.width - 12, height: 11, align: 'center', lineBreak: false, ellipsis: true });
      doc.fillColor('#000');
      const px = x + 8;
      const py = y + 28;
      let drawn = false;
      if (card.photo) {
        try {
          doc.image(card.photo, px, py, { fit: [56, 70], align: 'center', valign: 'center' });
          drawn = true;
        } catch {
          /* a WebP or damaged photo: the box below */
        }
      }
      if (!drawn) {
        doc.rect(px, py, 56, 70).lineWidth(0.5).strokeColor('#888').stroke();
        doc.font('latin').fontSize(6).fillColor('#888').text('Photo', px, py + 32, { width: 56, align: 'center' }).fillColor('#000');
      }
      const tx = x + 72;
      const tw = CR80.width - 72 - 58;
      doc.font('latinBold').fontSize(9).text(card.name, tx, y + 28, { width: tw, height: 22, ellipsis: true });
      const line = (labelText: string, value: string) => {
        doc.font('latin').fontSize(6.5).text(`${labelText}: `, tx, doc.y + 1, { width: tw, continued: true }).font('latinBold').text(value, { width: tw });
      };
      line('Class', card.className);
      line('Adm. No.', card.admissionNumber);
      line('Blood group', card.bloodGroup ?? '—');
      line('Guardian', card.guardianPhone ?? '—');
      if (card.apaarId) line('APAAR ID', card.apaarId);
      doc.image(qrs[n], x + CR80.width - 54, y + CR80.height - 56, { width: 48, height: 48 });
    });
    doc.end();
  });
}
