import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { reviewJpeg, shrinkPage } from './review-image';

describe('the review image of a page', () => {
  it('averages blocks, drops the edge remainder, and turns a page half round in the same pass', () => {
    const image = { width: 5, height: 3, data: Uint8Array.from([0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28]) };
    expect(shrinkPage(image, 2, false)).toEqual({ width: 2, height: 1, data: Uint8Array.from([6, 10]) });
    const halves = { width: 4, height: 4, data: Uint8Array.from([0, 0, 100, 100, 0, 0, 100, 100, 50, 50, 200, 200, 50, 50, 200, 200]) };
    expect(shrinkPage(halves, 2, true).data).toEqual(Uint8Array.from([200, 50, 100, 0]));
    expect(shrinkPage(halves, 3, false).data).toEqual(Uint8Array.from([Math.round(500 / 9)]));
  });

  it('is a greyscale JPEG about 850 px wide for a 200 or 300 dpi A4 scan', async () => {
    for (const width of [1654, 2480]) {
      const height = Math.round(width * 1.414);
      const meta = await sharp(await reviewJpeg({ width, height, data: new Uint8Array(width * height).fill(240) }, false)).metadata();
      expect(meta.width).toBe(width === 1654 ? 827 : 826);
      expect([meta.format, meta.channels]).toEqual(['jpeg', 1]);
    }
  });
});
