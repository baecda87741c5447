import { crc32, inflateSync } from 'node:zlib';
import { loadPdfKit } from '../lazy-libraries';

/**
 * Images checked whole before they are kept (issue 33 row 5): a logo or photo used to be accepted
 * on its first bytes, so a PNG signature followed by zeros was stored, and every report card of the
 * school then failed (500) when the PDF library could not draw it.
 *
 * - PNG: every chunk read with its CRC; the header's size, bit depth and colour type valid; the
 *   image data inflated (bounded by the size the header implies) to exactly the bytes the image
 *   needs, each scan line with a valid filter; a palette where one is needed; IEND last.
 * - JPEG: the marker structure walked to the end: a frame header with a size and 1–4 components
 *   before the first scan, entropy-coded data after it, the end-of-image marker last. (The
 *   Huffman data itself is not decoded: the PDF library does not decode JPEGs either, it embeds
 *   them; the report card embeds a logo through `drawableImage`, which also asks it to.)
 * - WebP (photos only): the RIFF container's size matches the file and its first chunk is a VP8,
 *   VP8L or VP8X image.
 */
export type CheckedImageType = 'image/png' | 'image/jpeg' | 'image/webp';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** The largest picture this checker will inflate (pixels), far above any logo or photo the limits allow. */
const MAX_PIXELS = 40_000_000;
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];

/** The image's type when the whole file is a well-formed PNG, JPEG or (if allowed) WebP; null otherwise. */
export function checkedImageType(bytes: Buffer, allowed: readonly CheckedImageType[] = ['image/png', 'image/jpeg']): CheckedImageType | null {
  let type: CheckedImageType | null = null;
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) type = pngIsWhole(bytes) ? 'image/png' : null;
  else if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) type = jpegIsWhole(bytes) ? 'image/jpeg' : null;
  else if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') type = webpIsWhole(bytes) ? 'image/webp' : null;
  return type && allowed.includes(type) ? type : null;
}

function pngIsWhole(b: Buffer): boolean {
  let at = 8;
  let header: { width: number; height: number; depth: number; colour: number; interlace: number } | null = null;
  let palette = false;
  let ended = false;
  const data: Buffer[] = [];
  while (at + 12 <= b.length) {
    const length = b.readUInt32BE(at);
    if (length > 0x7fffffff || at + 12 + length > b.length) return false;
    const type = b.toString('latin1', at + 4, at + 8);
    const body = b.subarray(at + 8, at + 8 + length);
    if (crc32(b.subarray(at + 4, at + 8 + length)) !== b.readUInt32BE(at + 8 + length)) return false;
    at += 12 + length;
    if (!header && type !== 'IHDR') return false;
    if (type === 'IHDR') {
      if (header || length !== 13) return false;
      header = { width: body.readUInt32BE(0), height: body.readUInt32BE(4), depth: body[8], colour: body[9], interlace: body[12] };
      if (!DEPTHS[header.colour]?.includes(header.depth) || body[10] !== 0 || body[11] !== 0 || header.interlace > 1) return false;
      if (header.width === 0 || header.height === 0 || header.width * header.height > MAX_PIXELS) return false;
    } else if (type === 'PLTE') palette = length > 0 && length % 3 === 0;
    else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') {
      ended = true;
      break;
    }
  }
  if (!header || !ended || at !== b.length || data.length === 0 || (header.colour === 3 && !palette)) return false;
  const { width, height, depth, colour, interlace } = header;
  const bitsPerPixel = CHANNELS[colour] * depth;
  const rows: number[] = []; // the byte length of every scan line, in order
  const passes = interlace ? ADAM7 : [[0, 0, 1, 1]];
  for (const [x0, y0, dx, dy] of passes) {
    const w = width > x0 ? Math.ceil((width - x0) / dx) : 0;
    const h = height > y0 ? Math.ceil((height - y0) / dy) : 0;
    if (w === 0 || h === 0) continue;
    for (let y = 0; y < h; y += 1) rows.push(1 + Math.ceil((w * bitsPerPixel) / 8));
  }
  const expected = rows.reduce((a, n) => a + n, 0);
  let pixels: Buffer;
  try {
    pixels = inflateSync(Buffer.concat(data), { maxOutputLength: expected + 1 });
  } catch {
    return false;
  }
  if (pixels.length !== expected) return false;
  let row = 0;
  for (const n of rows) {
    if (pixels[row] > 4) return false;
    row += n;
  }
  return true;
}

function jpegIsWhole(b: Buffer): boolean {
  let at = 2;
  let frame = false;
  let scans = 0;
  while (at < b.length) {
    if (b[at] !== 0xff) return false;
    while (at < b.length && b[at] === 0xff) at += 1; // fill bytes
    if (at >= b.length) return false;
    const marker = b[at];
    at += 1;
    if (marker === 0xd9) return frame && scans > 0 && at === b.length;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    if (marker === 0xd8 || marker === 0x00) return false;
    if (at + 2 > b.length) return false;
    const length = b.readUInt16BE(at);
    if (length < 2 || at + length > b.length) return false;
    const seg = b.subarray(at + 2, at + length);
    at += length;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (frame || seg.length < 6) return false;
      const components = seg[5];
      if (![8, 12, 16].includes(seg[0]) || seg.readUInt16BE(1) === 0 || seg.readUInt16BE(3) === 0) return false;
      if (components < 1 || components > 4 || seg.length !== 6 + 3 * components) return false;
      frame = true;
    } else if (marker === 0xda) {
      if (!frame || seg.length < 1 || seg.length !== 4 + 2 * seg[0]) return false;
      // The entropy-coded data: runs to the next marker other than a stuffed zero or a restart.
      const start = at;
      while (at + 1 < b.length && !(b[at] === 0xff && b[at + 1] !== 0x00 && !(b[at + 1] >= 0xd0 && b[at + 1] <= 0xd7))) at += 1;
      if (at + 1 >= b.length || at === start) return false;
      scans += 1;
    }
  }
  return false;
}

function webpIsWhole(b: Buffer): boolean {
  if (b.readUInt32LE(4) + 8 !== b.length || b.length < 20) return false;
  const chunk = b.toString('latin1', 12, 16);
  const size = b.readUInt32LE(16);
  return ['VP8 ', 'VP8L', 'VP8X'].includes(chunk) && size > 0 && 20 + size <= b.length;
}

/**
 * The image when the PDF library can draw it (tried on a scratch page, to the end of the
 * document), else null: a report card then goes without its logo instead of failing.
 */
export async function drawableImage(bytes: Buffer | null): Promise<Buffer | null> {
  if (!bytes || !checkedImageType(bytes)) return null;
  const PDFKit = await loadPdfKit();
  try {
    await new Promise<void>((resolve, reject) => {
      const doc = new PDFKit({ size: [60, 60], margin: 0 });
      doc.on('data', () => undefined);
      doc.on('end', resolve);
      doc.on('error', reject);
      doc.image(bytes, 0, 0, { fit: [52, 52] });
      doc.end();
    });
    return bytes;
  } catch {
    return null;
  }
}
