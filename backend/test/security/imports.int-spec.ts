import { crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { STUDENT_IMPORT_COLUMNS } from '@vidyalaya/shared/students';
import { tableWorkerRuns } from '../../src/common/tables/read-table';
import { createSchoolWithMembers, startTestApp, uniq, type SchoolWithMembers, type TestApp } from '../support/app';
import { addSections } from '../students/students-support';

/** A zip of the given entries (deflated), enough for an .xlsx the way a spreadsheet program writes one. */
function zip(entries: Record<string, Buffer | string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = Buffer.from(content);
    const packed = deflateRawSync(data);
    const nameBytes = Buffer.from(name);
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(8, 8);
    head.writeUInt32LE(crc32(data), 14);
    head.writeUInt32LE(packed.length, 18);
    head.writeUInt32LE(data.length, 22);
    head.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(head, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += head.length + nameBytes.length + packed.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/** An .xlsx whose one sheet has the import header and then `sheetRows` (inline strings). */
function xlsx(sheetRows: string): Buffer {
  const col = (i: number) => String.fromCharCode(65 + (i % 26)).padStart(i >= 26 ? 2 : 1, 'A');
  const header = `<row r="1">${STUDENT_IMPORT_COLUMNS.map((c, i) => `<c r="${col(i)}1" t="inlineStr"><is><t>${c}</t></is></c>`).join('')}</row>`;
  return zip({
    '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Students" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    'xl/worksheets/sheet1.xml': `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${header}${sheetRows}</sheetData></worksheet>`,
  });
}

/** Issue 33 rows 4 and 8: imports parsed off the event loop, bounded while streaming, strict UTF-8. */
describe('hardening: hostile imports cannot stall the server; encodings other than UTF-8 are named and refused', () => {
  let t: TestApp;
  let s: SchoolWithMembers;

  beforeAll(async () => {
    t = await startTestApp();
    s = await createSchoolWithMembers(t);
    await addSections(t, s);
  });
  afterAll(() => t.close());

  async function upload(file: Buffer, name: string, dryRun = true): Promise<{ status: number; body: any }> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), name);
    const res = await fetch(`${t.baseUrl}/api/v1/schools/${s.schoolId}/students/import?dryRun=${dryRun}`, { method: 'POST', headers: { authorization: `Bearer ${s.members.admin.token}` }, body: form });
    return { status: res.status, body: (await res.json()) as any };
  }
  const count = async () => (await t.db.query(`SELECT count(*)::int AS n FROM students WHERE school_id = $1`, [s.schoolId]))[0].n as number;

  it('an XLSX of 400,000 tiny rows is read in a worker and stops at the row limit; health answers meanwhile; nothing is written', async () => {
    const rows = Array.from({ length: 400_000 }, (_, i) => `<row r="${i + 2}"><c r="A${i + 2}" t="inlineStr"><is><t>x</t></is></c></row>`).join('');
    const file = xlsx(rows);
    expect(file.length).toBeLessThan(5 * 1024 * 1024);
    const before = tableWorkerRuns.count;
    const importing = upload(file, 'hostile.xlsx', false);
    // While the file is read, another request is answered (the event loop is free).
    const health = await fetch(`${t.baseUrl}/api/v1/health`);
    expect(health.status).toBe(200);
    const res = await importing;
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ valid: 0, created: 0, errors: [{ row: 1, field: 'file', message: 'A file may have at most 5000 rows' }] });
    expect(tableWorkerRuns.count).toBe(before + 1);
    expect(await count()).toBe(0);
  });

  it('an XLSX that unpacks past the cap (a zip bomb) is refused 400 before it is parsed', async () => {
    const file = xlsx(`<row r="2"><c r="A2" t="inlineStr"><is><t>${' '.repeat(70 * 1024 * 1024)}</t></is></c></row>`);
    const res = await upload(file, 'bomb.xlsx');
    expect([res.status, res.body.error.code]).toEqual([400, 'IMPORT_FILE_INVALID']);
    expect(res.body.error.message).toMatch(/too large once unpacked/);
  });

  it('a small XLSX still imports (the streaming reader reads the header and rows)', async () => {
    const p = `X${uniq().slice(0, 4)}-`;
    const v: Record<string, string> = { admissionNumber: `${p}1`, firstName: 'Riya', lastName: 'Patel', dateOfBirth: '14/05/2016', gender: 'female', class: 'Class 5', section: 'A', guardianName: 'Suresh Patel', guardianRelation: 'father', guardianPhone: '9812345678', socialCategory: 'obc', rte: 'no' };
    const cells = STUDENT_IMPORT_COLUMNS.map((c, i) => (v[c] ? `<c r="${String.fromCharCode(65 + i)}2" t="inlineStr"><is><t>${v[c]}</t></is></c>` : '')).join('');
    const res = await upload(xlsx(`<row r="2">${cells}</row>`), 'ok.xlsx');
    expect(res.body.data).toMatchObject({ rows: 1, valid: 1, errors: [] });
  });

  const csvLine = (name: string) => `A${uniq().slice(0, 5)},${name},Müller,14/05/2016,male,Class 5,A,,Suresh,father,9812345678,,,,,general,no`;
  const csvHeader = STUDENT_IMPORT_COLUMNS.join(',');

  it.each([
    ['Latin-1', Buffer.from(`${csvHeader}\n${csvLine('José')}\n`, 'latin1'), /Latin-1/],
    ['Shift-JIS', Buffer.concat([Buffer.from(`${csvHeader}\nA1,`), Buffer.from([0x93, 0xfa, 0x96, 0x7b]), Buffer.from(`,X,14/05/2016,male,Class 5,A,,S,father,9812345678,,,,,general,no\n`)]), /Shift-JIS/],
    ['UTF-16', Buffer.from(`\uFEFF${csvHeader}\n`, 'utf16le'), /UTF-16/],
  ])('a %s CSV is refused 400 naming its encoding, nothing read', async (_, file, named) => {
    const res = await upload(file, 'students.csv');
    expect([res.status, res.body.error.code]).toEqual([400, 'IMPORT_FILE_INVALID']);
    expect(res.body.error.message).toMatch(named);
    expect(res.body.error.message).toMatch(/UTF-8/);
  });

  it('UTF-8 with and without a BOM is read, names intact', async () => {
    expect(STUDENT_IMPORT_COLUMNS.length).toBe(17);
    for (const bom of ['\uFEFF', '']) {
      const res = await upload(Buffer.from(`${bom}${csvHeader}\n${csvLine('José')}\n`, 'utf8'), 'students.csv');
      expect(res.body.data).toMatchObject({ rows: 1, valid: 1, errors: [] });
    }
  });

  it('row 9: a name that starts like a formula is exported to the UDISE+ XLSX as text with a leading quote', async () => {
    const number = `F${uniq().slice(0, 5)}`;
    const line = `${number},Riya,Patel,14/05/2016,female,Class 5,A,,Suresh Patel,father,9812345678,,,,,obc,no`;
    const res = await upload(Buffer.from(`${csvHeader}\n${line}\n`), 'students.csv', false);
    expect(res.body.data).toMatchObject({ created: 1 });
    await t.db.query(`UPDATE students SET first_name = $3, last_name = NULL WHERE school_id = $1 AND admission_number = $2`, [s.schoolId, number, '=HYPERLINK("http://evil.example","x")']);
    const exported = await fetch(`${t.baseUrl}/api/v1/schools/${s.schoolId}/students/udise-export`, { headers: { authorization: `Bearer ${s.members.admin.token}` } });
    expect(exported.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await exported.arrayBuffer()) as ArrayBuffer);
    const texts: string[] = [];
    wb.worksheets[0].eachRow((row) => row.eachCell((cell) => texts.push(String(cell.value))));
    expect(texts.some((v) => v.includes('HYPERLINK'))).toBe(true);
    for (const v of texts.filter((x) => x.includes('HYPERLINK'))) expect(v.startsWith(`'`)).toBe(true);
    expect(texts.filter((v) => /^[=+@]/.test(v))).toEqual([]);
  });
});
