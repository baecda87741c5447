import { formatDateIST } from '@vidyalaya/shared';
import { TC_FIELD_KEYS, type Certificate, type CertificateKind, type TcFieldKey } from '@vidyalaya/shared/certificates';
import type PDFDocument from 'pdfkit';
import { registerPdfFonts } from '../../common/pdf/fonts';
import type { CertificateSchool } from './certificates.repository';
import { loadPdfKit, loadQrCode } from '../../common/lazy-libraries';

export type CertificateLang = 'en' | 'hi';
type Doc = InstanceType<typeof PDFDocument>;

const DEVA = '\u0900-\u097F\u1CD0-\u1CFF\uA8E0-\uA8FF\u200C\u200D\u20B9';
/** A run of Devanagari, spaces between its words included (so a Hindi line is set in one piece). */
const DEVANAGARI = new RegExp(`([${DEVA}]+(?:\\s+[${DEVA}]+)*)`);

/** Each title in Hindi and English: printed bilingual whatever the language. */
export const CERTIFICATE_TITLES: Record<CertificateKind, { en: string; hi: string }> = {
  transfer: { en: 'TRANSFER CERTIFICATE', hi: 'स्थानांतरण प्रमाण पत्र' },
  bonafide: { en: 'BONAFIDE CERTIFICATE', hi: 'वास्तविक छात्र प्रमाण पत्र' },
  character: { en: 'CHARACTER CERTIFICATE', hi: 'चरित्र प्रमाण पत्र' },
};

/** The TC's lines, as the CBSE bye-laws word them, and in Hindi. */
export const TC_LABELS: Record<TcFieldKey, { en: string; hi: string }> = {
  studentName: { en: 'Name of the pupil', hi: 'विद्यार्थी का नाम' },
  fatherName: { en: 'Father’s / Guardian’s name', hi: 'पिता / अभिभावक का नाम' },
  motherName: { en: 'Mother’s name', hi: 'माता का नाम' },
  nationality: { en: 'Nationality', hi: 'राष्ट्रीयता' },
  category: { en: 'Whether the pupil belongs to SC / ST / OBC category', hi: 'क्या विद्यार्थी अ.जा. / अ.ज.जा. / अ.पि.व. श्रेणी का है' },
  firstAdmission: { en: 'Date of first admission in the school with class', hi: 'विद्यालय में प्रथम प्रवेश की तिथि व कक्षा' },
  dateOfBirth: { en: 'Date of birth (in figures)', hi: 'जन्म तिथि (अंकों में)' },
  dateOfBirthInWords: { en: 'Date of birth (in words)', hi: 'जन्म तिथि (शब्दों में)' },
  classLastStudied: { en: 'Class in which the pupil last studied', hi: 'कक्षा जिसमें विद्यार्थी ने अंतिम अध्ययन किया' },
  boardResult: { en: 'School / Board annual examination last taken with result', hi: 'अंतिम विद्यालय / बोर्ड वार्षिक परीक्षा व परिणाम' },
  subjects: { en: 'Subjects studied', hi: 'अध्ययन किए गए विषय' },
  qualifiedForPromotion: { en: 'Whether qualified for promotion to the higher class', hi: 'क्या उच्च कक्षा में प्रोन्नति हेतु योग्य' },
  feesPaidUpTo: { en: 'Month up to which the school dues have been paid', hi: 'किस माह तक विद्यालय शुल्क जमा किया गया' },
  workingDays: { en: 'Total number of working days', hi: 'कुल कार्य दिवस' },
  daysPresent: { en: 'Total number of working days present', hi: 'कुल उपस्थिति दिवस' },
  nccScouts: { en: 'Whether NCC cadet / Boy Scout / Girl Guide', hi: 'क्या एनसीसी कैडेट / स्काउट / गाइड' },
  games: { en: 'Games played or extra-curricular activities', hi: 'खेलकूद या पाठ्येतर गतिविधियाँ' },
  conduct: { en: 'General conduct', hi: 'सामान्य आचरण' },
  dateOfApplication: { en: 'Date of application for the certificate', hi: 'प्रमाण पत्र हेतु आवेदन की तिथि' },
  dateOfIssue: { en: 'Date of issue of the certificate', hi: 'प्रमाण पत्र जारी करने की तिथि' },
  reasonForLeaving: { en: 'Reason for leaving the school', hi: 'विद्यालय छोड़ने का कारण' },
  remarks: { en: 'Any other remarks', hi: 'अन्य टिप्पणी' },
};

const WORDS = {
  number: { en: 'Certificate No.', hi: 'प्रमाण पत्र सं.' },
  admissionNo: { en: 'Admission No.', hi: 'प्रवेश सं.' },
  affiliation: { en: 'Affiliation No.', hi: 'संबद्धता सं.' },
  udise: { en: 'UDISE code', hi: 'यू-डाइस कोड' },
  classTeacher: { en: 'Class teacher', hi: 'कक्षा अध्यापक' },
  checkedBy: { en: 'Checked by (name and designation)', hi: 'जाँचकर्ता का नाम व पद' },
  principal: { en: 'Principal (seal)', hi: 'प्रधानाचार्य मुहर सहित' },
  countersign: { en: 'Countersigned (for a direct admission, as the board asks)', hi: 'सीधे प्रवेश हेतु प्रतिहस्ताक्षर' },
  verify: { en: 'Check this certificate at', hi: 'इस प्रमाण पत्र की जाँच करें' },
  replaces: { en: 'Issued in place of the cancelled certificate', hi: 'निरस्त प्रमाण पत्र के स्थान पर जारी' },
  date: { en: 'Date', hi: 'दिनांक' },
} as const;

const label = (w: { en: string; hi: string }, lang: CertificateLang) => (lang === 'hi' ? `${w.hi} / ${w.en}` : w.en);
/** A centred caption: in Hindi two centred lines (Hindi, then English), as mixed runs cannot be centred. */
function caption(doc: Doc, w: { en: string; hi: string }, lang: CertificateLang, x: number, y: number, width: number, size = 8): number {
  let end = y;
  if (lang === 'hi') end = mixed(doc, w.hi, x, end, { width, size, align: 'center' });
  return mixed(doc, w.en, x, end, { width, size, align: 'center' });
}
export const shownDate = (iso: string) => formatDateIST(`${iso}T12:00:00+05:30`);

/** Text with each run of Devanagari in the Devanagari font (pdfkit's fonts hold one script each). */
function mixed(doc: Doc, s: string, x: number, y: number, o: { width: number; bold?: boolean; size?: number; align?: 'left' | 'center' | 'right' }): number {
  doc.fontSize(o.size ?? 10);
  const parts = s.split(DEVANAGARI).filter((p) => p !== '');
  const font = (p: string) => (DEVANAGARI.test(p) ? (o.bold ? 'devaBold' : 'deva') : o.bold ? 'latinBold' : 'latin');
  if (parts.length === 0) return y;
  parts.forEach((p, i) => {
    doc.font(font(p));
    if (i === 0) doc.text(p, x, y, { width: o.width, align: o.align ?? 'left', continued: parts.length > 1 });
    else doc.text(p, { continued: i < parts.length - 1 });
  });
  return doc.y;
}

/** The body of a bonafide or character certificate, in the chosen language. */
function bodyText(c: Certificate, school: CertificateSchool, lang: CertificateLang): string[] {
  const dob = shownDate(c.fields.dateOfBirth ?? '') || '—';
  const klass = c.className ?? '—';
  const parent = c.fields.fatherName || c.fields.motherName || '—';
  if (c.kind === 'bonafide') {
    return lang === 'hi'
      ? [
          `प्रमाणित किया जाता है कि ${c.studentName} (प्रवेश सं. ${c.admissionNumber}), ${parent} की संतान, इस विद्यालय ${school.name} के सत्र ${c.academicYear} में कक्षा ${klass} के वास्तविक विद्यार्थी हैं। विद्यालय के अभिलेख के अनुसार जन्म तिथि ${dob} है।`,
          `यह प्रमाण पत्र इस हेतु जारी किया जाता है: ${c.purpose ?? ''}`,
        ]
      : [
          `This is to certify that ${c.studentName} (Admission No. ${c.admissionNumber}), child of ${parent}, is a bonafide student of ${school.name}, studying in ${klass} in the academic year ${c.academicYear}. Their date of birth as recorded in the school register is ${dob}.`,
          `This certificate is issued for the purpose of: ${c.purpose ?? ''}`,
        ];
  }
  const conduct = c.fields.conduct || (lang === 'hi' ? 'अच्छा' : 'good');
  return lang === 'hi'
    ? [
        `प्रमाणित किया जाता है कि ${c.studentName} (प्रवेश सं. ${c.admissionNumber}), ${parent} की संतान, इस विद्यालय ${school.name} के विद्यार्थी रहे हैं (अंतिम कक्षा ${klass})।`,
        `विद्यालय में उनका आचरण ${conduct} रहा। हम उनके उज्ज्वल भविष्य की कामना करते हैं।`,
      ]
    : [
        `This is to certify that ${c.studentName} (Admission No. ${c.admissionNumber}), child of ${parent}, has been a student of ${school.name} (last in ${klass}).`,
        `To the best of our knowledge their conduct and character in the school have been ${conduct}. We wish them every success.`,
      ];
}

/**
 * A certificate as an A4 PDF: the school's logo, name, address, affiliation number and UDISE code;
 * the title in Hindi and English; the number and date; the TC's numbered lines (or a bonafide or
 * character certificate's text); the signature blocks (class teacher, checked by, principal, the
 * board's countersignature for a direct admission on a TC); a QR code of the verification address.
 * DUPLICATE on every print after the first, CANCELLED on a cancelled one.
 */
export async function renderCertificatePdf(c: Certificate, school: CertificateSchool, o: { lang: CertificateLang; duplicate: boolean; verifyUrl: string }): Promise<Buffer> {
  const [PDFKit, QRCode] = await Promise.all([loadPdfKit(), loadQrCode()]);
  const qr = await QRCode.toBuffer(o.verifyUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 240 });
  return new Promise((resolve, reject) => {
    const doc = new PDFKit({ size: 'A4', margin: 40, info: { Title: `${CERTIFICATE_TITLES[c.kind].en} ${c.number}`, Author: school.name } });
    const chunks: Buffer[] = [];
    doc.on('data', (b: Buffer) => chunks.push(b));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    registerPdfFonts(doc);
    const { lang } = o;
    const left = 40;
    const width = doc.page.width - 80;

    // Header: logo at the left, the school in the middle, the QR code of the verification address at the right.
    doc.image(qr, left + width - 64, 34, { width: 64, height: 64 });
    if (school.logo) {
      try {
        doc.image(school.logo, left, 36, { fit: [60, 60] });
      } catch {
        /* an unreadable logo is left out */
      }
    }
    let y = mixed(doc, school.name, left + 70, 38, { width: width - 140, bold: true, size: 16, align: 'center' });
    const address = [school.address1, school.address2, school.locality, school.city, `${school.state} ${school.pin_code}`].filter(Boolean).join(', ');
    y = mixed(doc, address, left + 70, y + 2, { width: width - 140, size: 9, align: 'center' });
    const ids = [
      school.affiliation_number ? `${label(WORDS.affiliation, 'en')} ${school.affiliation_number}` : '',
      school.school_code ? `${label(WORDS.udise, 'en')} ${school.school_code}` : '',
      school.board ?? '',
    ].filter(Boolean);
    if (ids.length) y = mixed(doc, ids.join('  ·  '), left + 70, y + 2, { width: width - 140, size: 9, align: 'center' });
    y = Math.max(y, 100) + 6;
    doc.moveTo(left, y).lineTo(left + width, y).lineWidth(1).stroke('#333');

    // Title (bilingual), the marks, the number.
    const t = CERTIFICATE_TITLES[c.kind];
    y = mixed(doc, t.hi, left, y + 10, { width, bold: true, size: 14, align: 'center' });
    y = mixed(doc, t.en, left, y + 2, { width, bold: true, size: 14, align: 'center' });
    if (o.duplicate) {
      doc.fillColor('#b00020');
      y = mixed(doc, 'DUPLICATE', left, y + 4, { width, bold: true, size: 13, align: 'center' });
      doc.fillColor('black');
    }
    if (c.status === 'cancelled') {
      doc.fillColor('#b00020');
      y = mixed(doc, `CANCELLED: ${c.cancelReason ?? ''}`, left, y + 4, { width, bold: true, size: 12, align: 'center' });
      doc.fillColor('black');
    }
    y += 10;
    y = mixed(doc, `${label(WORDS.number, lang)}: ${c.number}`, left, y, { width, bold: true, size: 10 });
    y = mixed(doc, `${label(WORDS.admissionNo, lang)}: ${c.admissionNumber}`, left, y + 2, { width, bold: true, size: 10 });
    if (c.replacesNumber) y = mixed(doc, `${label(WORDS.replaces, lang)}: ${c.replacesNumber}`, left, y + 2, { width, size: 9 });
    y += 10;

    if (c.kind === 'transfer') {
      const labelWidth = lang === 'hi' ? 300 : 250;
      const size = lang === 'hi' ? 8.5 : 9;
      TC_FIELD_KEYS.forEach((key, i) => {
        const value = c.fields[key] ? (key === 'dateOfBirth' || key === 'dateOfIssue' || key === 'dateOfApplication' ? shownDate(c.fields[key]) || c.fields[key] : c.fields[key]) : '—';
        const top = y;
        const endLabel = mixed(doc, `${i + 1}. ${label(TC_LABELS[key], lang)}`, left, top, { width: labelWidth, size });
        const endValue = mixed(doc, value, left + labelWidth + 10, top, { width: width - labelWidth - 10, bold: true, size });
        y = Math.max(endLabel, endValue) + (lang === 'hi' ? 2 : 4);
      });
    } else {
      for (const para of bodyText(c, school, lang)) {
        y = mixed(doc, para, left, y + 8, { width, size: 11 }) + 4;
      }
      if (c.fields.remarks) y = mixed(doc, `${label(TC_LABELS.remarks, lang)}: ${c.fields.remarks}`, left, y + 6, { width, size: 10 });
      y = mixed(doc, `${label(WORDS.date, lang)}: ${shownDate(c.issuedOn)}`, left, y + 12, { width, size: 10 });
    }

    // Signatures (a new page when the lines left no room), then the verification address.
    let signY = Math.max(y + 40, doc.page.height - 175);
    if (signY + 125 > doc.page.height - 30) {
      doc.addPage();
      signY = 90;
    }
    const blocks = c.kind === 'transfer' ? [WORDS.classTeacher, WORDS.checkedBy, WORDS.principal] : [WORDS.classTeacher, WORDS.principal];
    const bw = width / blocks.length;
    blocks.forEach((b, i) => {
      const x = left + i * bw;
      doc.moveTo(x + 10, signY).lineTo(x + bw - 10, signY).lineWidth(0.5).stroke('#333');
      caption(doc, b, lang, x + 10, signY + 4, bw - 20);
    });
    let footY = signY + 36;
    if (c.kind === 'transfer') {
      const cx = left + width - 240;
      doc.moveTo(cx, footY + 16).lineTo(left + width, footY + 16).lineWidth(0.5).stroke('#333');
      footY = caption(doc, WORDS.countersign, lang, cx, footY + 20, 240);
    }
    y = mixed(doc, `${label(WORDS.verify, lang)}:`, left, footY + 10, { width, size: 8 });
    mixed(doc, o.verifyUrl, left, y + 1, { width, size: 8 });
    doc.end();
  });
}
