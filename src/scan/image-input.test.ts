import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeImage, imagePageCount } from './image-input';


describe('scan image input', () => {
  it('decodes colour PNG and JPEG files to one grey channel, alpha on white', async () => {
    const rgba = Buffer.alloc(4 * 4 * 4, 0);
    for (let i = 0; i < 16; i++) rgba.set(i < 8 ? [255, 0, 0, 255] : [0, 0, 0, 0], i * 4);
    const png = await sharp(rgba, { raw: { width: 4, height: 4, channels: 4 } }).png().toBuffer();
    const image = await decodeImage(png);
    expect([image.width, image.height, image.data.length]).toEqual([4, 4, 16]);
    expect(image.data[0]).toBeGreaterThan(40);
    expect(image.data[0]).toBeLessThan(160);
    expect(image.data[15]).toBe(255);
    const jpeg = await sharp(png).jpeg({ quality: 90 }).toBuffer();
    expect((await decodeImage(jpeg)).data.length).toBe(16);
    expect(await imagePageCount(png)).toBe(1);
  });

  it('reads each page of a multi-page TIFF', async () => {
    const pages = [0, 200].map((grey) => sharp({ create: { width: 8, height: 8, channels: 3, background: { r: grey, g: grey, b: grey } } }).png().toBuffer());
    const tiff = await sharp(await Promise.all(pages), { join: { animated: true } }).tiff().toBuffer();
    expect(await imagePageCount(tiff)).toBe(2);
    expect((await decodeImage(tiff, 1)).data[0]).toBe(200);
  });
});
