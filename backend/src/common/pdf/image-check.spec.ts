import { checkedImageType, drawableImage } from './image-check';

/** A 1×1 PNG and a 4×4 baseline JPEG (made once with an encoder; small enough to keep inline). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSgBBwcHCggKEwoKEygaFhooKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKP/AABEIAAQABAMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/APYKAP8A/9k=',
  'base64',
);
const SIGNATURE = PNG.subarray(0, 8);

describe('images checked whole (issue 33 row 5)', () => {
  it('accepts a well-formed PNG and JPEG', () => {
    expect(checkedImageType(PNG)).toBe('image/png');
    expect(checkedImageType(JPEG)).toBe('image/jpeg');
  });

  it.each([
    ['a PNG signature followed by zeros', Buffer.concat([SIGNATURE, Buffer.alloc(4096)])],
    ['a PNG cut short', PNG.subarray(0, PNG.length - 12)],
    ['a PNG with one image byte changed (its CRC fails)', Buffer.from(PNG.map((b, i) => (i === 45 ? b ^ 0xff : b)))],
    ['a PNG with bytes after IEND', Buffer.concat([PNG, Buffer.from('junk')])],
    ['a JPEG start followed by zeros', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(4096)])],
    ['a JPEG cut short', JPEG.subarray(0, JPEG.length - 20)],
    ['a JPEG without its end marker', JPEG.subarray(0, JPEG.length - 2)],
    ['text', Buffer.from('<script>alert(1)</script>')],
  ])('refuses %s', (_, bytes) => {
    expect(checkedImageType(bytes, ['image/png', 'image/jpeg', 'image/webp'])).toBeNull();
  });

  it('refuses a PNG whose image data inflates past the size its header gives (a decompression bomb)', () => {
    const { deflateSync, crc32 } = jest.requireActual<typeof import('node:zlib')>('node:zlib');
    const chunk = (type: string, data: Buffer) => {
      const head = Buffer.alloc(8);
      head.writeUInt32BE(data.length, 0);
      head.write(type, 4, 'latin1');
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
      return Buffer.concat([head, data, crc]);
    };
    const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
    const bomb = Buffer.concat([SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(10_000_000))), chunk('IEND', Buffer.alloc(0))]);
    expect(checkedImageType(bomb)).toBeNull();
    const right = Buffer.concat([SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.from([0, 1, 2, 3]))), chunk('IEND', Buffer.alloc(0))]);
    expect(checkedImageType(right)).toBe('image/png');
  });

  it('the PDF library draws the good images; a broken one gives no logo instead of an error', async () => {
    expect(await drawableImage(PNG)).toBe(PNG);
    expect(await drawableImage(JPEG)).toBe(JPEG);
    expect(await drawableImage(Buffer.concat([SIGNATURE, Buffer.alloc(64)]))).toBeNull();
    expect(await drawableImage(null)).toBeNull();
  });
});
