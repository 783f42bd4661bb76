import { PAGE_CODE_RECT, SCAN_MARKS } from '../shared/geometry/scan-layout';
import { applyHomography, homographyFrom4, homographyInto, type Homography, type Point } from './homography';

/**
 * Where an answer sheet lies in a photo or a camera frame, at any scale, position and turn
 * (docs/scan-reading.md "Photos"). Pure — no node built-ins, no sharp, no barcode reader — so the
 * phone capture screen runs the very same code on its preview frames as the server on uploads.
 *
 * 1. The frame is shrunk by a whole factor to ≤ 1024 px a side (box average).
 * 2. **Local paper level**: the 90th percentile of blocks about 2.5 marks wide, interpolated
 *    between block centres — a shadow or a light gradient moves the paper and the ink alike, so a
 *    pixel is dark when it is under half of the paper around it, not of the page's brightest paper.
 * 3. Dark pixels → connected components; a candidate is solid and compact (its area against the
 *    rectangle its second moments describe, turned any way; elongation ≤ 2.2).
 * 4. **Four marks**: among the largest candidates, every four forming a convex quadrilateral whose
 *    sides and diagonals are page-like multiples of their size, placed by the homography of the
 *    map's mark centres, must each have about the area that homography gives a 5 mm square there
 *    (a filled bubble is half of it, a QR finder's core a tenth). The best such four win.
 * 5. **Orientation**: the four marks fit every quarter turn alike (a homography fits any four
 *    points), so the page code's square decides: of the four turns, the one whose code square
 *    looks most like a QR symbol (about half dark, many dark/light changes) comes first.
 *    The server confirms by decoding the code (photo-page.ts); the browser uses the ranking.
 */
export type GrayFrame = { width: number; height: number; data: Uint8Array };
export type Orientation = 0 | 90 | 180 | 270;
export type SheetDetection = {
  /** The paper's corners in frame pixels, named as on the upright page; null when no sheet was found. */
  corners: { tl: Point; tr: Point; br: Point; bl: Point } | null;
  /** The four registration marks' centres (page tl, tr, br, bl) in frame pixels when found, else []. */
  marks: Point[];
  /** How the sheet is turned in the frame, clockwise; null when no sheet was found. */
  orientation: Orientation | null;
  /** Homography from map points (PDF pt, top-left origin) to frame pixels, row-major 3 × 3. */
  toFrame: number[] | null;
  /** 0…1: how steep the marks' edges are (1 a one-pixel edge); ≥ 0.5 is sharp enough to capture. */
  sharpness: number;
  /** The marks' mean side in frame pixels. */
  markPx: number | null;
};

export type MarkBlob = { x: number; y: number; area: number; darkness: number };
/** Four marks in page order (tl, tr, br, bl) for each quarter turn, most code-like first. */
export type SheetQuad = { blobs: MarkBlob[]; turns: { orientation: Orientation; marks: Point[]; toImage: Homography; codeScore: number }[] };

const MAX_SIDE = 1024;
const DARK_RATIO = 0.42;
/** A block whose paper level is under this share of its neighbourhood's holds ink, not shadow. */
const INK_BLOCK = 0.7;
/** Candidates (by area) combined into quadrilaterals. */
const KEEP = 28;
const MAP_MARKS: Point[] = SCAN_MARKS.map((m) => m.center);
const MARK_AREA_PT2 = SCAN_MARKS[0].rect.w * SCAN_MARKS[0].rect.h;

/** The frame shrunk by a whole factor (box average) to ≤ `maxSide` a side; factor 1 returns it as is. */
export function shrinkFrame(gray: GrayFrame, maxSide = MAX_SIDE): { image: GrayFrame; factor: number } {
  const factor = Math.max(1, Math.ceil(Math.max(gray.width, gray.height) / maxSide));
  if (factor === 1) return { image: gray, factor };
  const width = Math.floor(gray.width / factor);
  const height = Math.floor(gray.height / factor);
  const data = new Uint8Array(width * height);
  if (factor === 2) {
    // The common case (a 12 MP photo decoded at 2,000 px): four pixels a sum, no inner loops.
    for (let y = 0; y < height; y++) {
      const a = 2 * y * gray.width;
      const b = a + gray.width;
      const row = y * width;
      for (let x = 0, i = 0; x < width; x++, i += 2) data[row + x] = (gray.data[a + i] + gray.data[a + i + 1] + gray.data[b + i] + gray.data[b + i + 1]) >> 2;
    }
    return { image: { width, height, data }, factor };
  }
  const sums = new Uint32Array(width);
  const area = factor * factor;
  const src = gray.data;
  const w = gray.width;
  for (let y = 0; y < height; y++) {
    sums.fill(0);
    for (let dy = 0; dy < factor; dy++) {
      let i = (y * factor + dy) * w;
      for (let x = 0; x < width; x++) {
        let s = 0;
        for (let dx = 0; dx < factor; dx++) s += src[i++];
        sums[x] += s;
      }
    }
    const row = y * width;
    for (let x = 0; x < width; x++) data[row + x] = sums[x] / area;
  }
  return { image: { width, height, data }, factor };
}

/** The paper's level per block of `block` px (row-major, `bw` × `bh` blocks). */
export type PaperLevels = { levels: Float32Array; bw: number; bh: number; block: number };

/**
 * The paper's level per block of `block` px: the 90th percentile (a sparse histogram), a block
 * inside ink given its neighbourhood's.
 */
export function paperLevels(image: GrayFrame, block: number): PaperLevels {
  const { width, height, data } = image;
  const bw = Math.max(1, Math.ceil(width / block));
  const bh = Math.max(1, Math.ceil(height / block));
  const levels = new Float32Array(bw * bh);
  const hist = new Uint32Array(256);
  const step = block >= 24 ? 2 : 1;
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      hist.fill(0);
      let n = 0;
      const x1 = Math.min(width, (bx + 1) * block);
      const y1 = Math.min(height, (by + 1) * block);
      for (let y = by * block; y < y1; y += step) for (let x = bx * block, i = y * width + x; x < x1; x += step, i += step, n++) hist[data[i]]++;
      let seen = 0;
      let g = 255;
      for (; g > 0; g--) if ((seen += hist[g]) >= n * 0.1) break;
      levels[by * bw + bx] = Math.max(g, 8);
    }
  }
  // A block inside ink (a mark, a fill, the code) has no paper to measure: one far darker than the
  // median of the 5 × 5 blocks around it takes that median. Light never drops that fast (a hand's
  // shadow fades over a centimetre or more).
  const fixed = levels.slice();
  // A typed scratch sorted in place: no array allocated per block (a page has thousands).
  const around = new Float32Array(25);
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      let k = 0;
      for (let y = Math.max(0, by - 2); y <= Math.min(bh - 1, by + 2); y++) for (let x = Math.max(0, bx - 2); x <= Math.min(bw - 1, bx + 2); x++) around[k++] = levels[y * bw + x];
      const median = around.subarray(0, k).sort()[k >> 1];
      if (levels[by * bw + bx] < median * INK_BLOCK) fixed[by * bw + bx] = median;
    }
  }
  levels.set(fixed);
  return { levels, bw, bh, block };
}

/**
 * Row by row, the paper's level at every pixel of a `width` × `height` image, bilinear between
 * block centres, computed separably (each row's two block rows blended once, then a step a pixel
 * between block centres): `visit(y, row)` is handed row y (the same buffer each time).
 */
export function paperRows(paper: PaperLevels, width: number, height: number, visit: (y: number, row: Float32Array) => void): void {
  const { levels, bw, bh, block } = paper;
  const blend = new Float64Array(bw);
  const row = new Float32Array(width);
  // Block j's centre sits at x = (j + ½)·block − ½; between two centres the level is linear in x.
  const centre = (j: number) => (j + 0.5) * block - 0.5;
  for (let y = 0; y < height; y++) {
    const fy = Math.min(Math.max((y + 0.5) / block - 0.5, 0), bh - 1);
    const y0 = Math.floor(fy);
    const y1 = Math.min(bh - 1, y0 + 1);
    const ty = fy - y0;
    for (let bx = 0; bx < bw; bx++) blend[bx] = levels[y0 * bw + bx] * (1 - ty) + levels[y1 * bw + bx] * ty;
    let x = 0;
    for (; x < width && x <= centre(0); x++) row[x] = blend[0];
    for (let j = 0; j + 1 < bw && x < width; j++) {
      const end = Math.min(width - 1, Math.floor(centre(j + 1)));
      const step = (blend[j + 1] - blend[j]) / block;
      let v = blend[j] + (x - centre(j)) * step;
      for (; x <= end; x++, v += step) row[x] = v;
    }
    for (; x < width; x++) row[x] = blend[bw - 1];
    visit(y, row);
  }
}

/**
 * The paper's level around every pixel: per block of `block` px the 90th percentile (a sparse
 * histogram), bilinear between block centres. Returned as a full-size map (one byte a pixel).
 */
export function paperMap(image: GrayFrame, block: number): Uint8Array {
  const out = new Uint8Array(image.width * image.height);
  paperRows(paperLevels(image, block), image.width, image.height, (y, row) => out.set(row, y * image.width));
  return out;
}

/** markBlobs' working buffers, kept from frame to frame (a camera's preview, a batch of photos): a few MB a frame less to collect. */
let scratch: { dark: Uint8Array; stack: Int32Array } | null = null;

function scratchOf(n: number): { dark: Uint8Array; stack: Int32Array } {
  if (!scratch || scratch.dark.length < n) scratch = { dark: new Uint8Array(n), stack: new Int32Array(n) };
  return scratch;
}

/** Solid, compact dark components (candidate marks), largest first. */
export function markBlobs(image: GrayFrame, paper: Uint8Array, minArea: number, maxArea: number): MarkBlob[] {
  const { width: w, height: h, data } = image;
  const { dark, stack } = scratchOf(w * h);
  for (let i = 0; i < w * h; i++) dark[i] = data[i] < paper[i] * DARK_RATIO ? 1 : 0;
  const out: MarkBlob[] = [];
  for (let start = 0; start < w * h; start++) {
    if (dark[start] !== 1) continue;
    let top = 0;
    stack[top++] = start;
    dark[start] = 2;
    let area = 0, sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0, ink = 0;
    let touches = false;
    while (top > 0) {
      const p = stack[--top];
      const x = p % w;
      const y = (p - x) / w;
      area++;
      sx += x;
      sy += y;
      sxx += x * x;
      syy += y * y;
      sxy += x * y;
      ink += data[p] / Math.max(1, paper[p]);
      if (x === 0 || y === 0 || x === w - 1 || y === h - 1) touches = true;
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
    if (touches || area < minArea || area > maxArea) continue;
    const cx = sx / area;
    const cy = sy / area;
    // Second moments (a pixel's own extent added): a filled rectangle of any turn has area = 12·√(λ1·λ2).
    const vxx = sxx / area - cx * cx + 1 / 12;
    const vyy = syy / area - cy * cy + 1 / 12;
    const vxy = sxy / area - cx * cy;
    const mean = (vxx + vyy) / 2;
    const spread = Math.sqrt(((vxx - vyy) / 2) ** 2 + vxy * vxy);
    const l1 = mean + spread;
    const l2 = mean - spread;
    if (l2 <= 0 || l1 / l2 > 2.2 * 2.2) continue;
    const solidity = area / (12 * Math.sqrt(l1 * l2));
    if (solidity < 0.78 || solidity > 1.25) continue;
    out.push({ x: cx + 0.5, y: cy + 0.5, area, darkness: ink / area });
  }
  return out.sort((a, b) => b.area - a.area);
}

const cross = (o: Point, a: Point, b: Point) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);

/** clockwiseInto()'s scratch: called for every four candidates (thousands a frame). */
const ANGLES = new Float64Array(4);
const ORDER = new Int8Array(4);

/** Four points put into `out` in clockwise order on screen (y down), starting anywhere; false when not a convex quadrilateral. */
function clockwiseInto(points: MarkBlob[], out: MarkBlob[]): boolean {
  const cx = (points[0].x + points[1].x + points[2].x + points[3].x) / 4;
  const cy = (points[0].y + points[1].y + points[2].y + points[3].y) / 4;
  for (let i = 0; i < 4; i++) {
    ANGLES[i] = Math.atan2(points[i].y - cy, points[i].x - cx);
    ORDER[i] = i;
  }
  for (let i = 1; i < 4; i++) {
    for (let j = i; j > 0 && ANGLES[ORDER[j - 1]] > ANGLES[ORDER[j]]; j--) {
      const k = ORDER[j];
      ORDER[j] = ORDER[j - 1];
      ORDER[j - 1] = k;
    }
  }
  for (let i = 0; i < 4; i++) if (cross(points[ORDER[i]], points[ORDER[(i + 1) % 4]], points[ORDER[(i + 2) % 4]]) <= 0) return false;
  for (let i = 0; i < 4; i++) out[i] = points[ORDER[i]];
  return true;
}

/** Determinant of the homography's Jacobian at a map point: px² per pt². */
function areaScale(h: Homography, p: Point): number {
  // applyHomography at p, p + x̂ and p + ŷ, written out (no points made).
  const w = h[6] * p.x + h[7] * p.y + h[8];
  const ox = (h[0] * p.x + h[1] * p.y + h[2]) / w;
  const oy = (h[3] * p.x + h[4] * p.y + h[5]) / w;
  const x1 = p.x + 1;
  const wx = h[6] * x1 + h[7] * p.y + h[8];
  const exx = (h[0] * x1 + h[1] * p.y + h[2]) / wx;
  const exy = (h[3] * x1 + h[4] * p.y + h[5]) / wx;
  const y1 = p.y + 1;
  const wy = h[6] * p.x + h[7] * y1 + h[8];
  const eyx = (h[0] * p.x + h[1] * y1 + h[2]) / wy;
  const eyy = (h[3] * p.x + h[4] * y1 + h[5]) / wy;
  return Math.abs((exx - ox) * (eyy - oy) - (exy - oy) * (eyx - ox));
}

function markPointsFor(quad: MarkBlob[], k: number): Point[] {
  // quad[i] (clockwise from any start) is page corner (i + k) % 4 of tl, tr, br, bl.
  const byPage = new Array<Point>(4);
  for (let i = 0; i < 4; i++) byPage[(i + k) % 4] = { x: quad[i].x, y: quad[i].y };
  // SCAN_MARKS order: tl, tr, bl, br.
  return [byPage[0], byPage[1], byPage[3], byPage[2]];
}

/**
 * The best four marks among the blobs, with the homography of each quarter turn. `areaOf` turns a
 * blob's area into the frame's pixels (after a shrink). Null when no four agree with a page.
 */
export function findSheetQuad(blobs: MarkBlob[]): { quad: MarkBlob[]; error: number } | null {
  const top = candidatePool(blobs);
  let best: { quad: MarkBlob[]; error: number; score: number } | null = null;
  const n = top.length;
  // Thousands of fours a photo: each tried in scratch arrays, a new one made only for the best so far.
  const four: MarkBlob[] = [top[0], top[0], top[0], top[0]];
  const ordered: MarkBlob[] = [top[0], top[0], top[0], top[0]];
  const marks: Point[] = [top[0], top[0], top[0], top[0]];
  const h: number[] = new Array<number>(9).fill(0);
  for (let a = 0; a < n; a++) {
    for (let b = a + 1; b < n; b++) {
      if (!similar(top[a], top[b])) continue;
      for (let c = b + 1; c < n; c++) {
        if (!similar(top[a], top[c]) || !similar(top[b], top[c])) continue;
        for (let d = c + 1; d < n; d++) {
          if (!similar(top[a], top[d]) || !similar(top[b], top[d]) || !similar(top[c], top[d])) continue;
          four[0] = top[a];
          four[1] = top[b];
          four[2] = top[c];
          four[3] = top[d];
          if (!clockwiseInto(four, ordered) || !pageLike(ordered)) continue;
          // Any turn gives the same area scales up to which corner is which; k = 0 is enough here
          // (markPointsFor(quad, 0): SCAN_MARKS order tl, tr, bl, br is clockwise corner 0, 1, 3, 2).
          marks[0] = ordered[0];
          marks[1] = ordered[1];
          marks[2] = ordered[3];
          marks[3] = ordered[2];
          if (!homographyInto(MAP_MARKS, marks, h)) continue;
          let error = 0;
          for (let i = 0; i < 4; i++) error = Math.max(error, Math.abs(Math.log(ordered[QUAD_CORNER[i]].area / (areaScale(h, MAP_MARKS[i]) * MARK_AREA_PT2))));
          if (error > Math.log(1.9)) continue;
          // Among agreeing fours: the largest (marks are the outermost squares), the blackest (printed
          // black; pencil fills are greyer), the most alike in size.
          const score = Math.log(quadArea(ordered)) - 2 * ((ordered[0].darkness + ordered[1].darkness + ordered[2].darkness + ordered[3].darkness) / 4) - error;
          if (!best || score > best.score) best = { quad: [...ordered], error, score };
        }
      }
    }
  }
  return best;
}

/** The clockwise corner of each SCAN_MARKS mark (tl, tr, bl, br). */
const QUAD_CORNER = [0, 1, 3, 2];

/**
 * The marks are the outermost squares of the page (everything printed lies between them), and
 * printed black: the candidates worth combining are the first three layers of the blobs' convex
 * hull (clutter beside the sheet may take the outer ones), the largest few and the blackest few
 * (a desk's grain or a pattern on it makes many grey squares, some larger than the marks of a
 * sheet seen at an angle); when more than KEEP, the largest by their blackness-weighted area.
 */
function candidatePool(blobs: MarkBlob[]): MarkBlob[] {
  const pool = new Set<MarkBlob>(blobs.slice(0, 8));
  for (const b of [...blobs].sort((a, b) => a.darkness - b.darkness).slice(0, 12)) pool.add(b);
  let rest = blobs;
  for (let layer = 0; layer < 3 && rest.length > 0; layer++) {
    const hull = convexHull(rest);
    for (const b of hull) pool.add(b);
    const onHull = new Set(hull);
    rest = rest.filter((b) => !onHull.has(b));
  }
  const weight = (b: MarkBlob) => b.area * (1 - Math.min(0.9, b.darkness));
  return [...pool].sort((a, b) => weight(b) - weight(a)).slice(0, KEEP);
}

/** Andrew's monotone chain; collinear points dropped. */
function convexHull(points: MarkBlob[]): MarkBlob[] {
  if (points.length <= 3) return [...points];
  const sorted = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  const lower: MarkBlob[] = [];
  for (const p of sorted) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: MarkBlob[] = [];
  for (let i = sorted.length - 1; i >= 0; i--) {
    const p = sorted[i];
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], p) <= 0) upper.pop();
    upper.push(p);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

function similar(p: MarkBlob, q: MarkBlob): boolean {
  const r = p.area / q.area;
  return r < 3.5 && r > 1 / 3.5;
}

function quadArea(q: Point[]): number {
  return Math.abs(cross(q[0], q[1], q[2]) + cross(q[0], q[2], q[3])) / 2;
}

/** Sides 191 and 270–278 mm, diagonals ≈ 335 mm, in marks of 5 mm: 38, 55, 67 (±45 % for tilt and perspective). */
function pageLike(quad: MarkBlob[]): boolean {
  const side = Math.sqrt((quad[0].area + quad[1].area + quad[2].area + quad[3].area) / 4);
  if (!within(apart(quad[0], quad[2]) / side, 67 * 0.55, 67 * 1.6) || !within(apart(quad[1], quad[3]) / side, 67 * 0.55, 67 * 1.6)) return false;
  const s0 = apart(quad[0], quad[1]) / side;
  const s1 = apart(quad[1], quad[2]) / side;
  const s2 = apart(quad[2], quad[3]) / side;
  const s3 = apart(quad[3], quad[0]) / side;
  if (!within(s0, 38 * 0.55, 55 * 1.6) || !within(s1, 38 * 0.55, 55 * 1.6) || !within(s2, 38 * 0.55, 55 * 1.6) || !within(s3, 38 * 0.55, 55 * 1.6)) return false;
  // Opposite sides alike (a page, not a kite): short with short, long with long.
  return within(s0 / s2, 1 / 1.6, 1.6) && within(s1 / s3, 1 / 1.6, 1.6);
}

const apart = (p: Point, q: Point) => Math.sqrt((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y));
const within = (v: number, lo: number, hi: number) => v >= lo && v <= hi;

/**
 * How much a map rectangle looks like a QR symbol through `h`: sampled on a 29 × 29 grid against
 * the local paper, the share of dark samples near a half and many dark/light changes along rows.
 */
export function codeLikeness(image: GrayFrame, paper: Uint8Array, h: Homography): number {
  const n = 25;
  const r = PAGE_CODE_RECT;
  let sum = 0;
  let sq = 0;
  let inside = 0;
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      const p = applyHomography(h, { x: r.x + ((i + 0.5) / n) * r.w, y: r.y + ((j + 0.5) / n) * r.h });
      const x = Math.round(p.x - 0.5);
      const y = Math.round(p.y - 0.5);
      if (x < 0 || y < 0 || x >= image.width || y >= image.height) continue;
      inside++;
      const k = y * image.width + x;
      const v = Math.min(1, image.data[k] / Math.max(1, paper[k]));
      sum += v;
      sq += v * v;
    }
  }
  if (inside < n * n * 0.8) return 0;
  const mean = sum / inside;
  // A QR symbol: about half dark, so its samples spread widely; paper or text spread little.
  return Math.sqrt(Math.max(0, sq / inside - mean * mean)) * (1 - Math.abs(mean - 0.6));
}

/** Sheet-finding on an already shrunk frame: the four marks and the quarter turns ranked by the code square. */
export function sheetQuadOf(image: GrayFrame): (SheetQuad & { paper: Uint8Array }) | null {
  const long = Math.max(image.width, image.height);
  // A mark on a page filling the frame: 5 / 297 of the long side; a page of a third of it still counts.
  const markMax = (long * 5) / 297;
  const block = Math.max(8, Math.round(markMax * 2.2));
  const paper = paperMap(image, block);
  const blobs = markBlobs(image, paper, Math.max(9, (markMax * 0.3) ** 2), (markMax * 1.5) ** 2);
  const found = findSheetQuad(blobs);
  if (!found) return null;
  const turns = [0, 1, 2, 3].map((k) => {
    const marks = markPointsFor(found.quad, k);
    const toImage = homographyFrom4(MAP_MARKS, marks)!;
    return { k, marks, toImage, codeScore: codeLikeness(image, paper, toImage) };
  });
  turns.sort((a, b) => b.codeScore - a.codeScore);
  return {
    blobs: found.quad,
    paper,
    turns: turns.map((t) => ({ orientation: orientationOf(t.marks), marks: t.marks, toImage: t.toImage, codeScore: t.codeScore })),
  };
}

/** The page's clockwise turn in the frame, from the direction of its top edge (tl → tr mark). */
function orientationOf(marks: Point[]): Orientation {
  const [tl, tr] = marks;
  const angle = (Math.atan2(tr.y - tl.y, tr.x - tl.x) * 180) / Math.PI;
  const turn = (((Math.round(angle / 90) * 90) % 360) + 360) % 360;
  return turn as Orientation;
}

/** Edge steepness at the marks: the largest step across each mark's left and right sides against its contrast. */
function sharpnessOf(image: GrayFrame, paper: Uint8Array, blobs: MarkBlob[]): number {
  let sum = 0;
  for (const b of blobs) {
    const y = Math.round(b.y - 0.5);
    const half = Math.sqrt(b.area) / 2;
    const x0 = Math.max(1, Math.round(b.x - 0.5 - half * 1.8));
    const x1 = Math.min(image.width - 2, Math.round(b.x - 0.5 + half * 1.8));
    if (y < 0 || y >= image.height) continue;
    const row = y * image.width;
    let step = 0;
    for (let x = x0; x <= x1; x++) step = Math.max(step, Math.abs(image.data[row + x + 1] - image.data[row + x - 1]));
    const contrast = Math.max(1, paper[row + Math.round(b.x - 0.5)] - image.data[row + Math.round(b.x - 0.5)]);
    sum += Math.min(1, step / contrast);
  }
  return blobs.length ? sum / blobs.length : 0;
}

const PAGE_W = 595.28;
const PAGE_H = 841.89;

/** Where the sheet is in a camera frame (see the top of this file). */
export function detectSheet(gray: GrayFrame): SheetDetection {
  const { image, factor } = shrinkFrame(gray);
  const none: SheetDetection = { corners: null, marks: [], orientation: null, toFrame: null, sharpness: 0, markPx: null };
  const found = sheetQuadOf(image);
  if (!found) return none;
  const best = found.turns[0];
  const scale = (p: Point) => ({ x: p.x * factor, y: p.y * factor });
  const marks = [best.marks[0], best.marks[1], best.marks[3], best.marks[2]].map(scale);
  const toFrame = homographyFrom4(MAP_MARKS, best.marks.map(scale))!;
  const at = (x: number, y: number) => applyHomography(toFrame, { x, y });
  return {
    corners: { tl: at(0, 0), tr: at(PAGE_W, 0), br: at(PAGE_W, PAGE_H), bl: at(0, PAGE_H) },
    marks,
    orientation: best.orientation,
    toFrame: [...toFrame],
    sharpness: sharpnessOf(image, found.paper, found.blobs),
    markPx: (found.blobs.reduce((s, b) => s + Math.sqrt(b.area), 0) / 4) * factor,
  };
}
