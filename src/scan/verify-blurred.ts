import type { CardGeometryV2 } from '../shared/geometry/card-geometry';
import { phi } from './code-grid';
import { applyHomography } from './homography';
import type { GrayImage } from './page-reading';
import type { PageTransform } from './page-transform';
import { VERIFY } from './reading-thresholds';
import { rectKey, verifySelection, type Verification } from './verify-transform';

/**
 * Transform verification for a blurred photo (docs/scan-reading.md "Photos", issue 29). The scan's
 * check (verify-transform.ts) compares a bubble's 0.26 mm outline with paths 0.56 mm inside and
 * 0.35 mm outside it; once a photo's blur spreads the line over more than that (σ ≳ 0.35 mm on
 * the page), all three are alike and no outline is "found", however right the transform. Here the
 * same bubbles (the first and last option of rows spread over each column) are compared with what
 * their outline looks like at the page's own blur: the pill's outline drawn as a line of the
 * print's width, blurred by the measured σ (a Gaussian across the line), over a band of 2.5 pt on
 * either side (the letter inside left out), correlated — each with its best plane over the band
 * taken out, so a neighbour's blur or a shadow's edge neither helps nor hurts — with the page at offsets within ±1.5 pt of
 * where the transform puts it. A bubble counts when the best normalised correlation reaches
 * `blurredNcc(σ)`; one dark inside (pencil over it, or a transform that lands it on a filled shape: blurred,
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
const BLURRED = { ncc: 0.45, nccFromSigmaPt: 1.1, nccPerPt: 0.5, nccFloor: 0.3, bandPt: 2.5, letterPt: 1.2, gridPt: 0.5, lineWidthPt: 0.75 } as const;

/**
 * The correlation a bubble's outline must reach at blur σ (pt): `ncc` up to σ 1.1 pt
 * (`nccFromSigmaPt`), then 0.05 less for each tenth of a point (`nccPerPt`), never under 0.30
 * (`nccFloor`, from σ 1.4). A thin line blurred further keeps
 * less of its contrast against the same JPEG noise, grain and the blurred ruled lines beside the
 * rows, so the true outline's best correlation falls with σ; a misplaced template's does not rise.
 * Measured on 75 photo pages blurred σ 0.7–1.7 pt, with the true transform and with it moved a
 * bubble pitch or a row either way, 3 pt or 1.5 mm across, down or diagonally (tests' corpus,
 * corners at any turn): with σ ≥ 1.2 pt no moved transform held above 0.13, with σ ≥ 1.4 none at
 * any threshold; every true one held at 0.30 or more (the lowest: σ 1.54 pt). Under σ 1.2 a moved
 * one held at up to 0.23: the threshold there stays 0.40–0.45.
 */
export function blurredNcc(sigmaPt: number): number {
  return Math.max(BLURRED.nccFloor, Math.min(BLURRED.ncc, BLURRED.ncc - BLURRED.nccPerPt * (sigmaPt - BLURRED.nccFromSigmaPt)));
}

/**
 * Under this blur (σ on the page, pt) the scan's check sees the outlines (every photo of the corpus
 * with σ < 1 pt passed it): a page that fails it there fails for another reason and is not tried again.
 */
export const BLURRED_MIN_SIGMA_PT = 0.7;

/** `values`: the outline's blurred darkness with the best plane over the band taken out (so a neighbour's blur, a shadow's edge or a gradient does not count for or against it); `gram`: the inverse Gram matrix of that plane's basis (1, x, y) over the band. */
type Template = { points: Float64Array; values: Float64Array; spread: number; gram: Float64Array; inner: Float64Array };

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
  const gram = planeGram(points);
  const residual = withoutPlane(points, values, gram);
  const spread = Math.sqrt(residual.reduce((sum, v) => sum + v * v, 0));
  return { points: Float64Array.from(points), values: Float64Array.from(residual), spread, gram: Float64Array.from(gram), inner: Float64Array.from(inner) };
}

/** The inverse of the 3 × 3 Gram matrix of (1, x, y) over the points (row-major). */
function planeGram(points: readonly number[]): number[] {
  let n = 0, sx = 0, sy = 0, sxx = 0, sxy = 0, syy = 0;
  for (let i = 0; i < points.length; i += 2) {
    const x = points[i], y = points[i + 1];
    n++;
    sx += x;
    sy += y;
    sxx += x * x;
    sxy += x * y;
    syy += y * y;
  }
  const m = [n, sx, sy, sx, sxx, sxy, sy, sxy, syy];
  const [a, b, c, d, e, f, g, h, k] = m;
  const det = a * (e * k - f * h) - b * (d * k - f * g) + c * (d * h - e * g);
  return [e * k - f * h, c * h - b * k, b * f - c * e, f * g - d * k, a * k - c * g, c * d - a * f, d * h - e * g, b * g - a * h, a * e - b * d].map((v) => v / det);
}

/** `values` less their least-squares plane over the points. */
function withoutPlane(points: readonly number[], values: readonly number[], gram: number[]): number[] {
  let s0 = 0, s1 = 0, s2 = 0;
  for (let i = 0; i < values.length; i++) {
    s0 += values[i];
    s1 += values[i] * points[2 * i];
    s2 += values[i] * points[2 * i + 1];
  }
  const c = [0, 1, 2].map((r) => gram[3 * r] * s0 + gram[3 * r + 1] * s1 + gram[3 * r + 2] * s2);
  return values.map((v, i) => v - (c[0] + c[1] * points[2 * i] + c[2] * points[2 * i + 1]));
}


/** A bubble's place on the page: the homography linearised at its centre (image px of map point offsets from it). */
type Frame = { ox: number; oy: number; ux: number; uyx: number; vx: number; vy: number };

/** The template's best normalised correlation with the page (each without its plane) over the search's offsets, and that offset. */
function bestMatch(pixels: Uint8Array, width: number, height: number, darkness: Float64Array, f: Frame, template: Template): { ncc: number; offsetPt: number } {
  const { points, values, gram: g } = template;
  const n = values.length;
  let bestNcc = -1;
  let bestOffset = 0;
  for (let oy = -VERIFY.searchPt; oy <= VERIFY.searchPt + 1e-9; oy += VERIFY.stepPt) {
    for (let ox = -VERIFY.searchPt; ox <= VERIFY.searchPt + 1e-9; ox += VERIFY.stepPt) {
      const bx = f.ox + f.ux * ox + f.uyx * oy - 0.5;
      const by = f.oy + f.vx * ox + f.vy * oy - 0.5;
      let s0 = 0, s1 = 0, s2 = 0, squares = 0, product = 0;
      for (let i = 0; i < n; i++) {
        const x = points[2 * i];
        const y = points[2 * i + 1];
        const px = Math.round(bx + f.ux * x + f.uyx * y);
        const py = Math.round(by + f.vx * x + f.vy * y);
        const v = px < 0 || py < 0 || px >= width || py >= height ? 0 : darkness[pixels[py * width + px]];
        s0 += v;
        s1 += v * x;
        s2 += v * y;
        squares += v * v;
        product += v * values[i];
      }
      // The page's darkness with its own best plane taken out: what of it the plane explains, subtracted.
      const planar = s0 * (g[0] * s0 + g[1] * s1 + g[2] * s2) + s1 * (g[3] * s0 + g[4] * s1 + g[5] * s2) + s2 * (g[6] * s0 + g[7] * s1 + g[8] * s2);
      const spread = Math.sqrt(Math.max(0, squares - planar));
      const ncc = spread > 1e-9 ? product / (spread * template.spread) : 0;
      if (ncc > bestNcc) {
        bestNcc = ncc;
        bestOffset = Math.sqrt(ox * ox + oy * oy);
      }
    }
  }
  return { ncc: bestNcc, offsetPt: bestOffset };
}

/** The mean darkness at these map offsets (pairs x, y) from the bubble's centre. */
function meanDark(pixels: Uint8Array, width: number, height: number, darkness: Float64Array, f: Frame, at: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < at.length; i += 2) {
    const px = Math.round(f.ox + f.ux * at[i] + f.uyx * at[i + 1] - 0.5);
    const py = Math.round(f.oy + f.vx * at[i] + f.vy * at[i + 1] - 0.5);
    sum += px < 0 || py < 0 || px >= width || py >= height ? 0 : darkness[pixels[py * width + px]];
  }
  return sum / Math.max(1, at.length / 2);
}

export function verifyBlurredOutlines(image: GrayImage, t: PageTransform, map: CardGeometryV2, page: number, white: number, sigmaPt: number): Verification {
  const span = Math.max(1, white - t.black);
  // The darkness of each grey, looked up (as verify-transform.ts does) rather than divided at every sample.
  const darkness = Float64Array.from({ length: 256 }, (_, grey) => (white - grey) / span);
  const pixels = image.luma ?? image.data;
  const { width, height } = image;
  const templates = new Map<string, Template>();
  const { sample, ends } = verifySelection(map, page);
  const threshold = blurredNcc(sigmaPt);
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
    const frame = { ox: o.x, oy: o.y, ux: ex.x - o.x, uyx: ey.x - o.x, vx: ex.y - o.y, vy: ey.y - o.y };
    const best = bestMatch(pixels, width, height, darkness, frame, template);
    const inside = meanDark(pixels, width, height, darkness, frame, template.inner);
    // Pencil over the bubble hides its outline, and a blurred dark blob (a fill, a label) looks like one: it says nothing either way.
    if (inside >= VERIFY.coveredInside) continue;
    checked++;
    if (best.ncc >= threshold) {
      found++;
      offsets.push(best.offsetPt);
    } else if (ends.has(rectKey(rect))) endMissed = true;
  }
  offsets.sort((a, b) => a - b);
  const medianOffsetPt = offsets.length ? offsets[Math.floor(offsets.length / 2)] : null;
  const ok = sample.length >= VERIFY.minChecked && !endMissed && found >= checked * VERIFY.foundShare && found >= sample.length * VERIFY.foundOfAll && medianOffsetPt !== null && medianOffsetPt <= VERIFY.maxMedianOffsetPt;
  return { ok, checked, found, medianOffsetPt };
}
