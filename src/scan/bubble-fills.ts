import type { Rect } from '../shared/geometry/card-geometry';
import { applyHomography, type Homography } from './homography';
import type { GrayImage } from './page-reading';
import { CORNER, INK_RAMP, INTERIOR, LEVEL_PAPER, STROKE, STROKE_AREA, TEMPLATE_MIN_BUBBLES, TEMPLATE_PERCENTILE } from './reading-thresholds';

/**
 * The ink share inside each bubble of a page, and the page's own baseline. Sampling walks a grid of
 * about one pixel in the bubble's inner ellipse, placed by the page homography (linearised at
 * the bubble's centre: over 4 mm the difference is far below a pixel).
 */
export type Levels = { white: number; black: number };

/** The paper's grey: the 90th percentile of a sparse grid over the page. */
export function paperWhite(image: GrayImage): number {
  const histogram = new Uint32Array(256);
  let n = 0;
  for (let y = 0; y < image.height; y += 7) for (let x = 0; x < image.width; x += 7, n++) histogram[image.data[y * image.width + x]]++;
  let seen = 0;
  for (let g = 255; g >= 0; g--) if ((seen += histogram[g]) >= n * 0.1) return g;
  return 255;
}

/**
 * What is inside a bubble: `share`, its interior's ink along the ramp (pencil counts fully, haze
 * not at all), and `tone`, the mean darkness of the same pixels (0 paper … 1 the marks' black),
 * which a light pencil mark raises over the whole bubble even where no pixel reaches the ramp.
 * `v` keeps the interior's darkness on a grid of about a pixel in the bubble's own coordinates
 * (NaN outside the stroke ellipse), `cols` × `rows`, `ix` × `iy` the measured interior's
 * half-axes in samples, so strokes can
 * be told from fills and from the printed letter (`strokeOf`); `key` groups bubbles printed alike
 * (same label, same grid) for the page's template of an unmarked bubble.
 */
export type BubbleInk = { share: number; tone: number; key: string; cols: number; rows: number; v: Float32Array; ix: number; iy: number };

/** The bubble's centre and its one-point steps in the image, from the homography linearised there. */
function frame(toImage: Homography, rect: Rect) {
  const c = { x: rect.x + rect.w / 2, y: rect.y + rect.h / 2 };
  const o = applyHomography(toImage, c);
  const ex = applyHomography(toImage, { x: c.x + 1, y: c.y });
  const ey = applyHomography(toImage, { x: c.x, y: c.y + 1 });
  return { o, ux: { x: ex.x - o.x, y: ex.y - o.y }, uy: { x: ey.x - o.x, y: ey.y - o.y } };
}

export function bubbleInk(image: GrayImage, toImage: Homography, rect: Rect, levels: Levels, pxPerPt: number, label = ''): BubbleInk {
  const { o, ux, uy } = frame(toImage, rect);
  const ax = (rect.w / 2) * INTERIOR.x;
  const ay = (rect.h / 2) * INTERIOR.y;
  // Strokes are looked for over more of the bubble (a tick's vertex and arms lie near the outline).
  const sx = (rect.w / 2) * STROKE_AREA.x;
  const sy = (rect.h / 2) * STROKE_AREA.y;
  const step = 1 / pxPerPt;
  const span = Math.max(1, levels.white - levels.black);
  const [foot, top] = INK_RAMP;
  // The grid reaches one sample past the stroke ellipse on every side, so every sample in it has its eight neighbours.
  const hx = Math.floor(sx / step) + 1;
  const hy = Math.floor(sy / step) + 1;
  const cols = 2 * hx + 1;
  const rows = 2 * hy + 1;
  const raw = new Float32Array(cols * rows);
  const inside = new Uint8Array(cols * rows);
  let ink = 0;
  let tone = 0;
  let n = 0;
  for (let r = 0; r < rows; r++) {
    const dy = (r - hy) * step;
    for (let c = 0; c < cols; c++) {
      const dx = (c - hx) * step;
      const x = Math.round(o.x + ux.x * dx + uy.x * dy);
      const y = Math.round(o.y + ux.y * dx + uy.y * dy);
      const v = x < 0 || y < 0 || x >= image.width || y >= image.height ? 0 : (levels.white - image.data[y * image.width + x]) / span;
      raw[r * cols + c] = v;
      if ((dx / sx) ** 2 + (dy / sy) ** 2 <= 1) inside[r * cols + c] = 1;
      if ((dx / ax) ** 2 + (dy / ay) ** 2 > 1) continue;
      n++;
      ink += v <= foot ? 0 : v >= top ? 1 : (v - foot) / (top - foot);
      tone += v <= 0 ? 0 : v >= 1 ? 1 : v;
    }
  }
  const v = new Float32Array(cols * rows).fill(Number.NaN);
  for (let i = 0; i < v.length; i++) if (inside[i]) v[i] = raw[i];
  return { share: n ? ink / n : 0, tone: n ? tone / n : 0, key: `${label}|${cols}x${rows}`, cols, rows, v, ix: ax / step, iy: ay / step };
}

/**
 * The page's unmarked bubble for each way bubbles are printed (key): per grid sample, a low
 * percentile over the bubbles printed alike (most of them unmarked), widened by `reach` samples
 * so a letter placed a pixel or two off still falls under its template. Keys with too few
 * bubbles share the template of all bubbles of their grid.
 */
export function bubbleTemplates(inks: readonly BubbleInk[], reach: number): Map<string, Float32Array> {
  const byKey = new Map<string, BubbleInk[]>();
  const byGrid = new Map<string, BubbleInk[]>();
  for (const ink of inks) {
    byKey.set(ink.key, [...(byKey.get(ink.key) ?? []), ink]);
    const grid = ink.key.slice(ink.key.lastIndexOf('|'));
    byGrid.set(grid, [...(byGrid.get(grid) ?? []), ink]);
  }
  const out = new Map<string, Float32Array>();
  const gridTemplates = new Map<string, Float32Array>();
  for (const [key, group] of byKey) {
    const grid = key.slice(key.lastIndexOf('|'));
    if (group.length >= TEMPLATE_MIN_BUBBLES) out.set(key, templateOf(group, reach));
    else {
      if (!gridTemplates.has(grid)) gridTemplates.set(grid, templateOf(byGrid.get(grid)!, reach));
      out.set(key, gridTemplates.get(grid)!);
    }
  }
  return out;
}

function templateOf(group: readonly BubbleInk[], reach: number): Float32Array {
  const { cols, rows } = group[0];
  const low = new Float32Array(cols * rows);
  const column = new Float32Array(group.length);
  // A few bubbles printed alike: the lightest of them (one at least is unmarked).
  const at = group.length < 5 ? 0 : Math.floor(group.length * TEMPLATE_PERCENTILE);
  for (let i = 0; i < low.length; i++) {
    if (Number.isNaN(group[0].v[i])) continue;
    for (let b = 0; b < group.length; b++) column[b] = group[b].v[i];
    column.sort();
    low[i] = column[at];
  }
  const wide = new Float32Array(cols * rows);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      let max = 0;
      for (let i = Math.max(0, r - reach); i <= Math.min(rows - 1, r + reach); i++) for (let j = Math.max(0, c - reach); j <= Math.min(cols - 1, c + reach); j++) max = Math.max(max, low[i * cols + j]);
      wide[r * cols + c] = max;
    }
  }
  return wide;
}

/**
 * The clearly dark strokes inside a bubble, above what the page's unmarked bubbles print there:
 * `dark`, their share of the interior; `extentX`/`extentY`, how much of the interior's width and
 * height they span (10th to 90th percentile of their positions); `thin`, how line-like they are
 * (√ of the small over the large variance of their positions: 0 a straight line, 1 a round
 * blob or a cross); `quadrants`, in how many of the four quadrants a tenth of them lie; `ring`,
 * the share of them in the outer part of the interior (a drawn circle).
 */
export type Stroke = { dark: number; extentX: number; extentY: number; thin: number; quadrants: number; ring: number };

/** Scratch buffers reused by strokeOf (a bubble's grid is a few hundred samples): no allocation per bubble. */
let scratch = new Float32Array(1024);
let marks = new Uint8Array(1024);

export function strokeOf(ink: BubbleInk, template: Float32Array | undefined): Stroke {
  const { cols, rows, v } = ink;
  const hx = (cols - 1) / 2;
  const hy = (rows - 1) / 2;
  if (scratch.length < v.length) {
    scratch = new Float32Array(v.length);
    marks = new Uint8Array(v.length);
  }
  // First the cheap test: most bubbles have no sample dark enough and above the letter — no stroke at all.
  let n = 0;
  let possible = 0;
  for (let i = 0; i < v.length; i++) {
    const value = v[i];
    if (Number.isNaN(value)) continue;
    scratch[n++] = value;
    if (value >= STROKE.darkness && value - (template?.[i] ?? 0) >= STROKE.aboveTemplate) possible++;
  }
  if (possible === 0) return { dark: 0, extentX: 0, extentY: 0, thin: 0, quadrants: 0, ring: 0 };
  // The interior's own paper (its lighter quarter): a stroke stands out from the bubble around it, an even light fill does not.
  const paper = n ? scratch.subarray(0, n).sort()[Math.floor(n / 4)] : 0;
  const candidate = marks;
  candidate.fill(0, 0, v.length);
  for (let i = 0; i < v.length; i++) {
    const value = v[i];
    if (!Number.isNaN(value) && value >= STROKE.darkness && value - (template?.[i] ?? 0) >= STROKE.aboveTemplate && value - paper >= STROKE.aboveBubble) candidate[i] = 1;
  }
  const xs: number[] = [];
  const ys: number[] = [];
  for (let r = 1; r < rows - 1; r++) {
    for (let c = 1; c < cols - 1; c++) {
      if (!candidate[r * cols + c]) continue;
      // Sensor noise makes single dark samples; a pencil line is at least two samples wide.
      let neighbours = 0;
      for (let i = -1; i <= 1; i++) for (let j = -1; j <= 1; j++) neighbours += candidate[(r + i) * cols + c + j];
      if (neighbours - 1 < STROKE.neighbours) continue;
      xs.push((c - hx) / (hx - 1));
      ys.push((r - hy) / (hy - 1));
    }
  }
  const none: Stroke = { dark: n ? xs.length / n : 0, extentX: 0, extentY: 0, thin: 0, quadrants: 0, ring: 0 };
  if (xs.length < 3) return none;
  const spanOf = (list: number[]) => {
    const sorted = [...list].sort((a, b) => a - b);
    return (sorted[Math.floor(sorted.length * 0.9)] - sorted[Math.floor(sorted.length * 0.1)]) / 2;
  };
  // In points, so the bubble's width and height weigh alike.
  const px = xs.map((x) => x * (hx - 1));
  const py = ys.map((y) => y * (hy - 1));
  const mx = px.reduce((a, b) => a + b, 0) / px.length;
  const my = py.reduce((a, b) => a + b, 0) / py.length;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (let i = 0; i < px.length; i++) {
    sxx += (px[i] - mx) ** 2;
    syy += (py[i] - my) ** 2;
    sxy += (px[i] - mx) * (py[i] - my);
  }
  const tr = (sxx + syy) / 2;
  const root = Math.sqrt(((sxx - syy) / 2) ** 2 + sxy ** 2);
  const thin = tr + root > 0 ? Math.sqrt(Math.max(0, tr - root) / (tr + root)) : 0;
  const q = [0, 0, 0, 0];
  let ring = 0;
  for (let i = 0; i < xs.length; i++) {
    q[(xs[i] < 0 ? 0 : 1) + (ys[i] < 0 ? 0 : 2)]++;
    if (xs[i] ** 2 + ys[i] ** 2 >= 0.45) ring++;
  }
  return { ...none, extentX: spanOf(xs), extentY: spanOf(ys), thin, quadrants: q.filter((c) => c >= xs.length * 0.1).length, ring: ring / xs.length };
}

/**
 * The bubble's own paper level: the median darkness of the samples where the page's unmarked
 * bubbles printed alike show paper (template under LEVEL_PAPER: no letter, no outline). Light
 * pencil lies flat at its grey over the whole bubble; an erasure's haze is lighter; the mean
 * `tone` mixes the letter in, which blurs the two (docs/scan-reading.md "Light pencil").
 */
export function paperLevel(ink: BubbleInk, template: Float32Array | undefined): number {
  const { v, cols, rows, ix, iy } = ink;
  const hx = (cols - 1) / 2;
  const hy = (rows - 1) / 2;
  const values = new Float32Array(v.length);
  let n = 0;
  // Over the measured interior (INTERIOR): nearer the outline a fill may not reach.
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c;
      if (Number.isNaN(v[i]) || (template?.[i] ?? 0) >= LEVEL_PAPER || ((c - hx) / ix) ** 2 + ((r - hy) / iy) ** 2 > 1) continue;
      values[n++] = v[i];
    }
  }
  return n === 0 ? 0 : values.subarray(0, n).sort()[n >> 1];
}

/**
 * The dark share of the four diagonal sectors just outside a bubble's outline (tl, tr, bl, br):
 * CORNER.angle degrees off the row either way, CORNER.gap to CORNER.reach points out from the pill.
 * A cross drawn over a fill runs its arms out there; a fill that overruns the outline hugs it,
 * and the row's neighbours lie left and right, outside the sectors.
 */
export function cornerInk(image: GrayImage, toImage: Homography, rect: Rect, levels: Levels, pxPerPt: number): number[] {
  const { o, ux, uy } = frame(toImage, rect);
  const step = 1 / pxPerPt;
  const span = Math.max(1, levels.white - levels.black);
  const hw = rect.w / 2;
  const hh = rect.h / 2;
  const reachX = hw + CORNER.reach;
  const reachY = hh + CORNER.reach;
  const dark = [0, 0, 0, 0];
  const n = [0, 0, 0, 0];
  const [lo, hi] = CORNER.angle.map((a) => Math.tan((a * Math.PI) / 180));
  for (let dy = -reachY; dy <= reachY; dy += step) {
    for (let dx = -reachX; dx <= reachX; dx += step) {
      const slope = Math.abs(dy) / Math.max(1e-6, Math.abs(dx));
      if (slope < lo || slope > hi) continue;
      // Distance outside the pill (rounded ends of radius hh).
      const cx = Math.max(-(hw - hh), Math.min(hw - hh, dx));
      const out = Math.hypot(dx - cx, dy) - hh;
      if (out < CORNER.gap || out > CORNER.reach) continue;
      const k = (dx < 0 ? 0 : 1) + (dy < 0 ? 0 : 2);
      const x = Math.round(o.x + ux.x * dx + uy.x * dy);
      const y = Math.round(o.y + ux.y * dx + uy.y * dy);
      n[k]++;
      if (x >= 0 && y >= 0 && x < image.width && y < image.height && (levels.white - image.data[y * image.width + x]) / span >= STROKE.darkness) dark[k]++;
    }
  }
  return dark.map((d, k) => (n[k] ? d / n[k] : 0));
}

/** What an unmarked bubble of this page measures: the median of the lighter half of all its bubbles. */
function baseline(shares: readonly number[]): number {
  const sorted = [...shares].sort((a, b) => a - b);
  const lighter = sorted.slice(0, Math.max(1, Math.ceil(sorted.length / 2)));
  return lighter[Math.floor(lighter.length / 2)] ?? 0;
}

function fillOf(share: number, base: number): number {
  return Math.min(1, Math.max(0, (share - base) / Math.max(0.05, 1 - base)));
}

/** The page's unmarked level of both measures, from all its bubbles (answers and digit grids). */
export type PageBase = { share: number; tone: number };

export function pageBase(inks: readonly BubbleInk[]): PageBase {
  return { share: baseline(inks.map((i) => i.share)), tone: baseline(inks.map((i) => i.tone)) };
}

/** A bubble as question-status.ts reads it: its fill, and its tone above the page's unmarked bubbles. */
export function measured(ink: BubbleInk, base: PageBase): { fill: number; tone: number } {
  return { fill: fillOf(ink.share, base.share), tone: ink.tone - base.tone };
}
