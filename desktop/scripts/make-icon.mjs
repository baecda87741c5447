#!/usr/bin/env node
// Draws the app icon (build/icon.png, 512×512, RGBA) with no image library: a teal rounded square,
// a white open book and an amber rising sun, each pixel 4×4-supersampled, encoded as PNG by hand
// (zlib + CRC-32). electron-builder derives the Windows .ico and macOS .icns from it.
// `make-icon.mjs --size 192 --out web/public/icons/icon-192.png` draws the same icon at another size
// (the web app's manifest, issue 37).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const arg = (name) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const SIZE = Number(arg('--size') ?? 512);
const SS = 4;
const TEAL = [0x1c, 0x6e, 0x8c];
const AMBER = [0xf2, 0xa5, 0x41];
const WHITE = [0xff, 0xff, 0xff];

/** Signed distance-ish tests in a 0..1 square; the first shape that covers a point paints it. */
function inRoundedSquare(x, y, r = 0.18, m = 0.03) {
  const cx = Math.min(Math.max(x, m + r), 1 - m - r);
  const cy = Math.min(Math.max(y, m + r), 1 - m - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}
function inSun(x, y) {
  return (x - 0.5) ** 2 + (y - 0.4) ** 2 <= 0.13 ** 2 && y <= 0.47;
}
/** Two pages of a book, slightly tilted, meeting at the spine (x = 0.5). */
function inBook(x, y) {
  const dx = Math.abs(x - 0.5);
  if (dx > 0.3 || dx < 0.015) return false;
  const top = 0.5 + dx * 0.18;
  const bottom = 0.74 + dx * 0.05;
  return y >= top && y <= bottom;
}
function colourAt(x, y) {
  if (!inRoundedSquare(x, y)) return null;
  if (inBook(x, y)) return WHITE;
  if (inSun(x, y)) return AMBER;
  return TEAL;
}

const raw = Buffer.alloc((SIZE * 4 + 1) * SIZE);
for (let py = 0; py < SIZE; py++) {
  raw[py * (SIZE * 4 + 1)] = 0; // filter: none
  for (let px = 0; px < SIZE; px++) {
    let r = 0, g = 0, b = 0, a = 0;
    for (let sy = 0; sy < SS; sy++) {
      for (let sx = 0; sx < SS; sx++) {
        const c = colourAt((px + (sx + 0.5) / SS) / SIZE, (py + (sy + 0.5) / SS) / SIZE);
        if (!c) continue;
        r += c[0]; g += c[1]; b += c[2]; a += 1;
      }
    }
    const o = py * (SIZE * 4 + 1) + 1 + px * 4;
    raw[o] = a ? Math.round(r / a) : 0;
    raw[o + 1] = a ? Math.round(g / a) : 0;
    raw[o + 2] = a ? Math.round(b / a) : 0;
    raw[o + 3] = Math.round((255 * a) / (SS * SS));
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header[8] = 8; // bit depth
header[9] = 6; // RGBA
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(raw, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
const out = arg('--out') ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'build', 'icon.png');
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, png);
process.stdout.write(`${out}: ${SIZE}×${SIZE}, ${png.length} bytes\n`);
