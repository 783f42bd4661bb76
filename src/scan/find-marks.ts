import type { GrayImage } from './page-reading';
import type { Point } from './homography';

/**
 * Registration-mark candidates: solid dark squares of about the marks' size in each corner
 * window of the scan. Each window is thresholded against its own paper level and labelled into
 * connected components; a component is a candidate when its area, bounding box and solidity fit
 * a 5 mm square turned up to ±5° and scaled 95–105 % (with room for scanner noise and blur).
 * Choosing among candidates and telling up from down is page-transform.ts's job.
 */
export type MarkCandidate = { center: Point; area: number; solidity: number; darkness: number };
export type ImageCorner = 'tl' | 'tr' | 'bl' | 'br';
export const IMAGE_CORNERS: readonly ImageCorner[] = ['tl', 'tr', 'bl', 'br'];

/** Corner windows: 30 % of the width, 20 % of the height (63 × 59 mm on A4) — a mark 7 mm in stays inside after ±5°, ±5 % and 10 mm of offset. */
const WINDOW_W = 0.3;
const WINDOW_H = 0.2;
/** Candidates kept per corner, best first, for read-page to combine. */
const KEEP = 3;

export function findMarkCandidates(image: GrayImage, markPx: number): Record<ImageCorner, MarkCandidate[]> {
  const w = Math.round(image.width * WINDOW_W);
  const h = Math.round(image.height * WINDOW_H);
  const origins: Record<ImageCorner, Point> = {
    tl: { x: 0, y: 0 },
    tr: { x: image.width - w, y: 0 },
    bl: { x: 0, y: image.height - h },
    br: { x: image.width - w, y: image.height - h },
  };
  const result = {} as Record<ImageCorner, MarkCandidate[]>;
  for (const corner of IMAGE_CORNERS) result[corner] = windowCandidates(image, origins[corner], w, h, markPx, corner);
  return result;
}

/** A high percentile of a sparse sample: the paper's grey, whatever the scanner's brightness. */
function paperLevel(image: GrayImage, x0: number, y0: number, w: number, h: number): number {
  const histogram = new Uint32Array(256);
  let n = 0;
  for (let y = y0; y < y0 + h; y += 4) for (let x = x0; x < x0 + w; x += 4, n++) histogram[image.data[y * image.width + x]]++;
  let seen = 0;
  for (let g = 255; g >= 0; g--) if ((seen += histogram[g]) >= n * 0.1) return g;
  return 255;
}

/**
 * A corner window's samples, their dark flags and the fill's stack: reused from window to window
 * and page to page (a window is searched in one go), grown when a larger scan asks.
 */
let scratch = { grey: new Uint8Array(0), dark: new Uint8Array(0), stack: new Int32Array(0) };

/**
 * Works on every `stride`-th pixel of every `stride`-th row (a mark stays ≥ 16 samples wide), which
 * makes the search 4–9 times cheaper; the centroid of a few hundred samples still lands within a
 * fraction of a pixel.
 */
function windowCandidates(image: GrayImage, origin: Point, fullW: number, fullH: number, fullMarkPx: number, corner: ImageCorner): MarkCandidate[] {
  const threshold = paperLevel(image, origin.x, origin.y, fullW, fullH) * 0.5;
  const stride = Math.max(1, Math.floor(fullMarkPx / 16));
  const w = Math.floor(fullW / stride);
  const h = Math.floor(fullH / stride);
  const markPx = fullMarkPx / stride;
  if (scratch.grey.length < w * h) scratch = { grey: new Uint8Array(w * h), dark: new Uint8Array(w * h), stack: new Int32Array(w * h) };
  const { grey, dark, stack } = scratch;
  for (let y = 0; y < h; y++) {
    const row = (origin.y + y * stride) * image.width + origin.x;
    for (let x = 0; x < w; x++) {
      const g = image.data[row + x * stride];
      grey[y * w + x] = g;
      dark[y * w + x] = g < threshold ? 1 : 0;
    }
  }
  const expected = markPx * markPx;
  const found: (MarkCandidate & { cornerDistance: number })[] = [];
  for (let start = 0; start < w * h; start++) {
    if (dark[start] !== 1) continue;
    let top = 0;
    stack[top++] = start;
    dark[start] = 2;
    let area = 0, sx = 0, sy = 0, ink = 0;
    let minX = w, maxX = 0, minY = h, maxY = 0;
    while (top > 0) {
      const p = stack[--top];
      const x = p % w;
      const y = (p - x) / w;
      area++;
      sx += x;
      sy += y;
      ink += grey[p];
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      if (x > 0 && dark[p - 1] === 1) {
        dark[p - 1] = 2;
        stack[top++] = p - 1;
      }
      if (x < w - 1 && dark[p + 1] === 1) {
        dark[p + 1] = 2;
        stack[top++] = p + 1;
      }
      if (y > 0 && dark[p - w] === 1) {
        dark[p - w] = 2;
        stack[top++] = p - w;
      }
      if (y < h - 1 && dark[p + w] === 1) {
        dark[p + w] = 2;
        stack[top++] = p + w;
      }
    }
    if (area < expected * 0.55 || area > expected * 1.6) continue;
    const bw = maxX - minX + 1;
    const bh = maxY - minY + 1;
    if (bw < markPx * 0.75 || bw > markPx * 1.5 || bh < markPx * 0.75 || bh > markPx * 1.5) continue;
    const solidity = area / (bw * bh);
    if (solidity < 0.65) continue;
    const cx = sx / area;
    const cy = sy / area;
    const ex = corner === 'tl' || corner === 'bl' ? cx : w - cx;
    const ey = corner === 'tl' || corner === 'tr' ? cy : h - cy;
    found.push({ center: { x: origin.x + cx * stride, y: origin.y + cy * stride }, area: area * stride * stride, solidity, darkness: ink / area, cornerDistance: Math.hypot(ex, ey) });
  }
  // Solid and square first; among equals, nearest the page corner, where marks are.
  found.sort((a, b) => b.solidity - a.solidity + (a.cornerDistance - b.cornerDistance) / (markPx * 20));
  return found.slice(0, KEEP).map(({ cornerDistance: _, ...candidate }) => candidate);
}
