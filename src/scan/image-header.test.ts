import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { floodJpeg, floodPng, floodTiff, pagePixels, realJpeg, realPng, tiffOf, truncated } from '../../tests/support/hostile-files';
import { imageFacts, imageProblem } from './image-header';

// Headers read without decoding (docs/scan-reading.md "Limits on input").
const dir = mkdtempSync(join(tmpdir(), 'acs-image-header-'));
let n = 0;
const file = (body: Buffer) => {
  const path = join(dir, `f${(n += 1)}`);
  writeFileSync(path, body);
  return path;
};

describe('image headers', () => {
  it('reads the size of real PNG, JPEG (with EXIF) and multi-page TIFF files, whole', async () => {
    expect(await imageFacts(file(await realPng(300, 400)), 'png')).toEqual({ frames: [{ width: 300, height: 400 }], truncated: null });
    const exif = await sharp(pagePixels(300, 400), { raw: { width: 300, height: 400, channels: 1 } }).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    expect(await imageFacts(file(exif), 'jpeg')).toEqual({ frames: [{ width: 300, height: 400 }], truncated: null });
    const pages = [0, 200].map((grey) => sharp({ create: { width: 80, height: 60, channels: 3, background: { r: grey, g: grey, b: grey } } }).png().toBuffer());
    const tiff = await sharp(await Promise.all(pages), { join: { animated: true } }).tiff({ compression: 'lzw' }).toBuffer();
    expect(await imageProblem(file(tiff), 'tiff')).toEqual({ pages: 2, problem: null });
  });

  it('refuses pixel floods from the header, naming the frame', async () => {
    expect((await imageProblem(file(floodPng()), 'png')).problem).toEqual({ problem: 'imageTooLarge', page: 1 });
    expect((await imageProblem(file(await floodJpeg()), 'jpeg')).problem).toEqual({ problem: 'imageTooLarge', page: 1 });
    expect(await imageProblem(file(floodTiff()), 'tiff')).toEqual({ pages: 6, problem: { problem: 'imageTooLarge', page: 2 } });
  });

  it('tells a truncated file: PNG without its end, JPEG without its end marker, a TIFF frame past the end', async () => {
    expect((await imageProblem(file(truncated(await realPng())), 'png')).problem).toEqual({ problem: 'truncated', page: 1 });
    expect((await imageProblem(file(truncated(await realJpeg())), 'jpeg')).problem).toEqual({ problem: 'truncated', page: 1 });
    const two = tiffOf([
      { width: 600, height: 850, strip: pagePixels() },
      { width: 600, height: 850, strip: pagePixels() },
    ]);
    // The second frame's strip lies past a cut placed after the first frame's directory is still readable: move its strip offset out.
    const cut = Buffer.from(two);
    const ifd2 = cut.readUInt32LE(cut.readUInt32LE(4) + 2 + 9 * 12);
    cut.writeUInt32LE(cut.length + 10, ifd2 + 2 + 5 * 12 + 8);
    expect((await imageProblem(file(cut), 'tiff')).problem).toEqual({ problem: 'truncated', page: 2 });
  });

  it('a header that makes no sense is a broken file, not an exception', async () => {
    expect((await imageProblem(file(Buffer.from('\x89PNG\r\n\x1a\nshort')), 'png')).problem).toEqual({ problem: 'broken' });
    const loop = tiffOf([{ width: 10, height: 10, strip: Buffer.alloc(100) }]);
    loop.writeUInt32LE(loop.readUInt32LE(4), loop.length - 4); // the directory points at itself
    expect((await imageProblem(file(loop), 'tiff')).problem).toEqual({ problem: 'broken' });
  });
});
