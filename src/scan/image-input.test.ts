import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeImage } from './image-input';
import { imagePageCount } from './scan-file';

// Page counts come from the file's header (image-header.ts), as the upload and the job count them.
const dir = mkdtempSync(join(tmpdir(), 'acs-image-input-'));
let files = 0;
const pagesOf = (body: Buffer) => {
  const path = join(dir, `f${(files += 1)}`);
  writeFileSync(path, body);
  return imagePageCount(path, body[0] === 0x89 ? 'png' : body[0] === 0xff ? 'jpeg' : 'tiff');
};


describe('scan image input', () => {
  it('refuses a JPEG cut inside its scan data with its end marker put back (a grey half page is not a page); a sound one decodes', async () => {
    const w = 827;
    const h = 1170;
    const raw = Buffer.alloc(w * h, 235);
    for (let i = 0; i < raw.length; i += 97) raw[i] = 30;
    const jpeg = await sharp(raw, { raw: { width: w, height: h, channels: 1 } }).jpeg({ quality: 85 }).toBuffer();
    expect((await decodeImage(jpeg)).height).toBe(h);
    const cut = Buffer.concat([jpeg.subarray(0, Math.floor(jpeg.length / 2)), Buffer.from([0xff, 0xd9])]);
    await expect(decodeImage(cut)).rejects.toThrow(/premature end/i);
  });

  it('decodes colour PNG and JPEG files to one grey channel, alpha on white', async () => {
    const rgba = Buffer.alloc(4 * 4 * 4, 0);
    for (let i = 0; i < 16; i++) rgba.set(i < 8 ? [90, 90, 90, 255] : [0, 0, 0, 0], i * 4);
    const png = await sharp(rgba, { raw: { width: 4, height: 4, channels: 4 } }).png().toBuffer();
    const image = await decodeImage(png);
    expect([image.width, image.height, image.data.length]).toEqual([4, 4, 16]);
    expect(image.data[0]).toBe(90);
    expect(image.data[15]).toBe(255);
    const jpeg = await sharp(png).jpeg({ quality: 90 }).toBuffer();
    expect((await decodeImage(jpeg)).data.length).toBe(16);
    expect(await pagesOf(png)).toBe(1);
  });

  it('decodes a grey scanner JPEG straight to its one channel: the same pixels, not taken for a colour page', async () => {
    const grey = Buffer.alloc(64 * 48);
    for (let i = 0; i < grey.length; i++) grey[i] = (i * 7) % 256;
    const jpeg = await sharp(grey, { raw: { width: 64, height: 48, channels: 1 } }).toColourspace('b-w').jpeg({ quality: 90 }).toBuffer();
    expect((await sharp(jpeg).metadata()).channels).toBe(1);
    const image = await decodeImage(jpeg);
    expect(image.mode).toBeUndefined();
    expect(image.luma).toBeUndefined();
    const { data } = await sharp(jpeg).greyscale().raw().toBuffer({ resolveWithObject: true });
    expect(Buffer.from(image.data)).toEqual(data);
  });

  it('reads a colour scan on the channel where the card\'s magenta print fades, pencil and blue pen staying dark', async () => {
    // 100 × 100: white paper, a band of magenta print (the commonest colour), grey pencil, a little blue pen.
    const w = 100;
    const rgb = Buffer.alloc(w * w * 3, 255);
    const paint = (y0: number, y1: number, c: [number, number, number]) => { for (let y = y0; y < y1; y++) for (let x = 0; x < w; x++) rgb.set(c, (y * w + x) * 3); };
    paint(0, 20, [255, 0, 150]);
    paint(40, 50, [70, 70, 70]);
    paint(80, 84, [35, 55, 150]);
    const image = await decodeImage(await sharp(rgb, { raw: { width: w, height: w, channels: 3 } }).png().toBuffer());
    expect(image.mode).toBe('color');
    expect(image.data[10 * w]).toBeGreaterThan(240);
    expect(image.data[45 * w]).toBe(70);
    expect(image.data[82 * w]).toBeLessThan(60);
    // Were the pen the print's own colour family's opposite and light in that channel, the page would be read on its plain grey instead.
    paint(60, 75, [150, 255, 40]);
    const mixed = await decodeImage(await sharp(rgb, { raw: { width: w, height: w, channels: 3 } }).png().toBuffer());
    expect(mixed.data[10 * w]).toBeLessThan(160);
  });

  it('decodes a 12 MP photo shrunk to 2,000 px, with the same photo at twice that a page may ask for (finer); a 3 MP one has none', async () => {
    const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: { r: 200, g: 180, b: 150 } } }).jpeg({ quality: 80 }).toBuffer();
    const image = await decodeImage(photo);
    expect([image.width, image.height]).toEqual([2000, 1500]);
    const fine = await image.finer!();
    expect([fine.width, fine.height, fine.finer]).toEqual([4000, 3000, undefined]);
    expect(fine.data[0]).toBe(image.data[0]);
    const small = await decodeImage(await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#ccc' } }).jpeg().toBuffer());
    expect(small.finer).toBeUndefined();
  });

  it('reads each page of a multi-page TIFF', async () => {
    const pages = [0, 200].map((grey) => sharp({ create: { width: 8, height: 8, channels: 3, background: { r: grey, g: grey, b: grey } } }).png().toBuffer());
    const tiff = await sharp(await Promise.all(pages), { join: { animated: true } }).tiff().toBuffer();
    expect(await pagesOf(tiff)).toBe(2);
    expect((await decodeImage(tiff, 1)).data[0]).toBe(200);
  });

  it('refuses a pixel flood from its header (a small PNG claiming 16,000² pixels) and a truncated image, before decoding', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 200, b: 200 } } }).png().toBuffer();
    const flood = Buffer.from(png);
    flood.writeUInt32BE(16_000, 16);
    flood.writeUInt32BE(16_000, 20);
    flood.writeUInt32BE(crc32(flood.subarray(12, 29)), 29);
    const rss = process.memoryUsage().rss;
    await expect(pagesOf(flood)).rejects.toThrow();
    await expect(decodeImage(flood)).rejects.toThrow();
    expect(process.memoryUsage().rss - rss).toBeLessThan(100 * 1024 * 1024);
    const photo = await sharp({ create: { width: 400, height: 400, channels: 3, background: { r: 90, g: 120, b: 200 } } }).jpeg().toBuffer();
    await expect(decodeImage(photo.subarray(0, photo.length / 2))).rejects.toThrow();
  });
});

/** CRC-32 of a PNG chunk's type and data. */
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}
