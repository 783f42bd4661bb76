import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { darkBox, skewedScan } from '../../tests/support/skewed-scan';
import { cropStoredPage, placementOf, storedToImage } from './page-placement';
import { reviewJpeg } from './review-image';

// Exact placement (docs/grading.md "Exact placement"): the reading's homography, composed with the
// stored page image's shrink and turn, puts a map rectangle where the scan has it — on a sheet
// scanned rotated, scaled and shifted, right way up or upside down.

const A4 = { w: 595.28, h: 841.89 };
/** The square drawn on the sheet, in map points. */
const SQUARE = { x: 300, y: 500, w: 30, h: 30 };

describe('placing the map on a stored page image', () => {
  for (const upsideDown of [false, true]) {
    it(`crops a map rectangle exactly from a rotated, scaled and shifted scan${upsideDown ? ', upside down' : ''}`, async () => {
      const { image, toImage } = skewedScan(200, { deg: 1.4, scale: 1.015, dx: 31, dy: -17, upsideDown }, [SQUARE]);
      const stored = await reviewJpeg(image, upsideDown);
      const reading = JSON.stringify({ toImage, image: { width: image.width, height: image.height }, upsideDown });
      const meta = await sharp(stored).metadata();
      expect(storedToImage(placementOf(reading)!, { width: meta.width, height: meta.height })).not.toBeNull();
      // A 10 pt margin around the square: the crop's square starts 10 pt in, is 30 pt wide.
      const area = { x: SQUARE.x - 10, y: SQUARE.y - 10, w: SQUARE.w + 20, h: SQUARE.h + 20 };
      const crop = await sharp(await cropStoredPage(stored, reading, area, A4.w)).greyscale().raw().toBuffer({ resolveWithObject: true });
      const k = crop.info.width / area.w;
      const box = darkBox(crop.data, crop.info.width, crop.info.height);
      // Within one pixel (≈ 0.7 pt at the stored image's ≈ 100 dpi) on every edge.
      for (const [got, want] of [[box.l, 10 * k], [box.t, 10 * k], [box.r, 40 * k], [box.b, 40 * k]]) expect(Math.abs(got - want)).toBeLessThanOrEqual(1.2);
      // Scaling the map to the image's width (what was done before) misses it by several pixels.
      const scaled = await sharp(await cropStoredPage(stored, null, area, A4.w)).greyscale().raw().toBuffer({ resolveWithObject: true });
      const off = darkBox(scaled.data, scaled.info.width, scaled.info.height);
      expect(Math.max(Math.abs(off.l - 10 * k), Math.abs(off.t - 10 * k))).toBeGreaterThan(4);
    });
  }

  it('keeps no placement for a reading without one, or an image that is not a shrink of that scan', () => {
    expect(placementOf('{"status":"read"}')).toBeNull();
    expect(placementOf('not json')).toBeNull();
    const p = { toImage: [1, 0, 0, 0, 1, 0, 0, 0, 1], image: { width: 1700, height: 2400 }, upsideDown: false };
    expect(storedToImage(p, { width: 850, height: 1200 })).toEqual([0.5, 0, 0, 0, 0.5, 0, 0, 0, 1]);
    expect(storedToImage(p, { width: 850, height: 1100 })).toBeNull();
  });
});
