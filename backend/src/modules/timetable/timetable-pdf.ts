import type { BellSchedule, TimetablePdfLanguage } from '@vidyalaya/shared/timetable';
import type PDFDocument from 'pdfkit';
import { loadPdfKit } from '../../common/lazy-libraries';

/**
 * The printed timetable (A4 landscape): one page per week (a section's, a teacher's), each a grid
 * of days (rows) by periods (columns) with the subject and the teacher (or the class) in each cell,
 * under the school's name. Labels in English or Hindi; names stay as the school typed them. The
 * fonts are the ones the other PDFs embed (Noto Sans Devanagari from @fontsource: its Latin file
 * for Latin text, its Devanagari file for Hindi), each run of Devanagari in the Devanagari font.
 */
const font = (file: string) => require.resolve(`@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-${file}-normal.woff`);
const FONTS = {
  latin: font('latin-400'),
  latinBold: font('latin-700'),
  deva: font('devanagari-400'),
  devaBold: font('devanagari-700'),
};

interface Labels {
  timetable: string;
  academicYear: string;
  day: string;
  period: string;
  days: readonly string[];
  noLessons: string;
  printed: string;
}

const EN: Labels = {
  timetable: 'Timetable',
  academicYear: 'Academic year',
  day: 'Day',
  period: 'Period',
  days: ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  noLessons: 'No lessons are on the timetable yet.',
  printed: 'Printed on',
};

const HI: Labels = {
  timetable: 'समय सारणी',
  academicYear: 'शैक्षणिक वर्ष',
  day: 'दिन',
  period: 'कालांश',
  days: ['', 'सोमवार', 'मंगलवार', 'बुधवार', 'गुरुवार', 'शुक्रवार', 'शनिवार'],
  noLessons: 'समय सारणी में अभी कोई कालांश नहीं है।',
  printed: 'मुद्रण तिथि',
};

export const TIMETABLE_PDF_LABELS = { en: EN, hi: HI } as const;

/** One cell of a week: the subject, and under it the teacher (a section's week) or the class (a teacher's). */
export interface TimetablePdfCell {
  day: number;
  period: number;
  main: string;
  sub: string;
}

/** One page: its heading (a section, a teacher) and its cells. */
export interface TimetablePdfPage {
  heading: string;
  cells: TimetablePdfCell[];
}

const DEVANAGARI = /([\u0900-\u097F\u1CD0-\u1CFF\uA8E0-\uA8FF\u200C\u200D\u20B9]+)/;
type Doc = InstanceType<typeof PDFDocument>;

/** Text at (x, y) within `width` on one line, each run of Devanagari in the Devanagari font. */
function text(doc: Doc, s: string, x: number, y: number, o: { width: number; bold?: boolean; size: number; align?: 'left' | 'center' }): void {
  doc.fontSize(o.size);
  const parts = s.split(DEVANAGARI).filter((p) => p !== '');
  const fontOf = (p: string) => (DEVANAGARI.test(p) ? (o.bold ? 'devaBold' : 'deva') : o.bold ? 'latinBold' : 'latin');
  if (parts.length <= 1) {
    doc.font(fontOf(s)).text(s, x, y, { width: o.width, align: o.align ?? 'left', lineBreak: false, ellipsis: true, height: o.size * 1.6 });
    return;
  }
  // Mixed scripts: the runs one after another, the whole line centred by hand when asked.
  const total = parts.reduce((sum, p) => sum + doc.font(fontOf(p)).widthOfString(p), 0);
  const start = o.align === 'center' && total < o.width ? x + (o.width - total) / 2 : x;
  parts.forEach((p, i) => {
    doc.font(fontOf(p));
    if (i === 0) doc.text(p, start, y, { width: o.width - (start - x), continued: true, lineBreak: false });
    else doc.text(p, { continued: i < parts.length - 1, lineBreak: false });
  });
}

/** The period numbers and days to print: those of the bell schedules, plus any a lesson uses. */
function axes(schedules: readonly BellSchedule[], pages: readonly TimetablePdfPage[]): { days: number[]; periods: number[]; has: (d: number, p: number) => boolean } {
  const byDay = new Map<number, Set<number>>();
  for (const s of schedules) for (const d of s.days) byDay.set(d, new Set(s.periods.map((p) => p.period)));
  const days = new Set<number>(byDay.keys());
  const periods = new Set<number>();
  for (const set of byDay.values()) for (const p of set) periods.add(p);
  for (const page of pages)
    for (const c of page.cells) {
      days.add(c.day);
      periods.add(c.period);
    }
  if (days.size === 0) [1, 2, 3, 4, 5, 6].forEach((d) => days.add(d));
  return {
    days: [...days].sort((a, b) => a - b),
    periods: [...periods].sort((a, b) => a - b),
    has: (d, p) => byDay.size === 0 || !!byDay.get(d)?.has(p) || pages.some((pg) => pg.cells.some((c) => c.day === d && c.period === p)),
  };
}

/** A period's time, from the schedule of the first weekday that has it (e.g. 08:00–08:40). */
function periodTime(schedules: readonly BellSchedule[], period: number): string {
  const s = [...schedules].sort((a, b) => Math.min(...a.days) - Math.min(...b.days)).find((x) => x.periods.some((p) => p.period === period));
  const p = s?.periods.find((x) => x.period === period);
  return p ? `${p.startsAt}–${p.endsAt}` : '';
}

export async function renderTimetablePdf(opts: {
  schoolName: string;
  title: string;
  academicYear: string | null;
  pages: readonly TimetablePdfPage[];
  schedules: readonly BellSchedule[];
  lang: TimetablePdfLanguage;
  printedOn: string;
}): Promise<Buffer> {
  const L = TIMETABLE_PDF_LABELS[opts.lang];
  const PDFKit = await loadPdfKit();
  return new Promise((resolve, reject) => {
    const doc = new PDFKit({ size: 'A4', layout: 'landscape', margin: 30, autoFirstPage: false, info: { Title: `${EN.timetable} ${opts.title}`, Author: opts.schoolName } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.registerFont('latin', FONTS.latin);
    doc.registerFont('latinBold', FONTS.latinBold);
    doc.registerFont('deva', FONTS.deva);
    doc.registerFont('devaBold', FONTS.devaBold);

    const { days, periods, has } = axes(opts.schedules, opts.pages);
    const pages = opts.pages.length > 0 ? opts.pages : [{ heading: opts.title, cells: [] }];
    for (const page of pages) {
      doc.addPage();
      const left = 30;
      const width = doc.page.width - 60;
      let y = 28;
      text(doc, opts.schoolName, left, y, { width, bold: true, size: 16, align: 'center' });
      y += 24;
      text(doc, `${L.timetable} · ${page.heading}`, left, y, { width, bold: true, size: 12, align: 'center' });
      y += 18;
      const meta = [opts.academicYear ? `${L.academicYear} ${opts.academicYear}` : '', `${L.printed} ${opts.printedOn}`].filter(Boolean).join('    ');
      text(doc, meta, left, y, { width, size: 8, align: 'center' });
      y += 18;

      if (periods.length === 0) {
        text(doc, L.noLessons, left, y, { width, size: 10 });
        continue;
      }
      const dayW = 78;
      const colW = (width - dayW) / periods.length;
      const headH = 30;
      const rowH = Math.min(72, (doc.page.height - y - 40 - headH) / days.length);
      // Header row: the periods and their times.
      doc.rect(left, y, width, headH).fillAndStroke('#eeeeee', '#555555');
      doc.fillColor('#000000');
      text(doc, L.day, left + 4, y + 9, { width: dayW - 8, bold: true, size: 9 });
      periods.forEach((p, i) => {
        const x = left + dayW + i * colW;
        doc.moveTo(x, y).lineTo(x, y + headH).stroke('#555555');
        text(doc, `${L.period} ${p}`, x + 2, y + 4, { width: colW - 4, bold: true, size: 9, align: 'center' });
        text(doc, periodTime(opts.schedules, p), x + 2, y + 17, { width: colW - 4, size: 7, align: 'center' });
      });
      y += headH;
      const byCell = new Map(page.cells.map((c) => [`${c.day}:${c.period}`, c]));
      for (const d of days) {
        doc.rect(left, y, width, rowH).stroke('#555555');
        text(doc, L.days[d] ?? String(d), left + 4, y + rowH / 2 - 6, { width: dayW - 8, bold: true, size: 9 });
        periods.forEach((p, i) => {
          const x = left + dayW + i * colW;
          if (!has(d, p)) {
            doc.rect(x, y, colW, rowH).fillAndStroke('#dddddd', '#555555');
            doc.fillColor('#000000');
            return;
          }
          doc.moveTo(x, y).lineTo(x, y + rowH).stroke('#555555');
          const c = byCell.get(`${d}:${p}`);
          if (!c) return;
          text(doc, c.main, x + 3, y + rowH / 2 - 12, { width: colW - 6, bold: true, size: 8.5, align: 'center' });
          text(doc, c.sub, x + 3, y + rowH / 2 + 2, { width: colW - 6, size: 7.5, align: 'center' });
        });
        y += rowH;
      }
    }
    doc.end();
  });
}
