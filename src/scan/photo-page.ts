import { SCAN_MARKS } from '../shared/geometry/scan-layout';
import { paperLevels, paperRows, sheetQuadOf, shrinkFrame, type Orientation } from './detect-sheet';
import { applyHomography, homographyFrom4, type Homography, type Point } from './homography';
import type { GrayImage } from './page-reading';
import { markCandidatesOf, type PageTransform } from './page-transform';

/**
 * A photo's page (docs/scan-reading.md "Photos"): the sheet found anywhere in the frame
 * (detect-sheet.ts, on the frame shrunk to ≤ 1024 px), its four marks measured again at full
 * resolution, one homography per quarter turn (the page code decides which, read-page.ts), and
 * the page cut out upright and flat: warped to its own resolution (150–200 dpi) and divided by
 * the paper's local level, so a light gradient or a hand's shadow leaves paper at one grey and
 * pencil, outlines and the code at their own contrast. What is read is that flat page, through the
 * same steps as a scan.
 */
export type PhotoTurn = { orientation: Orientation; toImage: Homography; black: number; pxPerPt: number; codeScore: number };

const MAP_MARKS: Point[] = SCAN_MARKS.map((m) => m.center);
const PAGE_PT = { w: 595.28, h: 841.89 };
/** The flat page's resolution: the photo's own, kept between these (px a point). */
export const MIN_FLAT_PX_PER_PT = 150 / 72;
const MAX_PX_PER_PT = 200 / 72;
/** Paper level after flattening (the reader's white is a percentile of it, its black the marks'). */
const FLAT_PAPER = 235;
/** Paper level blocks of the flat page: small enough to follow a shadow's soft edge. */
const FLAT_BLOCK_MM = 4;

/** The sheet's four marks and each quarter turn's homography, most code-like first; null when no four marks agree with a page. */
export function locatePhoto(image: GrayImage): PhotoTurn[] | null {
  const { image: small, factor } = shrinkFrame(image);
  const found = sheetQuadOf(small);
  if (!found) return null;
  // Each mark measured again at full resolution (centre and grey).
  const refined = found.blobs.map((b) => refineMark(image, { x: b.x * factor, y: b.y * factor }, Math.sqrt(b.area) * factor));
  const black = refined.reduce((s, r) => s + r.grey, 0) / refined.length;
  return found.turns.map((turn) => {
    // turn.marks are blob centres in SCAN_MARKS order; swap in the refined ones.
    const marks = turn.marks.map((m) => {
      const i = found.blobs.findIndex((b) => b.x === m.x && b.y === m.y);
      return refined[i].center;
    });
    const toImage = homographyFrom4(MAP_MARKS, marks)!;
    return { orientation: turn.orientation, toImage, black, pxPerPt: pxPerPtOf(toImage), codeScore: turn.codeScore };
  });
}

/** Pixels a point at the page's centre (the mean of both directions). */
export function pxPerPtOf(h: Homography): number {
  const c = { x: PAGE_PT.w / 2, y: PAGE_PT.h / 2 };
  const o = applyHomography(h, c);
  const ex = applyHomography(h, { x: c.x + 10, y: c.y });
  const ey = applyHomography(h, { x: c.x, y: c.y + 10 });
  return (Math.hypot(ex.x - o.x, ex.y - o.y) + Math.hypot(ey.x - o.x, ey.y - o.y)) / 20;
}

/**
 * A mark's centre at full resolution: in a window of 2.4 sides around the coarse centre, pixels
 * darker than halfway between the window's paper (90th percentile) and its ink (2nd percentile),
 * the component holding the darkest pixel near the centre; its centroid and mean grey.
 */
function refineMark(image: GrayImage, at: Point, side: number): { center: Point; grey: number } {
  const half = Math.max(3, Math.round(side * 1.2));
  const x0 = Math.max(0, Math.round(at.x - half));
  const y0 = Math.max(0, Math.round(at.y - half));
  const x1 = Math.min(image.width - 1, Math.round(at.x + half));
  const y1 = Math.min(image.height - 1, Math.round(at.y + half));
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  const hist = new Uint32Array(256);
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) hist[image.data[y * image.width + x]]++;
  const pct = (q: number) => {
    let seen = 0;
    for (let g = 0; g < 256; g++) if ((seen += hist[g]) >= w * h * q) return g;
    return 255;
  };
  const threshold = (pct(0.9) + pct(0.02)) / 2;
  const mask = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) mask[y * w + x] = image.data[(y + y0) * image.width + x + x0] < threshold ? 1 : 0;
  // Seed: the dark pixel nearest the coarse centre.
  const cx = at.x - 0.5 - x0;
  const cy = at.y - 0.5 - y0;
  let seed = -1;
  let nearest = Number.POSITIVE_INFINITY;
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    if (!mask[y * w + x]) continue;
    const d = (x - cx) ** 2 + (y - cy) ** 2;
    if (d < nearest) {
      nearest = d;
      seed = y * w + x;
    }
  }
  if (seed < 0) return { center: at, grey: threshold };
  const stack = new Int32Array(w * h);
  let top = 0;
  stack[top++] = seed;
  mask[seed] = 2;
  let n = 0, sx = 0, sy = 0, sg = 0;
  while (top > 0) {
    const p = stack[--top];
    const x = p % w;
    const y = (p - x) / w;
    n++;
    sx += x;
    sy += y;
    sg += image.data[(y + y0) * image.width + x + x0];
    if (x > 0 && mask[p - 1] === 1) {
      mask[p - 1] = 2;
      stack[top++] = p - 1;
    }
    if (x < w - 1 && mask[p + 1] === 1) {
      mask[p + 1] = 2;
      stack[top++] = p + 1;
    }
    if (y > 0 && mask[p - w] === 1) {
      mask[p - w] = 2;
      stack[top++] = p - w;
    }
    if (y < h - 1 && mask[p + w] === 1) {
      mask[p + w] = 2;
      stack[top++] = p + w;
    }
  }
  return { center: { x: x0 + sx / n + 0.5, y: y0 + sy / n + 0.5 }, grey: sg / n };
}

/** The flat page's resolution for a photo transform (px a point). */
export function flatScale(toImage: Homography): number {
  return Math.min(MAX_PX_PER_PT, Math.max(MIN_FLAT_PX_PER_PT, pxPerPtOf(toImage)));
}

/**
 * The page cut out of the photo upright at `s` px a point (bilinear; outside the frame: paper),
 * then flattened: each pixel divided by the paper's level around it (blocks of 4 mm, 90th
 * percentile, blocks inside ink given their neighbours' level, interpolated), so the paper is
 * FLAT_PAPER everywhere, also across a shadow's edge.
 */
export function flatPage(image: GrayImage, toImage: Homography, s: number): GrayImage {
  const width = Math.round(PAGE_PT.w * s);
  const height = Math.round(PAGE_PT.h * s);
  const data = new Uint8Array(width * height);
  const h = toImage;
  const { width: iw, height: ih, data: src } = image;
  // Along a row the homography's numerators and denominator are linear in the map's x; the
  // division is made exactly every STEP pixels and interpolated between (the perspective's
  // curvature over 8 px is far below a thousandth of a pixel).
  const STEP = 8;
  const dx = h[0] / s;
  const dy = h[3] / s;
  const dw = h[6] / s;
  for (let v = 0; v < height; v++) {
    const my = (v + 0.5) / s;
    const nx0 = h[0] * (0.5 / s) + h[1] * my + h[2];
    const ny0 = h[3] * (0.5 / s) + h[4] * my + h[5];
    const nw0 = h[6] * (0.5 / s) + h[7] * my + h[8];
    let o = v * width;
    let ax = nx0 / nw0 - 0.5;
    let ay = ny0 / nw0 - 0.5;
    for (let u0 = 0; u0 < width; u0 += STEP) {
      const n = Math.min(STEP, width - u0);
      const w1 = nw0 + dw * (u0 + n);
      const bx = (nx0 + dx * (u0 + n)) / w1 - 0.5;
      const by = (ny0 + dy * (u0 + n)) / w1 - 0.5;
      const sx = (bx - ax) / n;
      const sy = (by - ay) / n;
      let px = ax;
      let py = ay;
      for (let k = 0; k < n; k++, px += sx, py += sy, o++) {
        if (px < 0 || py < 0 || px >= iw - 1 || py >= ih - 1) {
          data[o] = 255;
          continue;
        }
        const x0 = px | 0;
        const y0 = py | 0;
        const fx = px - x0;
        const fy = py - y0;
        const i = y0 * iw + x0;
        data[o] = (src[i] * (1 - fx) + src[i + 1] * fx) * (1 - fy) + (src[i + iw] * (1 - fx) + src[i + iw + 1] * fx) * fy;
      }
      ax = bx;
      ay = by;
    }
  }
  const flat = { width, height, data };
  // Divided row by row as the paper's level is interpolated (no full-size map of it).
  paperRows(paperLevels(flat, Math.round(FLAT_BLOCK_MM * (72 / 25.4) * s)), width, height, (y, paper) => {
    for (let x = 0, i = y * width; x < width; x++, i++) data[i] = Math.min(255, (data[i] * FLAT_PAPER) / paper[x]);
  });
  return flat;
}

/** A mark found on the flat page within this of where a three-mark placement puts it is one of its three. */
const ON_PLACEMENT_MM = 1.5;

/**
 * Where the photo's fourth mark may really be, when the flat page cut through the photo's four
 * (`toImage`, at scale `s`) shows only three where they should be (`placement`, three marks,
 * upright): one of the photo's four was something else — a dark stripe of the desk beside a
 * shadowed mark — so that corner of the flat page is cut askew and its real mark lies away from
 * its place. Each mark candidate the flat page has in that corner, taken back into the photo
 * (flat page → photo is exact, whatever the four were), with the three found kept, gives a new
 * photo homography: the caller cuts the page again through each and keeps one on which four marks
 * are then found upright. A cut through four points puts them in place by construction: that the
 * fourth was the real mark is decided, as for every page, by the page code's offset and the
 * outlines' check (verify-transform.ts). Empty unless exactly one corner is missing.
 */
export function fourthMarkTries(toImage: Homography, s: number, flat: GrayImage, placement: PageTransform): Homography[] {
  if (placement.marks !== 3 || placement.upsideDown) return [];
  const { candidates, pxPerMm } = markCandidatesOf(flat);
  const at = SCAN_MARKS.map((m) => applyHomography(placement.toImage, m.center));
  const near = SCAN_MARKS.map((m, i) => candidates[m.corner].find((c) => Math.hypot(c.center.x - at[i].x, c.center.y - at[i].y) <= ON_PLACEMENT_MM * pxPerMm) ?? null);
  const missing = near.map((c, i) => (c ? -1 : i)).filter((i) => i >= 0);
  if (missing.length !== 1) return [];
  const back = flatToPhoto(toImage, s);
  const photo = near.map((c, i) => applyHomography(back, c ? c.center : at[i]));
  const corner = SCAN_MARKS[missing[0]].corner;
  const tries: Homography[] = [];
  for (const candidate of candidates[corner]) {
    photo[missing[0]] = applyHomography(back, candidate.center);
    const h = homographyFrom4(MAP_MARKS, photo);
    if (h) tries.push(h);
  }
  return tries;
}

/** map → flat page pixels is a scale by `s`; map → photo is `toImage`: flat page pixels → photo = toImage ∘ (1 / s). */
export function flatToPhoto(toImage: Homography, s: number): number[] {
  return [toImage[0] / s, toImage[1] / s, toImage[2], toImage[3] / s, toImage[4] / s, toImage[5], toImage[6] / s, toImage[7] / s, toImage[8]];
}

/** Row-major 3 × 3 product a · b. */
export function composeHomography(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) out.push(a[3 * r] * b[c] + a[3 * r + 1] * b[3 + c] + a[3 * r + 2] * b[6 + c]);
  const k = out[8];
  return out.map((v) => v / k);
}

/**
 * The marks' black on the flat page: the median grey of each mark's middle half (2.5 mm square),
 * averaged over the four. A scanner's page takes its black from the marks as found (the mean of
 * their dark pixels, nearly all core on a sharp scan); a photo's blurred edges lighten that mean,
 * which would stretch every pencil tone against it — an erasure's haze beside a fill then looks
 * like light pencil.
 */
export function markCoreBlack(image: GrayImage, toImage: Homography): number {
  const greys: number[] = [];
  const values: number[] = [];
  for (const m of SCAN_MARKS) {
    values.length = 0;
    for (let j = 0; j < 7; j++) {
      for (let i = 0; i < 7; i++) {
        const p = applyHomography(toImage, { x: m.center.x + ((i - 3) / 6) * (m.rect.w / 2), y: m.center.y + ((j - 3) / 6) * (m.rect.h / 2) });
        const x = Math.round(p.x - 0.5);
        const y = Math.round(p.y - 0.5);
        if (x >= 0 && y >= 0 && x < image.width && y < image.height) values.push(image.data[y * image.width + x]);
      }
    }
    if (values.length) greys.push(values.sort((a, b) => a - b)[values.length >> 1]);
  }
  return greys.length ? greys.reduce((sum, g) => sum + g, 0) / greys.length : 0;
}
