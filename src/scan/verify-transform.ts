import type { CardGeometryV2, Rect } from '../shared/geometry/card-geometry';
import { applyHomography } from './homography';
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

type Path = { x: number; y: number }[];

/** Points along a pill's outline (rounded ends of radius h/2) pushed `by` pt outwards (negative: inwards). */
function pillPath(rect: Rect, by: number, points = 36): Path {
  const r = rect.h / 2 + by;
  const cy = rect.y + rect.h / 2;
  const left = rect.x + rect.h / 2;
  const right = rect.x + rect.w - rect.h / 2;
  const out: Path = [];
  for (let i = 0; i < points; i++) {
    const a = (i / points) * 2 * Math.PI;
    const cx = Math.cos(a) >= 0 ? right : left;
    out.push({ x: cx + r * Math.cos(a), y: cy + r * Math.sin(a) });
  }
  return out;
}

export function verifyTransform(image: GrayImage, t: PageTransform, map: CardGeometryV2, page: number, white: number, twoLevel = false, ringContrast: number = VERIFY.ringContrast): Verification {
  const span = Math.max(1, white - t.black);
  // A colour page is read on a channel where the print fades; its outlines are checked on its plain grey.
  const pixels = image.luma ?? image.data;
  const { width, height } = image;
  let checked = 0;
  let found = 0;
  const offsets: number[] = [];
  const sample = sampleBubbles(map, page);
  for (const rect of sample) {
    // The homography linearised at the bubble's centre (over a few mm far below a pixel off): each
    // path is placed once in the image, and an offset of the search moves it by one vector.
    const c = { x: rect.x + rect.w / 2, y: rect.y + rect.h / 2 };
    const o = applyHomography(t.toImage, c);
    const ex = applyHomography(t.toImage, { x: c.x + 1, y: c.y });
    const ey = applyHomography(t.toImage, { x: c.x, y: c.y + 1 });
    const ux = { x: ex.x - o.x, y: ex.y - o.y };
    const uy = { x: ey.x - o.x, y: ey.y - o.y };
    const place = (path: Path) => {
      const xy = new Float64Array(path.length * 2);
      path.forEach((p, i) => {
        xy[2 * i] = o.x + ux.x * (p.x - c.x) + uy.x * (p.y - c.y);
        xy[2 * i + 1] = o.y + ux.y * (p.x - c.x) + uy.y * (p.y - c.y);
      });
      return xy;
    };
    const dark = (xy: Float64Array, i: number, sx: number, sy: number) => {
      const x = Math.round(xy[2 * i] + sx);
      const y = Math.round(xy[2 * i + 1] + sy);
      return x < 0 || y < 0 || x >= width || y >= height ? 0 : (white - pixels[y * width + x]) / span;
    };
    const mean = (xy: Float64Array, sx: number, sy: number) => {
      let sum = 0;
      for (let i = 0; i < xy.length / 2; i++) sum += dark(xy, i, sx, sy);
      return sum / (xy.length / 2);
    };
    // The outline, thin and broken up on a black-and-white scan: its darkest across three paths a quarter point apart.
    const ring = [-0.25, 0, 0.25].map((by) => place(pillPath(rect, by - VERIFY.lineInsetPt)));
    const ringMean = (sx: number, sy: number) => {
      let sum = 0;
      const n = ring[0].length / 2;
      for (let i = 0; i < n; i++) sum += Math.max(dark(ring[0], i, sx, sy), dark(ring[1], i, sx, sy), dark(ring[2], i, sx, sy));
      return sum / n;
    };
    const inner = place(pillPath(rect, -VERIFY.innerPt));
    const outer = place(pillPath(rect, VERIFY.outerPt));
    let best = { score: -1, offset: 0 };
    for (let dy = -VERIFY.searchPt; dy <= VERIFY.searchPt + 1e-9; dy += VERIFY.stepPt) {
      for (let dx = -VERIFY.searchPt; dx <= VERIFY.searchPt + 1e-9; dx += VERIFY.stepPt) {
        const sx = ux.x * dx + uy.x * dy;
        const sy = ux.y * dx + uy.y * dy;
        const score = ringMean(sx, sy) - Math.max(mean(inner, sx, sy), mean(outer, sx, sy));
        if (score > best.score) best = { score, offset: Math.hypot(dx, dy) };
      }
    }
    // Pencil over the outline hides it: such a bubble says nothing either way.
    if (best.score < ringContrast && mean(inner, 0, 0) >= VERIFY.coveredInside) continue;
    checked++;
    if (best.score >= ringContrast) {
      found++;
      offsets.push(best.offset);
    }
  }
  offsets.sort((a, b) => a - b);
  const medianOffsetPt = offsets.length ? offsets[Math.floor(offsets.length / 2)] : null;
  // Covered bubbles are skipped, but not without limit: a fit a pitch off lands the first options on the question's number.
  const ok = sample.length < VERIFY.minChecked || (found >= checked * (twoLevel ? VERIFY.foundShareTwoLevel : VERIFY.foundShare) && found >= sample.length * VERIFY.foundOfAll && medianOffsetPt !== null && medianOffsetPt <= VERIFY.maxMedianOffsetPt);
  return { ok, checked, found, medianOffsetPt };
}

/**
 * The first and last option of the top row, the bottom row and a few rows between of every column
 * of questions on the page: a fit a pitch off sideways lands a row's end on empty paper (or on the
 * question's number), a row off lands a column's top or bottom row outside it.
 */
export function sampleBubbles(map: CardGeometryV2, page: number): Rect[] {
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
