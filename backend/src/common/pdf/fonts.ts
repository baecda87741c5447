import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';

// The fonts of every PDF the app makes (report cards, the attendance register, fee receipts): each
// file read and unwrapped from WOFF once per process, and registered on a document from those bytes.

/**
 * A WOFF 1.0 font file as the plain TrueType/OpenType file it wraps (the same tables, decompressed).
 * fontkit reads a WOFF by inflating a whole table each time it opens it (the glyph table once per
 * glyph looked up), which made most of a report card's time; the plain file is read in place.
 * Layout: WOFF header 44 bytes, then a 20-byte entry per table (tag, offset, compressed length,
 * original length, checksum); a table is zlib-compressed when its two lengths differ.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('Not a WOFF 1.0 font file');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables: { tag: number; checksum: number; data: Buffer }[] = [];
  for (let i = 0; i < numTables; i += 1) {
    const e = 44 + i * 20;
    const offset = woff.readUInt32BE(e + 4);
    const compLength = woff.readUInt32BE(e + 8);
    const origLength = woff.readUInt32BE(e + 12);
    const raw = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(raw) : Buffer.from(raw);
    if (data.length !== origLength) throw new Error('Damaged WOFF table');
    tables.push({ tag: woff.readUInt32BE(e), checksum: woff.readUInt32BE(e + 16), data });
  }
  tables.sort((a, b) => a.tag - b.tag);
  const pad4 = (n: number) => (n + 3) & ~3;
  const headerLength = 12 + numTables * 16;
  const out = Buffer.alloc(headerLength + tables.reduce((n, t) => n + pad4(t.data.length), 0));
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(searchRange, 6);
  out.writeUInt16BE(entrySelector, 8);
  out.writeUInt16BE(numTables * 16 - searchRange, 10);
  let at = headerLength;
  tables.forEach((t, i) => {
    const r = 12 + i * 16;
    out.writeUInt32BE(t.tag, r);
    out.writeUInt32BE(t.checksum, r + 4);
    out.writeUInt32BE(at, r + 8);
    out.writeUInt32BE(t.data.length, r + 12);
    t.data.copy(out, at);
    at += pad4(t.data.length);
  });
  return out;
}

const cache = new Map<string, Buffer>();

/** A font file's bytes, read (and a WOFF unwrapped) once per process; every later document reuses them. */
export function fontBytes(path: string): Buffer {
  let bytes = cache.get(path);
  if (!bytes) {
    const file = readFileSync(path);
    bytes = file.toString('latin1', 0, 4) === 'wOFF' ? woffToSfnt(file) : file;
    cache.set(path, bytes);
  }
  return bytes;
}

const NOTO = (file: string) => require.resolve(`@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-${file}-normal.woff`);

/**
 * The four files every PDF of the app is set in (Noto Sans Devanagari, as WOFF in the npm package):
 * Latin regular and bold, Devanagari regular and bold. The Devanagari files hold the rupee sign and
 * no Latin letters; the Latin ones no Devanagari.
 */
export const PDF_FONT_FILES = {
  latin: NOTO('latin-400'),
  latinBold: NOTO('latin-700'),
  deva: NOTO('devanagari-400'),
  devaBold: NOTO('devanagari-700'),
} as const;

export type PdfFont = keyof typeof PDF_FONT_FILES;

/** The minimal part of a pdfkit document that registers fonts. */
interface FontRegistry {
  registerFont(name: string, src: Buffer): unknown;
}

/**
 * Registers the app's fonts on a pdfkit document from the bytes read once per process (`fontBytes`),
 * each under the name the document uses for it: `{ latin: 'latin', latinBold: 'bold' }` registers the
 * Latin regular file as 'latin' and the Latin bold as 'bold'. By default all four, under their own keys.
 */
export function registerPdfFonts(doc: FontRegistry, names: Partial<Record<PdfFont, string>> = { latin: 'latin', latinBold: 'latinBold', deva: 'deva', devaBold: 'devaBold' }): void {
  for (const [font, name] of Object.entries(names) as [PdfFont, string][]) doc.registerFont(name, fontBytes(PDF_FONT_FILES[font]));
}
