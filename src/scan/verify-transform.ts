import type { CardGeometryV2, Rect } from '../shared/geometry/card-geometry';
import { applyHomography, type Point } from './homography';
import type { GrayImage } from './page-reading';
import type { PageTransform } from './page-transform';
import { VERIFY } from './reading-thresholds';

/**
 * Is the page where the transform says it is? Checked independently of the marks the transform
 * came from (docs/scan-reading.md "Transform verification"), on the bubbles' own printed
 * outlines: for bubbles spread over the page — the first and the last option of rows from top to
 * bottom, so a transform a bubble's pitch off lands one of them on empty paper — the outline's
 * darkness is compared with the paths just inside and just outside it, at small offsets around
 * where the transform puts it. A bubble whose outline is found near its place counts for the
 * transform; one covered by pencil (dark inside) counts for nothing; one whose outline is not
 * there counts against. A page that does not verify is never read.
 */
export type Verification = { ok: boolean; checked: number; found: number; medianOffsetPt: number | null };

/** Points on each path (the outline's three, the inside's and the outside's). */
const POINTS = 36;
/** The paths of one bubble, each POINTS (x, y) pairs in the image: ring −¼ pt, ring, ring +¼ pt, inside, outside. */
const PATHS = 5;
const RING = [0, 1, 2] as const;
/** The outline's three paths, a quarter point apart about its middle. */
const RING_BY = [-0.25, 0, 0.25] as const;
const INNER = 3;
const OUTER = 4;
/** The bubble's paths placed in the image, refilled for each bubble checked (no allocation per bubble or per point). */
const placed = new Float64Array(PATHS * POINTS * 2);

/**
 * Path `slot`: points along a pill's outline (rounded ends of radius h/2) pushed `by` pt outwards
 * (negative: inwards), placed in the image by the homography linearised at the bubble's centre
 * `c` (image point `o`, one-point steps `ux`, `uy`).
 */
function placePill(slot: number, rect: Rect, by: number, c: Point, o: Point, ux: Point, uy: Point): void {
  const r = rect.h / 2 + by;
  const cy = rect.y + rect.h / 2;
  const left = rect.x + rect.h / 2;
  const right = rect.x + rect.w - rect.h / 2;
  for (let i = 0, at = slot * POINTS * 2; i < POINTS; i++, at += 2) {
    const a = (i / POINTS) * 2 * Math.PI;
    const cx = Math.cos(a) >= 0 ? right : left;
    const dx = cx + r * Math.cos(a) - c.x;
    const dy = cy + r * Math.sin(a) - c.y;
    placed[at] = o.x + ux.x * dx + uy.x * dy;
    placed[at + 1] = o.y + ux.y * dx + uy.y * dy;
  }
}

/** What the search needs of the page: its pixels (a colour page's plain grey), size, and each grey's darkness. */
type Pixels = { pixels: Uint8Array; width: number; height: number; darkness: Float64Array };
/** Each grey's darkness on the page being checked, (white − grey) / span: looked up, not divided, at every point. */
const darkness = new Float64Array(256);

/** Point `i` of path `slot`, shifted by (sx, sy) px: its darkness (0 paper … 1 black), 0 off the image. */
function darkAt(p: Pixels, slot: number, i: number, sx: number, sy: number): number {
  const at = (slot * POINTS + i) * 2;
  const x = Math.round(placed[at] + sx);
  const y = Math.round(placed[at + 1] + sy);
  return x < 0 || y < 0 || x >= p.width || y >= p.height ? 0 : p.darkness[p.pixels[y * p.width + x]];
}

/** The mean darkness of path `slot` shifted by (sx, sy). */
function pathMean(p: Pixels, slot: number, sx: number, sy: number): number {
  let sum = 0;
  for (let i = 0; i < POINTS; i++) sum += darkAt(p, slot, i, sx, sy);
  return sum / POINTS;
}

/** The outline, thin and broken up on a black-and-white scan: its darkest across three paths a quarter point apart, averaged along it. */
function ringMean(p: Pixels, sx: number, sy: number): number {
  let sum = 0;
  for (let i = 0; i < POINTS; i++) sum += Math.max(darkAt(p, RING[0], i, sx, sy), darkAt(p, RING[1], i, sx, sy), darkAt(p, RING[2], i, sx, sy));
  return sum / POINTS;
}

export function verifyTransform(image: GrayImage, t: PageTransform, map: CardGeometryV2, page: number, white: number, twoLevel = false, ringContrast: number = VERIFY.ringContrast): Verification {
  // A colour page is read on a channel where the print fades; its outlines are checked on its plain grey.
  const span = Math.max(1, white - t.black);
  for (let grey = 0; grey < 256; grey++) darkness[grey] = (white - grey) / span;
  const p: Pixels = { pixels: image.luma ?? image.data, width: image.width, height: image.height, darkness };
  let checked = 0;
  let found = 0;
  const offsets: number[] = [];
  const { sample, ends } = verifySelection(map, page);
  // A transform a row off finds every other row on its neighbour's outlines; only a column's first
  // or last row then lands outside it, all of its bubbles at once. So each of those rows must have
  // a bubble found, unless pencil covers all it has (a thin outline broken on a black-and-white
  // scan may miss one bubble of a row, never a whole row where the transform holds).
  const endFound = new Map<string, { checked: number; found: number }>();
  for (const rect of sample) {
    // The homography linearised at the bubble's centre (over a few mm far below a pixel off): each
    // path is placed once in the image, and an offset of the search moves it by one vector.
    const c = { x: rect.x + rect.w / 2, y: rect.y + rect.h / 2 };
    const o = applyHomography(t.toImage, c);
    const ex = applyHomography(t.toImage, { x: c.x + 1, y: c.y });
    const ey = applyHomography(t.toImage, { x: c.x, y: c.y + 1 });
    const ux = { x: ex.x - o.x, y: ex.y - o.y };
    const uy = { x: ey.x - o.x, y: ey.y - o.y };
    for (const slot of RING) placePill(slot, rect, RING_BY[slot] - VERIFY.lineInsetPt, c, o, ux, uy);
    placePill(INNER, rect, -VERIFY.innerPt, c, o, ux, uy);
    placePill(OUTER, rect, VERIFY.outerPt, c, o, ux, uy);
    let bestScore = -1;
    let bestOffset = 0;
    for (let dy = -VERIFY.searchPt; dy <= VERIFY.searchPt + 1e-9; dy += VERIFY.stepPt) {
      for (let dx = -VERIFY.searchPt; dx <= VERIFY.searchPt + 1e-9; dx += VERIFY.stepPt) {
        const sx = ux.x * dx + uy.x * dy;
        const sy = ux.y * dx + uy.y * dy;
        const score = ringMean(p, sx, sy) - Math.max(pathMean(p, INNER, sx, sy), pathMean(p, OUTER, sx, sy));
        if (score > bestScore) {
          bestScore = score;
          bestOffset = Math.hypot(dx, dy);
        }
      }
    }
    // Pencil over the outline hides it: such a bubble says nothing either way.
    if (bestScore < ringContrast && pathMean(p, INNER, 0, 0) >= VERIFY.coveredInside) continue;
    checked++;
    const row = ends.get(rectKey(rect));
    const end = row === undefined ? undefined : (endFound.get(row) ?? endFound.set(row, { checked: 0, found: 0 }).get(row)!);
    if (end) end.checked++;
    if (bestScore >= ringContrast) {
      found++;
      if (end) end.found++;
      offsets.push(bestOffset);
    }
  }
  const endMissed = [...endFound.values()].some((end) => end.checked > 0 && end.found === 0);
  offsets.sort((a, b) => a - b);
  const medianOffsetPt = offsets.length ? offsets[Math.floor(offsets.length / 2)] : null;
  // Covered bubbles are skipped, but not without limit: a fit a pitch off lands the first options on the question's number.
  const ok = sample.length < VERIFY.minChecked || (!endMissed && found >= checked * (twoLevel ? VERIFY.foundShareTwoLevel : VERIFY.foundShare) && found >= sample.length * VERIFY.foundOfAll && medianOffsetPt !== null && medianOffsetPt <= VERIFY.maxMedianOffsetPt);
  return { ok, checked, found, medianOffsetPt };
}

/**
 * The first and last option of the top row, the bottom row and a few rows between of every column
 * of questions on the page: a fit a pitch off sideways lands a row's end on empty paper (or on the
 * question's number), a row off lands a column's top or bottom row outside it.
 */
function sampleBubbles(map: CardGeometryV2, page: number): Rect[] {
  const groups = map.groups.filter((g) => g.page === page);
  const columns = new Map<number, typeof groups>();
  for (const g of groups) {
    const key = Math.round(g.rect.x / 20);
    columns.set(key, [...(columns.get(key) ?? []), g]);
  }
  const out: Rect[] = [];
  for (const column of columns.values()) {
    const rows = [...column].sort((a, b) => a.rect.y - b.rect.y);
    const picks = new Set([0, rows.length - 1, ...Array.from({ length: VERIFY.rowsPerColumn }, (_, i) => Math.round(((i + 1) * (rows.length - 1)) / (VERIFY.rowsPerColumn + 1)))]);
    for (const i of picks) {
      const own = map.bubbles.filter((b) => b.page === page && b.q === rows[i].q).sort((a, b) => a.rect.x - b.rect.x);
      if (own.length === 0) continue;
      out.push(own[0].rect);
      if (own.length > 1) out.push(own[own.length - 1].rect);
    }
  }
  return out;
}

/** Bubbles of a column's first or last row: each bubble's rectangle (rectKey) → its row (`<column>/<q>`). */
function endRows(map: CardGeometryV2, page: number): Map<string, string> {
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
  const ends = new Map<string, string>();
  for (const [key, column] of columns) {
    for (const b of map.bubbles) {
      const y = b.page === page ? column.rows.get(b.q) : undefined;
      if (y !== undefined && (y === column.first || y === column.last)) ends.set(rectKey(b.rect), `${key}/${b.q}`);
    }
  }
  return ends;
}

export const rectKey = (r: Rect) => `${r.x},${r.y},${r.w},${r.h}`;

/** Each map's bubbles to check and their end rows, page by page: made once a map (every page of a batch is checked against one), not on every check. */
const selections = new WeakMap<CardGeometryV2, Map<number, { sample: Rect[]; ends: Map<string, string> }>>();

/** The bubbles a check samples on `page` (sampleBubbles) and which of them stand in a column's end row (endRows). */
export function verifySelection(map: CardGeometryV2, page: number): { sample: Rect[]; ends: Map<string, string> } {
  const pages = selections.get(map) ?? selections.set(map, new Map()).get(map)!;
  const known = pages.get(page);
  if (known) return known;
  const selection = { sample: sampleBubbles(map, page), ends: endRows(map, page) };
  pages.set(page, selection);
  return selection;
}
