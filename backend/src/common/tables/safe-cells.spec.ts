import ExcelJS from 'exceljs';
import { safeCell, safeXlsxBuffer } from './safe-cells';

describe('exported cells cannot run as formulas (issue 33 row 9)', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","x")', `'=HYPERLINK("http://evil.example","x")`],
    ['+cmd|/C calc!A0', `'+cmd|/C calc!A0`],
    ['-2+3', `'-2+3`],
    ['@SUM(A1)', `'@SUM(A1)`],
    ['\t=1+1', `'\t=1+1`],
    ['\r=1+1', `'\r=1+1`],
    ['Riya Patel', 'Riya Patel'],
    ['+91 98765 43210', '+91 98765 43210'],
    ['-5', '-5'],
    ['', ''],
  ])('%j is written as %j', (text, written) => {
    expect(safeCell(text)).toBe(written);
  });

  it('every text cell of every sheet, numbers left as numbers', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('A').addRow(['=1+1', 42, 'ok']);
    wb.addWorksheet('B').addRow(['@x']);
    const back = new ExcelJS.Workbook();
    await back.xlsx.load((await safeXlsxBuffer(wb)) as unknown as ArrayBuffer);
    expect(back.getWorksheet('A')!.getRow(1).values).toEqual([undefined, `'=1+1`, 42, 'ok']);
    expect(back.getWorksheet('B')!.getCell('A1').value).toBe(`'@x`);
  });
});
