import type { CardGeometryV2, Rect } from '../shared/geometry/card-geometry';
import { phi } from './code-grid';
import { applyHomography } from './homography';
import type { GrayImage } from './page-reading';
import type { PageTransform } from './page-transform';
import { VERIFY } from './reading-thresholds';
import { sampleBubbles, type Verification } from './verify-transform';

/**
 * Transform verification for a blurred photo (docs/scan-reading.md "Photos", issue 29). The scan's
 * check (verify-transform.ts) compares a bubble's 0.26 mm outline with paths 0.56 mm inside and
 * 0.35 mm outside it; once a photo's blur spreads the line over more than that (σ ≳ 0.35 mm on
 * the page), all three are alike and no outline is "found", however right the transform. Here the
 * same bubbles (the first and last option of rows spread over each column) are compared with what
 * their outline looks like at the page's own blur: the pill's outline drawn as a line of the
 * print's width, blurred by the measured σ (a Gaussian across the line), over a band of 2.5 pt on
 * either side (the letter inside left out), correlated with the page at offsets within ±1.5 pt of
 * where the transform puts it. A bubble counts when the best normalised correlation reaches
 * `ncc`; one dark inside (pencil over it, or a transform that lands it on a filled shape: blurred,
 * a blob correlates with an outline too) counts for nothing; the transform holds when the scan's
 * shares hold (found ≥ 80 % of those checked, ≥ 40 % of all, median offset ≤ 1 pt) and, stricter
 * than the scan's check, every bubble of each column's first and last row is found or covered: a
 * transform a row off lands one of those rows outside its column.
 *
 * Measured on the photo corpus (102 photos within the limits, blur σ 0.25–1.3 pt on the flat
 * page): at the true transform every page holds (all found or covered); moved 3 or 4 pt across or
 * down, no bubble is found on any page; a pitch sideways finds half, a row down fails on the end
 * rows.
 */
const BLURRED = { ncc: 0.45, bandPt: 2.5, letterPt: 1.2, gridPt: 0.5, lineWidthPt: 0.75 } as const;

/**
 * Under this blur (σ on the page, pt) the scan's check sees the outlines (every photo of the corpus
 * with σ < 1 pt passed it): a page that fails it there fails for another reason and is not tried again.
 */
export const BLURRED_MIN_SIGMA_PT = 0.7;

type Template = { points: Float64Array; values: Float64Array; mean: number; spread: number; inner: Float64Array };

/** The outline of a pill of this size at blur σ (pt), sampled on a half-point grid relative to its centre. */
function templateOf(w: number, h: number, sigmaPt: number): Template {
  const r = h / 2 - VERIFY.lineInsetPt;
  const half = Math.max(0, w / 2 - h / 2);
  const points: number[] = [];
  const values: number[] = [];
  const inner: number[] = [];
  const g = BLURRED.bandPt;
  const line = BLURRED.lineWidthPt / 2;
  for (let y = -h / 2 - g; y <= h / 2 + g + 1e-9; y += BLURRED.gridPt) {
    for (let x = -w / 2 - g; x <= w / 2 + g + 1e-9; x += BLURRED.gridPt) {
      // Distance to the pill's centre segment, minus its radius: signed distance to the outline's middle.
      const dist = Math.hypot(Math.max(0, Math.abs(x) - half), y);
      const d = dist - r;
      if (dist < r - BLURRED.letterPt) {
        inner.push(x, y);
        continue;
      }
      if (d > g) continue;
      points.push(x, y);
      values.push(phi((d + line) / sigmaPt) - phi((d - line) / sigmaPt));
    }
  }
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  const spread = Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0));
  return { points: Float64Array.from(points), values: Float64Array.from(values.map((v) => v - mean)), mean, spread, inner: Float64Array.from(inner) };
}

/** Bubbles of the sample in a column's first or last row (by their rectangles). */
function endRows(map: CardGeometryV2, page: number): Set<string> {
  const columns = new Map<number, { first: number; last: number; rows: Map<number, number> }>();
  const groups = map.groups.filter((g) => g.page === page);
  for (const g of groups) {
    const key = Math.round(g.rect.x / 20);
    const column = columns.get(key) ?? { first: Number.POSITIVE_INFINITY, last: Number.NEGATIVE_INFINITY, rows: new Map() };
    column.first = Math.min(column.first, g.rect.y);
    column.last = Math.max(column.last, g.rect.y);
    column.rows.set(g.q, g.rect.y);
    columns.set(key, column);
  }
  const ends = new Set<string>();
  for (const column of columns.values()) {
    for (const b of map.bubbles) {
      const y = b.page === page ? column.rows.get(b.q) : undefined;
      if (y !== undefined && (y === column.first || y === column.last)) ends.add(rectKey(b.rect));
    }
  }
  return ends;
}

const rectKey = (r: Rect) => `${r.x},${r.y},${r.w},${r.h}`;

export function verifyBlurredOutlines(image: GrayImage, t: PageTransform, map: CardGeometryV2, page: number, white: number, sigmaPt: number): Verification {
  const span = Math.max(1, white - t.black);
  const pixels = image.luma ?? image.data;
  const { width, height } = image;
  const templates = new Map<string, Template>();
  const ends = endRows(map, page);
  const sample = sampleBubbles(map, page);
  let checked = 0;
  let found = 0;
  let endMissed = false;
  const offsets: number[] = [];
  for (const rect of sample) {
    const shape = `${rect.w}x${rect.h}`;
    const template = templates.get(shape) ?? templates.set(shape, templateOf(rect.w, rect.h, sigmaPt)).get(shape)!;
    const c = { x: rect.x + rect.w / 2, y: rect.y + rect.h / 2 };
    const o = applyHomography(t.toImage, c);
    const ex = applyHomography(t.toImage, { x: c.x + 1, y: c.y });
    const ey = applyHomography(t.toImage, { x: c.x, y: c.y + 1 });
    const ux = ex.x - o.x, uyx = ey.x - o.x, vx = ex.y - o.y, vy = ey.y - o.y;
    const dark = (x: number, y: number) => {
      const px = Math.round(o.x + ux * x + uyx * y - 0.5);
      const py = Math.round(o.y + vx * x + vy * y - 0.5);
      return px < 0 || py < 0 || px >= width || py >= height ? 0 : (white - pixels[py * width + px]) / span;
    };
    const n = template.values.length;
    let best = { ncc: -1, offset: 0 };
    for (let oy = -VERIFY.searchPt; oy <= VERIFY.searchPt + 1e-9; oy += VERIFY.stepPt) {
      for (let ox = -VERIFY.searchPt; ox <= VERIFY.searchPt + 1e-9; ox += VERIFY.stepPt) {
        let sum = 0, squares = 0, product = 0;
        for (let i = 0; i < n; i++) {
          const v = dark(template.points[2 * i] + ox, template.points[2 * i + 1] + oy);
          sum += v;
          squares += v * v;
          product += v * template.values[i];
        }
        const spread = Math.sqrt(Math.max(0, squares - (sum * sum) / n));
        const ncc = spread > 1e-9 ? product / (spread * template.spread) : 0;
        if (ncc > best.ncc) best = { ncc, offset: Math.hypot(ox, oy) };
      }
    }
    let inside = 0;
    for (let i = 0; i < template.inner.length; i += 2) inside += dark(template.inner[i], template.inner[i + 1]);
    inside /= Math.max(1, template.inner.length / 2);
    // Pencil over the bubble hides its outline, and a blurred dark blob (a fill, a label) looks like one: it says nothing either way.
    if (inside >= VERIFY.coveredInside) continue;
    checked++;
    if (best.ncc >= BLURRED.ncc) {
      found++;
      offsets.push(best.offset);
    } else if (ends.has(rectKey(rect))) endMissed = true;
  }
  offsets.sort((a, b) => a - b);
  const medianOffsetPt = offsets.length ? offsets[Math.floor(offsets.length / 2)] : null;
  const ok = sample.length >= VERIFY.minChecked && !endMissed && found >= checked * VERIFY.foundShare && found >= sample.length * VERIFY.foundOfAll && medianOffsetPt !== null && medianOffsetPt <= VERIFY.maxMedianOffsetPt;
  return { ok, checked, found, medianOffsetPt };
}
