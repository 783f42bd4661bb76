import sharp from 'sharp';
import { expect, it } from 'vitest';
import type { FileStorage } from '../../data/storage/file-storage';
import type { CardGeometryV2 } from '../../shared/geometry/card-geometry';
import { darkBox, skewedScan } from '../../../tests/support/skewed-scan';
import { storeWrittenCrops } from './written-crops';

// The written answers' crops the scan job keeps for on-screen grading: ≥ 150 dpi, upright.
const map = {
  version: 2,
  page: { w: 595.28, h: 841.89 },
  pages: 1,
  groups: [
    { page: 1, q: 1, showno: '1', kind: 'single', rect: { x: 60, y: 100, w: 200, h: 20 } },
    { page: 1, q: 6, showno: '6', kind: 'free', rect: { x: 60, y: 300, w: 400, h: 100 } },
  ],
  bubbles: [],
} as unknown as CardGeometryV2;
const code = { document: 1, layout: 'T3ST', page: 1, copy: null } as never;

/** An A4 page at 300 dpi, white, with a black square at the written area's top-left corner (map 70…90 × 310…330 pt). */
function page(upsideDown: boolean) {
  const k = 300 / 72;
  const width = Math.round(595.28 * k);
  const height = Math.round(841.89 * k);
  const data = new Uint8Array(width * height).fill(255);
  for (let y = Math.round(310 * k); y < Math.round(330 * k); y++) {
    for (let x = Math.round(70 * k); x < Math.round(90 * k); x++) {
      const [px, py] = upsideDown ? [width - 1 - x, height - 1 - y] : [x, y];
      data[py * width + px] = 0;
    }
  }
  return { width, height, data };
}

async function cropOf(upsideDown: boolean) {
  const stored = new Map<string, Buffer>();
  const storage = { put: async (key: string, body: Buffer) => void stored.set(key, body) } as unknown as FileStorage;
  await storeWrittenCrops(storage, 'scans/1/2/page-3.jpg', page(upsideDown), { code, upsideDown }, 1, async () => map);
  expect([...stored.keys()]).toEqual(['scans/1/2/page-3.jpg.w6.jpg']);
  return sharp(stored.get('scans/1/2/page-3.jpg.w6.jpg')).raw().toBuffer({ resolveWithObject: true });
}

it('keeps each written area at 150 dpi from a 300 dpi scan, the right way up even from an upside-down sheet', async () => {
  for (const upsideDown of [false, true]) {
    const { data, info } = await cropOf(upsideDown);
    // 400 + 2 × 3 mm of margin at 150 dpi.
    expect(Math.abs(info.width - Math.round((400 + 2 * 8.5) * (150 / 72)))).toBeLessThanOrEqual(2);
    const at = (x: number, y: number) => data[(y * info.width + x) * info.channels];
    const k = 150 / 72;
    // The square sits 10 pt in from the area's corner plus the margin: dark there, white at the far corner.
    expect(at(Math.round((8.5 + 20) * k), Math.round((8.5 + 20) * k))).toBeLessThan(60);
    expect(at(info.width - 10, info.height - 10)).toBeGreaterThan(200);
  }
});

it('places the crop by the reading’s homography: a rotated, scaled and shifted sheet’s area lands exactly in its crop, upright', async () => {
  for (const upsideDown of [false, true]) {
    // 300 dpi, turned 1.5°, 1 % larger, shifted 42 px (3.6 mm) and 25 px: the square at map 70…90 × 310…330 pt.
    const { image, toImage } = skewedScan(300, { deg: 1.5, scale: 1.01, dx: 42, dy: -25, upsideDown }, [{ x: 70, y: 310, w: 20, h: 20 }]);
    const stored = new Map<string, Buffer>();
    const storage = { put: async (key: string, body: Buffer) => void stored.set(key, body) } as unknown as FileStorage;
    await storeWrittenCrops(storage, 'scans/1/2/page-4.jpg', image, { code, upsideDown, toImage }, 1, async () => map);
    const { data, info } = await sharp(stored.get('scans/1/2/page-4.jpg.w6.jpg')).raw().toBuffer({ resolveWithObject: true });
    // The scan measures 303 dpi: halved, ≥ 150 dpi; the crop's pixel u is the map's x 60 − 3 mm + (u + ½) / k.
    const k = (300 / 72) * 1.01 / 2;
    const margin = 3 * (72 / 25.4);
    expect(info.width).toBe(Math.round((400 + 2 * margin) * k));
    const box = darkBox(data, info.width, info.height, info.channels);
    for (const [got, want] of [[box.l, (margin + 10) * k], [box.t, (margin + 10) * k], [box.r, (margin + 30) * k], [box.b, (margin + 30) * k]]) expect(Math.abs(got - want)).toBeLessThanOrEqual(1.2);
  }
});
