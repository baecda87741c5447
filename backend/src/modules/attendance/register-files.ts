import { ATTENDANCE_LETTERS, type AttendanceRegister } from '@vidyalaya/shared/attendance';
import { registerPdfFonts } from '../../common/pdf/fonts';
import { showDate } from './attendance-dates';
import { safeXlsxBuffer } from '../../common/tables/safe-cells';
import { loadExcelJs, loadPdfKit } from '../../common/lazy-libraries';

/**
 * The month register as files, in the familiar paper layout: one row per student (roll number,
 * name), one column per day of the month (P, A, L, H, LV on working days; the holiday's first
 * letters on holidays), then the totals and the percentage.
 */
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export function monthTitle(month: string): string {
  return `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}

function allDays(month: string): string[] {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  const n = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length: n }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
}

/** What the register shows in a student's cell for a day. */
function cellOf(r: AttendanceRegister, s: AttendanceRegister['students'][number], day: string, holidays: Map<string, string>): string {
  const status = s.days[day];
  if (status) return ATTENDANCE_LETTERS[status];
  if (holidays.has(day)) return holidays.get(day) === 'Sunday' ? 'S' : 'H·';
  return '';
}

const pct = (v: number | null) => (v === null ? '—' : `${v.toFixed(2)}%`);

export async function registerPdf(r: AttendanceRegister, schoolName: string): Promise<Buffer> {
  const PDFKit = await loadPdfKit();
  const doc = new PDFKit({ size: 'A4', layout: 'landscape', margin: 24, info: { Title: `Attendance register ${r.className} ${r.sectionName} ${r.month}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  registerPdfFonts(doc, { latin: 'latin', deva: 'deva', latinBold: 'bold' });
  const font = (text: string) => (/[\u0900-\u097F]/.test(text) ? 'deva' : 'latin');

  const days = allDays(r.month);
  const holidays = new Map(r.holidays.map((h) => [h.date, h.name]));
  const left = 24;
  const rollW = 26;
  const nameW = 130;
  const dayW = 15.5;
  const totW = 24;
  const rowH = 13;
  const widthAll = rollW + nameW + days.length * dayW + totW * 5 + 40;
  const headers = ['P', 'A', 'L', 'H', 'LV'];

  const header = () => {
    doc.font('bold').fontSize(13).text(schoolName, left, 24, { width: widthAll });
    doc.font('latin').fontSize(10).text(`Attendance register · ${r.className} – ${r.sectionName} · ${monthTitle(r.month)} · working days: ${r.workingDays.length}`, left, 42);
    let x = left;
    const y = 62;
    doc.font('bold').fontSize(7);
    doc.text('Roll', x, y, { width: rollW });
    x += rollW;
    doc.text('Name', x, y, { width: nameW });
    x += nameW;
    for (const d of days) {
      doc.text(String(Number(d.slice(8, 10))), x, y, { width: dayW, align: 'center' });
      x += dayW;
    }
    for (const h of headers) {
      doc.text(h, x, y, { width: totW, align: 'center' });
      x += totW;
    }
    doc.text('%', x, y, { width: 40, align: 'center' });
    doc.moveTo(left, y + 10).lineTo(left + widthAll, y + 10).lineWidth(0.5).stroke();
    return y + 13;
  };

  let y = header();
  for (const s of r.students) {
    if (y > doc.page.height - 60) {
      doc.addPage();
      y = header();
    }
    let x = left;
    doc.font('latin').fontSize(7);
    doc.text(s.rollNumber === null ? '' : String(s.rollNumber), x, y, { width: rollW });
    x += rollW;
    doc.font(font(s.name)).text(s.name, x, y, { width: nameW - 4, height: rowH, ellipsis: true, lineBreak: false });
    x += nameW;
    doc.font('latin');
    for (const d of days) {
      const cell = cellOf(r, s, d, holidays);
      if (holidays.has(d)) doc.rect(x, y - 2, dayW, rowH).fillOpacity(0.12).fill('#888888').fillOpacity(1).fillColor('#000000');
      doc.fillColor(cell === 'A' ? '#b42318' : '#000000').text(cell, x, y, { width: dayW, align: 'center', lineBreak: false });
      doc.fillColor('#000000');
      x += dayW;
    }
    const t = s.totals;
    for (const v of [t.present, t.absent, t.late, t.halfDay, t.leave]) {
      doc.text(String(v), x, y, { width: totW, align: 'center' });
      x += totW;
    }
    doc.text(pct(s.percentage), x, y, { width: 40, align: 'center' });
    doc.moveTo(left, y + rowH - 3).lineTo(left + widthAll, y + rowH - 3).lineWidth(0.2).strokeColor('#cccccc').stroke().strokeColor('#000000');
    y += rowH;
  }
  y += 8;
  doc.font('latin').fontSize(7);
  doc.text('P present · A absent · L late · H half day (½) · LV leave · S Sunday · H· holiday. Percentage = (P + L + ½ H) ÷ working days.', left, y);
  if (r.holidays.length) {
    const named = r.holidays.filter((h) => h.name !== 'Sunday').map((h) => `${showDate(h.date)} ${h.name}`);
    if (named.length) doc.font(font(named.join(''))).text(`Holidays: ${named.join('; ')}`, left, y + 11, { width: widthAll });
  }
  doc.end();
  return done;
}

export async function registerXlsx(r: AttendanceRegister, schoolName: string): Promise<Buffer> {
  const wb = new (await loadExcelJs()).Workbook();
  const ws = wb.addWorksheet(`${r.className} ${r.sectionName}`.slice(0, 31).replace(/[\\/?*[\]:]/g, '-'), { pageSetup: { orientation: 'landscape', fitToPage: true } });
  const days = allDays(r.month);
  const holidays = new Map(r.holidays.map((h) => [h.date, h.name]));
  ws.addRow([schoolName]);
  ws.addRow([`Attendance register: ${r.className} – ${r.sectionName}, ${monthTitle(r.month)}; working days: ${r.workingDays.length}`]);
  const head = ws.addRow(['Roll', 'Admission no.', 'Name', ...days.map((d) => Number(d.slice(8, 10))), 'P', 'A', 'L', 'H', 'LV', '%']);
  head.font = { bold: true };
  for (const s of r.students) {
    const t = s.totals;
    ws.addRow([
      s.rollNumber,
      s.admissionNumber,
      s.name,
      ...days.map((d) => cellOf(r, s, d, holidays)),
      t.present,
      t.absent,
      t.late,
      t.halfDay,
      t.leave,
      s.percentage,
    ]);
  }
  ws.getColumn(3).width = 28;
  ws.getColumn(2).width = 14;
  for (let i = 0; i < days.length; i += 1) ws.getColumn(4 + i).width = 4;
  ws.views = [{ state: 'frozen', xSplit: 3, ySplit: 3 }];
  return safeXlsxBuffer(wb); // text cells cannot run as formulas (issue 33 row 9)
}
