import { describe, expect, it } from 'vitest';
import { applyHomography } from '../../../scan/homography';
import { SCAN_MARKS } from '../../../shared/geometry/scan-layout';
import { marksOnlyPage, phoneFrame, sheetQuad, type Quad } from '../../../../tests/support/phone-frame';
import { detectSheet } from './detect';
import { FLAT_DPI, flattenPage, lumaOf, planeGray, shrinkPlane } from './flatten';
import { SHARP_ENOUGH } from './capture-trigger';

const page = marksOnlyPage(100);
const off = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);
const cornerError = (found: Quad, truth: Quad) => Math.max(off(found.tl, truth.tl), off(found.tr, truth.tr), off(found.br, truth.br), off(found.bl, truth.bl));

describe('live sheet detection (the reader’s detectSheet, on the phone’s frames) and flattening', () => {
  it('finds a sheet filling 70–95 % of a 480 × 640 frame, turned a little and seen at a slant, and its corners', () => {
    for (const [share, deg, keystone] of [[0.95, 0, 0], [0.85, 3, 0.03], [0.75, -4, 0.05], [0.7, 0, 0]] as const) {
      const quad = sheetQuad(480, 640, share, deg, keystone);
      const found = detectSheet(phoneFrame(page, 480, 640, quad));
      expect(found.corners, `${share} ${deg}°`).not.toBeNull();
      expect(cornerError(found.corners!, quad)).toBeLessThan(4);
      expect(found.orientation).toBe(0);
      expect(found.sharpness).toBeGreaterThanOrEqual(SHARP_ENOUGH);
    }
  });

  it('names the corners as on the page when the sheet lies upside down', () => {
    const quad = sheetQuad(480, 640, 0.9, 180);
    const found = detectSheet(phoneFrame(page, 480, 640, quad));
    expect(found.orientation).toBe(180);
    expect(cornerError(found.corners!, quad)).toBeLessThan(4);
  });

  it('finds nothing on an empty desk, and calls a blurred sheet not sharp', () => {
    expect(detectSheet({ width: 480, height: 640, data: new Uint8Array(480 * 640).fill(120) }).corners).toBeNull();
    const blurred = detectSheet(phoneFrame(page, 480, 640, sheetQuad(480, 640, 0.9), { blurPx: 2 }));
    expect(blurred.sharpness).toBeLessThan(SHARP_ENOUGH);
  });

  it('flattens the sheet to an A4 page at 200 dpi with its marks where the map has them', () => {
    const big = marksOnlyPage(200);
    const quad = sheetQuad(1200, 1600, 0.9, 4, 0.04);
    const frame = phoneFrame(big, 1200, 1600, quad);
    const found = detectSheet(frame);
    const flat = flattenPage(frame, found.toFrame!);
    expect([flat.width, flat.height]).toEqual([1654, 2339]);
    const s = FLAT_DPI / 72;
    for (const m of SCAN_MARKS) {
      // The mark's centre is ink, 4 mm outside it is paper.
      expect(flat.data[Math.round(m.center.y * s) * flat.width + Math.round(m.center.x * s)]).toBeLessThan(80);
      expect(flat.data[Math.round((m.center.y + 11) * s) * flat.width + Math.round((m.center.x + 11) * s)]).toBeGreaterThan(180);
    }
    // The frame's homography maps the map's page corners onto the quad.
    expect(off(applyHomography(found.toFrame!, { x: 0, y: 0 }), quad.tl)).toBeLessThan(4);
  });

  it('takes luma from RGBA as the server does', () => {
    const rgba = new Uint8ClampedArray([255, 255, 255, 255, 0, 0, 0, 255, 255, 0, 0, 255, 0, 255, 0, 255]);
    expect([...lumaOf(rgba, 4, 1).data]).toEqual([255, 0, 76, 149]);
  });

  it('shrinks a camera luma plane (rows with padding) to the detection frame, and unpacks it whole', () => {
    // 8 × 4 pixels in rows of 10 bytes after a 3-byte offset: left half 0, right half 200.
    const data = new Uint8Array(3 + 10 * 4).fill(99);
    for (let y = 0; y < 4; y++) for (let x = 0; x < 8; x++) data[3 + y * 10 + x] = x < 4 ? 0 : 200;
    const plane = { data, offset: 3, stride: 10, width: 8, height: 4 };
    expect([...shrinkPlane(plane, 4, 2).data]).toEqual([0, 0, 200, 200, 0, 0, 200, 200]);
    const whole = planeGray(plane);
    expect([whole.width, whole.height, whole.data[3], whole.data[4], whole.data[31]]).toEqual([8, 4, 0, 200, 200]);
  });
});
