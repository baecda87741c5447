import type PDFDocument from 'pdfkit';
import { HINDI_SUBJECT_NAMES } from '@vidyalaya/shared';
import { SCHOLASTIC_GRADES, subjectMarksText, type ReportCardData, type ReportCardLanguage } from '@vidyalaya/shared/exams';
import { registerPdfFonts } from '../../common/pdf/fonts';
import { loadPdfKit } from '../../common/lazy-libraries';

/**
 * The CBSE-style report card as a PDF (pdfkit): school header with the affiliation number, student
 * details, the scholastic table by term, co-scholastic grades, attendance, remarks, the result and
 * signature lines. Hindi uses Noto Sans Devanagari, switching font per run of script, since the
 * Devanagari file has no Latin letters or digits. The font files are read and unwrapped from WOFF
 * once per process (common/pdf/fonts.ts): most of a card's time went into re-inflating WOFF tables.
 */

type Labels = Record<keyof typeof EN, string>;
const EN = {
  title: 'Report Card',
  academicYear: 'Academic year',
  affiliation: 'Affiliation No.',
  schoolCode: 'School code',
  name: 'Student’s name',
  admission: 'Admission No.',
  classSection: 'Class & section',
  roll: 'Roll No.',
  dob: 'Date of birth',
  guardian: 'Parent / guardian',
  scholastic: 'Part 1: Scholastic areas',
  subject: 'Subject',
  marks: 'Marks',
  grade: 'Grade',
  overall: 'Overall',
  percentage: 'Percentage',
  rank: 'Rank',
  coScholastic: 'Part 2: Co-scholastic areas',
  area: 'Area',
  attendance: 'Attendance',
  notAvailable: 'Not available',
  days: 'days',
  remarks: 'Class teacher’s remarks',
  result: 'Result',
  passed: 'Passed',
  improve: 'Needs improvement',
  incomplete: 'Not complete: some marks are not entered',
  classTeacher: 'Class teacher',
  principal: 'Principal',
  parent: 'Parent / guardian',
  provisional: 'Provisional: these results are not yet published',
  scale: 'Grading scale',
  none: 'No results yet',
};
const HI: Labels = {
  title: 'प्रगति पत्र',
  academicYear: 'शैक्षणिक वर्ष',
  affiliation: 'संबद्धता संख्या',
  schoolCode: 'विद्यालय कोड',
  name: 'विद्यार्थी का नाम',
  admission: 'प्रवेश संख्या',
  classSection: 'कक्षा और वर्ग',
  roll: 'अनुक्रमांक',
  dob: 'जन्म तिथि',
  guardian: 'माता-पिता / अभिभावक',
  scholastic: 'भाग 1: शैक्षिक क्षेत्र',
  subject: 'विषय',
  marks: 'अंक',
  grade: 'ग्रेड',
  overall: 'कुल',
  percentage: 'प्रतिशत',
  rank: 'स्थान',
  coScholastic: 'भाग 2: सह-शैक्षिक क्षेत्र',
  area: 'क्षेत्र',
  attendance: 'उपस्थिति',
  notAvailable: 'उपलब्ध नहीं',
  days: 'दिन',
  remarks: 'कक्षा अध्यापक की टिप्पणी',
  result: 'परिणाम',
  passed: 'उत्तीर्ण',
  improve: 'सुधार अपेक्षित',
  incomplete: 'अपूर्ण: कुछ अंक दर्ज नहीं हुए हैं',
  classTeacher: 'कक्षा अध्यापक',
  principal: 'प्रधानाचार्य',
  parent: 'माता-पिता / अभिभावक',
  provisional: 'अस्थायी: ये परिणाम अभी प्रकाशित नहीं हुए हैं',
  scale: 'ग्रेड मापदंड',
  none: 'अभी कोई परिणाम नहीं',
};
const HI_AREAS: Record<string, string> = {
  'Work education': 'कार्य शिक्षा',
  'Art education': 'कला शिक्षा',
  'Health and physical education': 'स्वास्थ्य एवं शारीरिक शिक्षा',
  Discipline: 'अनुशासन',
};

const DEVANAGARI = /([\u0900-\u097F\u1CD0-\u1CFF\uA8E0-\uA8FF\u200C\u200D\u20B9]+)/;
const num = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/0$/, ''));
const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

type Doc = InstanceType<typeof PDFDocument>;

class Writer {
  constructor(
    readonly doc: Doc,
    readonly L: Labels,
    readonly lang: ReportCardLanguage,
  ) {}

  /** Text at (x, y) within `width`, each run of Devanagari in the Devanagari font. */
  text(s: string, x: number, y: number, o: { width?: number; bold?: boolean; size?: number; align?: 'left' | 'center' | 'right' } = {}): void {
    const doc = this.doc;
    doc.fontSize(o.size ?? 9);
    const parts = s.split(DEVANAGARI).filter((p) => p !== '');
    const font = (p: string) => (DEVANAGARI.test(p) ? (o.bold ? 'devaBold' : 'deva') : o.bold ? 'latinBold' : 'latin');
    if (parts.length <= 1) {
      doc.font(font(s)).text(s, x, y, { width: o.width, align: o.align ?? 'left', lineBreak: false });
      return;
    }
    parts.forEach((p, i) => {
      doc.font(font(p));
      if (i === 0) doc.text(p, x, y, { width: o.width, continued: true, lineBreak: false });
      else doc.text(p, { continued: i < parts.length - 1, lineBreak: false });
    });
  }

  area(name: string): string {
    return this.lang === 'hi' ? (HI_AREAS[name] ?? name) : name;
  }

  subject(name: string): string {
    // The catalogue's Hindi names (shared/src/catalogue/hindi-names.ts), as the screens show them.
    return this.lang === 'hi' && HINDI_SUBJECT_NAMES[name] ? `${HINDI_SUBJECT_NAMES[name]} (${name})` : name;
  }
}

const LEFT = 40;
const WIDTH = 515;

function box(doc: Doc, x: number, y: number, w: number, h: number, fill?: string): void {
  if (fill) doc.rect(x, y, w, h).fillAndStroke(fill, '#555');
  else doc.rect(x, y, w, h).stroke('#555');
  doc.fillColor('#000');
}

function renderCard(w: Writer, card: ReportCardData, logo: Buffer | null): void {
  const { doc, L } = w;
  let y = 40;
  // ── header ── (the school's logo at the left when it has one)
  if (logo) doc.image(logo, LEFT, 34, { fit: [52, 52] });
  w.text(card.school.name, LEFT, y, { width: WIDTH, bold: true, size: 16, align: 'center' });
  y += 22;
  w.text(card.school.address, LEFT, y, { width: WIDTH, size: 9, align: 'center' });
  y += 13;
  const ids = [card.school.affiliationNumber ? `${L.affiliation}: ${card.school.affiliationNumber}` : null, card.school.schoolCode ? `${L.schoolCode}: ${card.school.schoolCode}` : null]
    .filter(Boolean)
    .join('    ');
  if (ids) {
    w.text(ids, LEFT, y, { width: WIDTH, size: 9 });
    y += 13;
  }
  w.text(`${L.title} · ${L.academicYear} ${card.academicYear}`, LEFT, y, { bold: true, size: 13 });
  y += 20;
  doc.moveTo(LEFT, y).lineTo(LEFT + WIDTH, y).stroke('#555');
  y += 8;

  // ── student ──
  const s = card.student;
  const details: [string, string][] = [
    [L.name, s.name],
    [L.admission, s.admissionNumber],
    [L.classSection, `${s.className} ${s.sectionName}`],
    [L.roll, s.rollNumber === null ? '—' : String(s.rollNumber)],
    [L.dob, ddmmyyyy(s.dateOfBirth)],
    [L.guardian, s.guardianName ?? '—'],
  ];
  details.forEach(([k, v], i) => {
    const x = LEFT + (i % 2) * (WIDTH / 2);
    const yy = y + Math.floor(i / 2) * 15;
    w.text(`${k}:`, x, yy, { bold: true });
    w.text(v, x + 95, yy, { width: WIDTH / 2 - 100 });
  });
  y += 50;

  // ── scholastic ──
  w.text(L.scholastic, LEFT, y, { bold: true, size: 11 });
  y += 16;
  const terms = card.terms;
  if (terms.some((t) => !t.published)) {
    w.text(L.provisional, LEFT, y, { size: 8 });
    y += 12;
  }
  const subjW = 165;
  const termW = terms.length > 0 ? (WIDTH - subjW) / terms.length : WIDTH - subjW;
  const marksW = termW * 0.6;
  const rowH = 16;
  box(doc, LEFT, y, WIDTH, rowH * 2, '#e8eef7');
  w.text(L.subject, LEFT + 4, y + 10, { bold: true });
  terms.forEach((t, i) => {
    const x = LEFT + subjW + i * termW;
    w.text(t.examName, x + 4, y + 3, { bold: true, width: termW - 8 });
    w.text(L.marks, x + 4, y + rowH + 3, { width: marksW - 8 });
    w.text(L.grade, x + marksW + 4, y + rowH + 3, { width: termW - marksW - 8 });
  });
  y += rowH * 2;
  const subjects = new Map<string, string>();
  for (const t of terms) for (const sub of t.subjects) subjects.set(sub.subjectId, sub.subjectName);
  if (subjects.size === 0) {
    box(doc, LEFT, y, WIDTH, rowH);
    w.text(L.none, LEFT + 4, y + 3);
    y += rowH;
  }
  for (const [id, name] of subjects) {
    box(doc, LEFT, y, WIDTH, rowH);
    w.text(w.subject(name), LEFT + 4, y + 3, { width: subjW - 8 });
    terms.forEach((t, i) => {
      const r = t.subjects.find((x) => x.subjectId === id);
      const x = LEFT + subjW + i * termW;
      // Not entered is '—' and an absence 'AB', never a zero (DECISIONS "Marks not entered are not zero").
      const shown = r ? subjectMarksText(r) : '—';
      w.text(shown.includes('/') ? `${num(r!.total!)}/${r!.max}` : shown, x + 4, y + 3, { width: marksW - 8 });
      w.text(r?.grade ?? '—', x + marksW + 4, y + 3, { width: termW - marksW - 8 });
    });
    y += rowH;
  }
  const overallRows: [string, (t: ReportCardData['terms'][number]) => string, (t: ReportCardData['terms'][number]) => string][] = [
    [L.overall, (t) => (t.total === null ? '—' : `${num(t.total)}/${t.max}`), (t) => t.grade ?? '—'],
    [L.percentage, (t) => (t.percentage === null ? '—' : `${t.percentage.toFixed(2)}%`), () => ''],
  ];
  if (terms.some((t) => t.rank !== null)) overallRows.push([L.rank, (t) => (t.rank === null ? '—' : String(t.rank)), () => '']);
  for (const [label, a, b] of overallRows) {
    box(doc, LEFT, y, WIDTH, rowH, '#f4f4f4');
    w.text(label, LEFT + 4, y + 3, { bold: true, width: subjW - 8 });
    terms.forEach((t, i) => {
      const x = LEFT + subjW + i * termW;
      w.text(a(t), x + 4, y + 3, { bold: true, width: marksW - 8 });
      w.text(b(t), x + marksW + 4, y + 3, { bold: true, width: termW - marksW - 8 });
    });
    y += rowH;
  }
  y += 14;

  // ── co-scholastic ──
  w.text(L.coScholastic, LEFT, y, { bold: true, size: 11 });
  y += 16;
  box(doc, LEFT, y, WIDTH, rowH, '#e8eef7');
  w.text(L.area, LEFT + 4, y + 3, { bold: true });
  terms.forEach((t, i) => w.text(t.examName, LEFT + subjW + i * termW + 4, y + 3, { bold: true, width: termW - 8 }));
  y += rowH;
  const areas = new Set(card.coScholasticAreas);
  for (const t of terms) for (const a of Object.keys(t.coScholastic)) areas.add(a);
  for (const a of areas) {
    box(doc, LEFT, y, WIDTH, rowH);
    w.text(w.area(a), LEFT + 4, y + 3, { width: subjW - 8 });
    terms.forEach((t, i) => w.text(t.coScholastic[a] ?? '—', LEFT + subjW + i * termW + 4, y + 3, { width: termW - 8 }));
    y += rowH;
  }
  y += 14;

  // ── attendance, remarks, result ──
  const att = card.attendance;
  w.text(`${L.attendance}: ${att ? `${att.present}/${att.workingDays} ${L.days} (${att.percentage.toFixed(2)}%)` : L.notAvailable}`, LEFT, y);
  y += 16;
  const last = terms[terms.length - 1];
  w.text(`${L.remarks}: ${last?.remarks ?? '—'}`, LEFT, y, { width: WIDTH });
  y += 16;
  if (last) {
    w.text(`${L.result}: ${last.result === null ? L.incomplete : last.result === 'pass' ? L.passed : L.improve}`, LEFT, y, { bold: true, size: 11 });
    y += 20;
  }
  w.text(`${L.scale}: ${SCHOLASTIC_GRADES.map((g) => `${g.grade} ${g.min}–${g.max}`).join(', ')}`, LEFT, y, { size: 7, width: WIDTH });

  // ── signatures ──
  const sy = 770;
  [L.classTeacher, L.principal, L.parent].forEach((label, i) => {
    const x = LEFT + i * (WIDTH / 3);
    doc.moveTo(x + 10, sy).lineTo(x + WIDTH / 3 - 20, sy).stroke('#555');
    w.text(label, x + 10, sy + 4, { width: WIDTH / 3 - 30, align: 'center' });
  });
}

/** One PDF with a page per card (a section's cards in one file); `onCard` after each card. */
export async function renderReportCards(cards: ReportCardData[], lang: ReportCardLanguage, onCard?: (done: number) => Promise<void>, opts: { logo?: Buffer | null } = {}): Promise<Buffer> {
  const PDFKit = await loadPdfKit();
  const doc = new PDFKit({ size: 'A4', margin: 40, autoFirstPage: false, info: { Title: 'Report card', Creator: 'Vidyalaya' } });
  registerPdfFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const w = new Writer(doc, lang === 'hi' ? HI : EN, lang);
  let i = 0;
  for (const card of cards) {
    doc.addPage();
    renderCard(w, card, opts.logo ?? null);
    i += 1;
    if (onCard) await onCard(i);
  }
  if (cards.length === 0) {
    doc.addPage();
    w.text(w.L.none, LEFT, 40);
  }
  doc.end();
  return done;
}
