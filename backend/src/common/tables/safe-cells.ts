import type ExcelJS from 'exceljs';

/**
 * Spreadsheet cells that cannot run as formulas (issue 33 row 9; OWASP "CSV Injection"). Text
 * that begins with `=`, `+`, `-`, `@`, a tab or a carriage return is read as a formula by
 * spreadsheet programs once a file is re-saved as CSV or typed into: such text gets a leading
 * single quote, as OWASP recommends, so `=HYPERLINK(…)` imported by someone shows as the text it
 * is. A plain number written as text (`-5`, `+91 98765 43210`) is left alone: it cannot be a
 * formula, and a phone number should not change. Every XLSX/CSV export goes through this.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d[\d .,]*$/;

export function safeCell(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** Every text cell of every sheet made safe (numbers, dates and real formulas the export wrote itself are left). */
export function neutraliseWorkbook(wb: ExcelJS.Workbook): ExcelJS.Workbook {
  wb.eachSheet((ws) =>
    ws.eachRow({ includeEmpty: false }, (row) =>
      row.eachCell({ includeEmpty: false }, (cell) => {
        if (typeof cell.value === 'string') cell.value = safeCell(cell.value);
        else if (cell.value && typeof cell.value === 'object' && 'richText' in cell.value) {
          const [first, ...rest] = cell.value.richText;
          if (first) cell.value = { richText: [{ ...first, text: safeCell(first.text) }, ...rest] };
        }
      }),
    ),
  );
  return wb;
}

/** The workbook's bytes with every text cell made safe: the one way an export writes XLSX. */
export async function safeXlsxBuffer(wb: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await neutraliseWorkbook(wb).xlsx.writeBuffer());
}
