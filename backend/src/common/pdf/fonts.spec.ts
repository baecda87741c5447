import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { fontBytes, PDF_FONT_FILES, registerPdfFonts, woffToSfnt } from './fonts';

const FILES = [PDF_FONT_FILES.latin, PDF_FONT_FILES.latinBold, PDF_FONT_FILES.deva, PDF_FONT_FILES.devaBold];

/** The tables of a WOFF file, decompressed, by tag. */
function woffTables(woff: Buffer): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (let i = 0; i < woff.readUInt16BE(12); i += 1) {
    const e = 44 + i * 20;
    const raw = woff.subarray(woff.readUInt32BE(e + 4), woff.readUInt32BE(e + 4) + woff.readUInt32BE(e + 8));
    out.set(woff.toString('latin1', e, e + 4), woff.readUInt32BE(e + 8) < woff.readUInt32BE(e + 12) ? inflateSync(raw) : raw);
  }
  return out;
}

/** A PDF with Latin and Devanagari runs, the fonts registered by path or by `fontBytes`. */
function pdf(fromBytes: boolean): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', info: { Title: 'x', CreationDate: new Date('2026-11-24T06:00:00Z') } });
  doc.registerFont('latin', fromBytes ? fontBytes(FILES[0]) : FILES[0]);
  doc.registerFont('deva', fromBytes ? fontBytes(FILES[2]) : FILES[2]);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.font('latin').text('Attendance: 4.5/7 days (64.29%) ₹', 40, 40);
  doc.font('deva').text('उपस्थिति प्रगति पत्र कक्षा अध्यापक की टिप्पणी ₹', 40, 60);
  doc.end();
  return done;
}

describe('PDF fonts', () => {
  it.each(FILES)('unwraps %s into a plain font file with the same tables', (file) => {
    const woff = readFileSync(file);
    const sfnt = woffToSfnt(woff);
    const tables = woffTables(woff);
    expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4));
    expect(sfnt.readUInt16BE(4)).toBe(tables.size);
    const seen: string[] = [];
    for (let i = 0; i < sfnt.readUInt16BE(4); i += 1) {
      const r = 12 + i * 16;
      const tag = sfnt.toString('latin1', r, r + 4);
      const offset = sfnt.readUInt32BE(r + 8);
      expect(offset % 4).toBe(0);
      expect(sfnt.subarray(offset, offset + sfnt.readUInt32BE(r + 12)).equals(tables.get(tag)!)).toBe(true);
      seen.push(tag);
    }
    expect(seen).toEqual([...tables.keys()].sort());
    expect(() => woffToSfnt(sfnt)).toThrow('Not a WOFF 1.0 font file');
  });

  it('reads each file once per process', () => {
    expect(fontBytes(FILES[1])).toBe(fontBytes(FILES[1]));
  });

  it('registers the named files from the bytes read once, under the names a document asks for', () => {
    const registered: [string, Buffer][] = [];
    const doc = { registerFont: (name: string, src: Buffer) => registered.push([name, src]) };
    registerPdfFonts(doc, { latin: 'latin', deva: 'deva', latinBold: 'bold' });
    expect(registered).toEqual([
      ['latin', fontBytes(PDF_FONT_FILES.latin)],
      ['deva', fontBytes(PDF_FONT_FILES.deva)],
      ['bold', fontBytes(PDF_FONT_FILES.latinBold)],
    ]);
    expect(registered[2][1]).toBe(fontBytes(PDF_FONT_FILES.latinBold));
    registered.length = 0;
    registerPdfFonts(doc);
    expect(registered.map(([name]) => name)).toEqual(['latin', 'latinBold', 'deva', 'devaBold']);
  });

  it('the PDF is byte for byte the one made from the WOFF files', async () => {
    expect((await pdf(true)).equals(await pdf(false))).toBe(true);
  });
});
