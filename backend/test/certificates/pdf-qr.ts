import { execFile } from 'node:child_process';
import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';

/**
 * The QR codes in a PDF, decoded: the page images are taken out with pdf-parse 2 (in a child Node
 * process, as pdfText does: pdf.js loads its worker with a dynamic import Jest's sandbox refuses),
 * which hands each one back as a PNG; the PNG is unpacked here (8-bit grey, RGB or RGBA, not
 * interlaced, which is what the app's QR images are) and read with jsQR.
 */
export async function pdfQrCodes(pdf: Buffer): Promise<string[]> {
  const out: string[] = [];
  for (const png of await pdfImages(pdf)) {
    const { width, height, rgba } = decodePng(png);
    const code = jsQR(rgba, width, height);
    if (code) out.push(code.data);
  }
  return out;
}

function pdfImages(pdf: Buffer): Promise<Buffer[]> {
  const script = `
    const { PDFParse } = require('pdf-parse');
    const chunks = [];
    process.stdin.on('data', (c) => chunks.push(c));
    process.stdin.on('end', async () => {
      const parser = new PDFParse({ data: Buffer.concat(chunks) });
      const result = await parser.getImage({ imageBuffer: true, imageDataUrl: false });
      await parser.destroy?.();
      const images = result.pages.flatMap((p) => p.images.map((i) => Buffer.from(i.data).toString('base64')));
      process.stdout.write(JSON.stringify(images));
    });`;
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, ['-e', script], { cwd: __dirname, maxBuffer: 64 * 1024 * 1024 }, (err, stdout) =>
      err ? reject(err) : resolve((JSON.parse(stdout) as string[]).map((b) => Buffer.from(b, 'base64'))),
    );
    child.stdin!.end(pdf);
  });
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

/** A PNG's pixels as RGBA (the filters of the PNG specification, section 9). */
export function decodePng(png: Buffer): { width: number; height: number; rgba: Uint8ClampedArray } {
  if (png.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  let offset = 8;
  let width = 0;
  let height = 0;
  let colourType = 0;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      if (data[8] !== 8 || data[12] !== 0) throw new Error('only 8-bit, non-interlaced PNGs');
      colourType = data[9];
    } else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  const channels = CHANNELS[colourType];
  if (!channels) throw new Error(`PNG colour type ${colourType} is not supported`);
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x += 1) {
      const left = x >= channels ? pixels[y * stride + x - channels] : 0;
      const up = y > 0 ? pixels[(y - 1) * stride + x] : 0;
      const upLeft = y > 0 && x >= channels ? pixels[(y - 1) * stride + x - channels] : 0;
      let value = line[x];
      if (filter === 1) value += left;
      else if (filter === 2) value += up;
      else if (filter === 3) value += (left + up) >> 1;
      else if (filter === 4) {
        const p = left + up - upLeft;
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        value += pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      }
      pixels[y * stride + x] = value & 0xff;
    }
  }
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i += 1) {
    const p = pixels.subarray(i * channels, (i + 1) * channels);
    const [r, g, b, alpha] = channels === 1 ? [p[0], p[0], p[0], 255] : channels === 2 ? [p[0], p[0], p[0], p[1]] : [p[0], p[1], p[2], channels === 4 ? p[3] : 255];
    // Transparent pixels over white paper.
    const over = (v: number) => Math.round((v * alpha + 255 * (255 - alpha)) / 255);
    rgba.set([over(r), over(g), over(b), 255], i * 4);
  }
  return { width, height, rgba };
}
