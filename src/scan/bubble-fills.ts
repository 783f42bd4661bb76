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

/** Pages' paper greys, by their pixels (the reader asks for a page's several times). */
const whites = new WeakMap<Uint8Array, number>();

/** The paper's grey: the 90th percentile of a sparse grid over the page. */
export function paperWhite(image: GrayImage): number {
  const known = whites.get(image.data);
  if (known !== undefined) return known;
  const white = paperWhiteOf(image);
  whites.set(image.data, white);
  return white;
}

function paperWhiteOf(image: GrayImage): number {
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

/**
 * Where a page's bubbles keep their samples: one buffer, cut into each bubble's grid, handed out
 * again from its start for the next page (`reset`), grown when a page needs more. A page's samples
 * are valid until the arena is reset: the reader measures a page's bubbles in one go (read-page.ts
 * `measurePage`), so no page's fills, templates and strokes allocate hundreds of small arrays.
 */
export class SampleArena {
  private buffer = new Float32Array(1 << 16);
  private used = 0;

  reset(): void {
    this.used = 0;
  }

  /** `n` samples, NaN. */
  take(n: number): Float32Array {
    // A new, larger buffer: the samples already handed out keep the old one.
    if (this.used + n > this.buffer.length) {
      this.buffer = new Float32Array(Math.max(2 * this.buffer.length, n));
      this.used = 0;
    }
    const samples = this.buffer.subarray(this.used, this.used + n).fill(Number.NaN);
    this.used += n;
    return samples;
  }
}

/** Each grey's darkness, (white − grey) / span, for the last levels asked (a page's bubbles all share them): a lookup, not a division, a sample. */
const darkness = { white: Number.NaN, black: Number.NaN, of: new Float64Array(256) };
function darknessOf(levels: Levels): Float64Array {
  if (darkness.white !== levels.white || darkness.black !== levels.black) {
    const span = Math.max(1, levels.white - levels.black);
    for (let grey = 0; grey < 256; grey++) darkness.of[grey] = (levels.white - grey) / span;
    darkness.white = levels.white;
    darkness.black = levels.black;
  }
  return darkness.of;
}

export function bubbleInk(image: GrayImage, toImage: Homography, rect: Rect, levels: Levels, pxPerPt: number, label = '', arena?: SampleArena): BubbleInk {
  const { o, ux, uy } = frame(toImage, rect);
  const ax = (rect.w / 2) * INTERIOR.x;
  const ay = (rect.h / 2) * INTERIOR.y;
  // Strokes are looked for over more of the bubble (a tick's vertex and arms lie near the outline).
  const sx = (rect.w / 2) * STROKE_AREA.x;
  const sy = (rect.h / 2) * STROKE_AREA.y;
  const step = 1 / pxPerPt;
  const dark = darknessOf(levels);
  const [foot, top] = INK_RAMP;
  // The grid reaches one sample past the stroke ellipse on every side, so every sample in it has its eight neighbours.
  const hx = Math.floor(sx / step) + 1;
  const hy = Math.floor(sy / step) + 1;
  const cols = 2 * hx + 1;
  const rows = 2 * hy + 1;
  const v = arena ? arena.take(cols * rows) : new Float32Array(cols * rows).fill(Number.NaN);
  let ink = 0;
  let tone = 0;
  let n = 0;
  for (let r = 0; r < rows; r++) {
    const dy = (r - hy) * step;
    for (let c = 0; c < cols; c++) {
      const dx = (c - hx) * step;
      // Only the stroke ellipse is kept; the grid's corners outside it are never read.
      if ((dx / sx) ** 2 + (dy / sy) ** 2 > 1) continue;
      const x = Math.round(o.x + ux.x * dx + uy.x * dy);
      const y = Math.round(o.y + ux.y * dx + uy.y * dy);
      const value = x < 0 || y < 0 || x >= image.width || y >= image.height ? 0 : dark[image.data[y * image.width + x]];
      v[r * cols + c] = value;
      if ((dx / ax) ** 2 + (dy / ay) ** 2 > 1) continue;
      n++;
      ink += value <= foot ? 0 : value >= top ? 1 : (value - foot) / (top - foot);
      tone += value <= 0 ? 0 : value >= 1 ? 1 : value;
    }
  }
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
  const add = (groups: Map<string, BubbleInk[]>, key: string, ink: BubbleInk) => {
    const group = groups.get(key);
    if (group) group.push(ink);
    else groups.set(key, [ink]);
  };
  for (const ink of inks) {
    add(byKey, ink.key, ink);
    add(byGrid, ink.key.slice(ink.key.lastIndexOf('|')), ink);
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
    // The at-th lightest sample (NaN, off another bubble's ellipse, counting as the darkest, as a sort puts it last).
    let finite = 0;
    for (let b = 0; b < group.length; b++) {
      const value = group[b].v[i];
      if (!Number.isNaN(value)) column[finite++] = value;
    }
    low[i] = at < finite ? nthSmallest(column, finite, at) : Number.NaN;
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
 * The `k`-th smallest (from 0) of the first `n` values (no NaN) — what a sort would put at `k` —
 * found by partitioning in place (the values' order is lost): a template's sample takes the
 * percentile of a few hundred bubbles, not a sort of them.
 */
export function nthSmallest(values: Float32Array, n: number, k: number): number {
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    // Median of three as the pivot, then Hoare's partition.
    const mid = (lo + hi) >> 1;
    const a = values[lo];
    const b = values[mid];
    const c = values[hi];
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i] < pivot) i++;
      while (values[j] > pivot) j--;
      if (i <= j) {
        const t = values[i];
        values[i] = values[j];
        values[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return values[k];
  }
  return values[k];
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
let xs = new Float64Array(1024);
/** paperLevel's samples (a number out, nothing kept). */
let levelScratch = new Float32Array(1024);
/** A bubble without a template discounts nothing: zeros, as long as the longest grid seen. */
let noTemplate = new Float32Array(1024);
/**
 * The bubble's template, or zeros: read as one kind of array in the sample loops (a template or
 * undefined, read per sample, made every sample a boxed number). Templates have their key's grid,
 * so the same length as the bubble's samples.
 */
function templateOr(template: Float32Array | undefined, length: number): Float32Array {
  if (template) return template;
  if (noTemplate.length < length) noTemplate = new Float32Array(length);
  return noTemplate;
}
let ys = new Float64Array(1024);
let ordered = new Float64Array(1024);

export function strokeOf(ink: BubbleInk, template: Float32Array | undefined): Stroke {
  const { cols, rows, v } = ink;
  const hx = (cols - 1) / 2;
  const hy = (rows - 1) / 2;
  if (scratch.length < v.length) {
    scratch = new Float32Array(v.length);
    marks = new Uint8Array(v.length);
  }
  const letter = templateOr(template, v.length);
  // First the cheap test: most bubbles have no sample dark enough and above the letter — no stroke at all.
  let n = 0;
  let possible = 0;
  for (let i = 0; i < v.length; i++) {
    const value = v[i];
    if (Number.isNaN(value)) continue;
    scratch[n++] = value;
    if (value >= STROKE.darkness && value - letter[i] >= STROKE.aboveTemplate) possible++;
  }
  if (possible === 0) return { dark: 0, extentX: 0, extentY: 0, thin: 0, quadrants: 0, ring: 0 };
  // The interior's own paper (its lighter quarter): a stroke stands out from the bubble around it, an even light fill does not.
  const paper = n ? scratch.subarray(0, n).sort()[Math.floor(n / 4)] : 0;
  const candidate = marks;
  candidate.fill(0, 0, v.length);
  for (let i = 0; i < v.length; i++) {
    const value = v[i];
    if (!Number.isNaN(value) && value >= STROKE.darkness && value - letter[i] >= STROKE.aboveTemplate && value - paper >= STROKE.aboveBubble) candidate[i] = 1;
  }
  // The dark samples' positions, −1 … 1 across the interior (both kept in the scratch buffers).
  if (xs.length < v.length) {
    xs = new Float64Array(v.length);
    ys = new Float64Array(v.length);
    ordered = new Float64Array(v.length);
  }
  let count = 0;
  for (let r = 1; r < rows - 1; r++) {
    for (let c = 1; c < cols - 1; c++) {
      if (!candidate[r * cols + c]) continue;
      // Sensor noise makes single dark samples; a pencil line is at least two samples wide.
      let neighbours = 0;
      for (let i = -1; i <= 1; i++) for (let j = -1; j <= 1; j++) neighbours += candidate[(r + i) * cols + c + j];
      if (neighbours - 1 < STROKE.neighbours) continue;
      xs[count] = (c - hx) / (hx - 1);
      ys[count] = (r - hy) / (hy - 1);
      count++;
    }
  }
  const none: Stroke = { dark: n ? count / n : 0, extentX: 0, extentY: 0, thin: 0, quadrants: 0, ring: 0 };
  if (count < 3) return none;
  // In points, so the bubble's width and height weigh alike.
  let mx = 0;
  let my = 0;
  for (let i = 0; i < count; i++) {
    mx += xs[i] * (hx - 1);
    my += ys[i] * (hy - 1);
  }
  mx /= count;
  my /= count;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (let i = 0; i < count; i++) {
    const px = xs[i] * (hx - 1);
    const py = ys[i] * (hy - 1);
    sxx += (px - mx) ** 2;
    syy += (py - my) ** 2;
    sxy += (px - mx) * (py - my);
  }
  const tr = (sxx + syy) / 2;
  const root = Math.sqrt(((sxx - syy) / 2) ** 2 + sxy ** 2);
  const thin = tr + root > 0 ? Math.sqrt(Math.max(0, tr - root) / (tr + root)) : 0;
  const q = [0, 0, 0, 0];
  let ring = 0;
  for (let i = 0; i < count; i++) {
    q[(xs[i] < 0 ? 0 : 1) + (ys[i] < 0 ? 0 : 2)]++;
    if (xs[i] ** 2 + ys[i] ** 2 >= 0.45) ring++;
  }
  return { ...none, extentX: spanOf(xs, count), extentY: spanOf(ys, count), thin, quadrants: q.filter((c) => c >= count * 0.1).length, ring: ring / count };
}

/** Half the spread of the first `count` positions, 10th to 90th percentile. */
function spanOf(list: Float64Array, count: number): number {
  const own = ordered.subarray(0, count);
  own.set(list.subarray(0, count));
  own.sort();
  return (own[Math.floor(count * 0.9)] - own[Math.floor(count * 0.1)]) / 2;
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
  const print = templateOr(template, v.length);
  if (levelScratch.length < v.length) levelScratch = new Float32Array(v.length);
  const values = levelScratch;
  let n = 0;
  // Over the measured interior (INTERIOR): nearer the outline a fill may not reach.
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c;
      if (Number.isNaN(v[i]) || print[i] >= LEVEL_PAPER || ((c - hx) / ix) ** 2 + ((r - hy) / iy) ** 2 > 1) continue;
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
  const span = Math.max(1, levels.white - levels.black);
  const { points, n } = cornerPoints(rect.w, rect.h, 1 / pxPerPt);
  // Dark means grey at or under this (darkness ≥ STROKE.darkness).
  const limit = levels.white - STROKE.darkness * span;
  const dark = [0, 0, 0, 0];
  for (let i = 0; i < points.length; i += 3) {
    const dx = points[i];
    const dy = points[i + 1];
    const x = Math.round(o.x + ux.x * dx + uy.x * dy);
    const y = Math.round(o.y + ux.y * dx + uy.y * dy);
    if (x >= 0 && y >= 0 && x < image.width && y < image.height && image.data[y * image.width + x] <= limit) dark[points[i + 2]]++;
  }
  return dark.map((d, k) => (n[k] ? d / n[k] : 0));
}

/** The sectors' sample offsets (dx, dy, corner) for a bubble of this size at this step: the same for every bubble printed alike. */
const cornerCache = new Map<string, { points: Float64Array; n: number[] }>();
function cornerPoints(w: number, h: number, step: number): { points: Float64Array; n: number[] } {
  const key = `${w.toFixed(3)}|${h.toFixed(3)}|${step.toFixed(5)}`;
  const cached = cornerCache.get(key);
  if (cached) return cached;
  const hw = w / 2;
  const hh = h / 2;
  const reachX = hw + CORNER.reach;
  const reachY = hh + CORNER.reach;
  const [lo, hi] = CORNER.angle.map((a) => Math.tan((a * Math.PI) / 180));
  const out: number[] = [];
  const n = [0, 0, 0, 0];
  for (let dy = -reachY; dy <= reachY; dy += step) {
    for (let dx = -reachX; dx <= reachX; dx += step) {
      const slope = Math.abs(dy) / Math.max(1e-6, Math.abs(dx));
      if (slope < lo || slope > hi) continue;
      // Distance outside the pill (rounded ends of radius hh).
      const cx = Math.max(-(hw - hh), Math.min(hw - hh, dx));
      const away = Math.hypot(dx - cx, dy) - hh;
      if (away < CORNER.gap || away > CORNER.reach) continue;
      const k = (dx < 0 ? 0 : 1) + (dy < 0 ? 0 : 2);
      out.push(dx, dy, k);
      n[k]++;
    }
  }
  if (cornerCache.size > 64) cornerCache.clear();
  const made = { points: Float64Array.from(out), n };
  cornerCache.set(key, made);
  return made;
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
