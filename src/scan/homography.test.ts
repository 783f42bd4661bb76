import { describe, expect, it } from 'vitest';
import { SCAN_MARKS } from '../shared/geometry/scan-layout';
import { affineResidual, applyHomography, homographyFrom4, homographyInto, solveLinear } from './homography';

const centres = SCAN_MARKS.map((m) => m.center);
/** A scan at 200 dpi turned 2° and shifted: map points → pixels. */
const place = (p: { x: number; y: number }) => {
  const s = 200 / 72;
  const a = (2 * Math.PI) / 180;
  return { x: s * (Math.cos(a) * p.x - Math.sin(a) * p.y) + 30, y: s * (Math.sin(a) * p.x + Math.cos(a) * p.y) - 12 };
};

describe('page homography', () => {
  it('maps the four mark centres exactly and points between them as the page transform does', () => {
    const h = homographyFrom4(centres, centres.map(place));
    expect(h).not.toBeNull();
    for (const p of [...centres, { x: 300, y: 400 }, { x: 100, y: 700 }]) {
      const got = applyHomography(h!, p);
      const want = place(p);
      expect(Math.hypot(got.x - want.x, got.y - want.y)).toBeLessThan(1e-6);
    }
  });

  it('returns null for marks on one line', () => {
    expect(homographyFrom4(centres, [0, 1, 2, 3].map((i) => ({ x: i, y: i })))).toBeNull();
  });

  it('solves in its scratch matrix to the very numbers of the linear system solved with new arrays', () => {
    // A tilted photo's marks (perspective), as the sheet search meets thousands of them.
    const to = [{ x: 812.4, y: 301.7 }, { x: 2411.9, y: 388.2 }, { x: 702.3, y: 3120.5 }, { x: 2590.1, y: 3302.8 }];
    const a: number[][] = [];
    const b: number[] = [];
    centres.forEach(({ x, y }, i) => {
      const { x: u, y: v } = to[i];
      a.push([x, y, 1, 0, 0, 0, -u * x, -u * y], [0, 0, 0, x, y, 1, -v * x, -v * y]);
      b.push(u, v);
    });
    const out = new Array<number>(9).fill(0);
    expect(homographyInto(centres, to, out)).toBe(true);
    expect(out).toEqual([...solveLinear(a, b)!, 1]);
    // The scratch keeps nothing of one four for the next; a degenerate four answers false.
    expect(homographyInto(centres, [0, 1, 2, 3].map((i) => ({ x: i, y: i })), out)).toBe(false);
    expect(homographyInto(centres, to, out)).toBe(true);
    expect(out).toEqual(homographyFrom4(centres, to));
  });

  it('finds no residual for a flat page and about 4 mm for the marks of a half-turned page taken upright', () => {
    expect(affineResidual(centres.map(place), centres)).toBeLessThan(1e-6);
    // Upside down, the mark seen top-left is the raised bottom-right one turned round.
    const turned = centres.map((p) => place({ x: 595.28 - p.x, y: 841.89 - p.y }));
    const [tl, tr, bl, br] = turned;
    const residualPt = affineResidual([br, bl, tr, tl], centres);
    expect(residualPt / (72 / 25.4)).toBeGreaterThan(3.5);
    expect(affineResidual([tl, tr, bl, br], centres)).toBeLessThan(1e-6);
  });
});
