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

export function verifyTransform(image: GrayImage, t: PageTransform, map: CardGeometryV2, page: number, white: number, twoLevel = false): Verification {
  const span = Math.max(1, white - t.black);
  // A colour page is read on a channel where the print fades; its outlines are checked on its plain grey.
  const pixels = image.luma ?? image.data;
  const dark = (p: { x: number; y: number }) => {
    const q = applyHomography(t.toImage, p);
    const x = Math.round(q.x);
    const y = Math.round(q.y);
    return x < 0 || y < 0 || x >= image.width || y >= image.height ? 0 : (white - pixels[y * image.width + x]) / span;
  };
  const mean = (path: Path, dx: number, dy: number) => path.reduce((sum, p) => sum + dark({ x: p.x + dx, y: p.y + dy }), 0) / path.length;
  // The outline, thin and broken up on a black-and-white scan: its darkest across three paths a quarter point apart.
  const ringMean = (paths: Path[], dx: number, dy: number) => paths[0].reduce((sum, _, i) => sum + Math.max(...paths.map((path) => dark({ x: path[i].x + dx, y: path[i].y + dy }))), 0) / paths[0].length;
  let checked = 0;
  let found = 0;
  const offsets: number[] = [];
  const sample = sampleBubbles(map, page);
  for (const rect of sample) {
    const ring = [-0.25, 0, 0.25].map((by) => pillPath(rect, by - VERIFY.lineInsetPt));
    const inner = pillPath(rect, -VERIFY.innerPt);
    const outer = pillPath(rect, VERIFY.outerPt);
    let best = { score: -1, offset: 0, inside: 0 };
    for (let dy = -VERIFY.searchPt; dy <= VERIFY.searchPt + 1e-9; dy += VERIFY.stepPt) {
      for (let dx = -VERIFY.searchPt; dx <= VERIFY.searchPt + 1e-9; dx += VERIFY.stepPt) {
        const inside = mean(inner, dx, dy);
        const score = ringMean(ring, dx, dy) - Math.max(inside, mean(outer, dx, dy));
        if (score > best.score) best = { score, offset: Math.hypot(dx, dy), inside };
      }
    }
    // Pencil over the outline hides it: such a bubble says nothing either way.
    if (best.score < VERIFY.ringContrast && mean(inner, 0, 0) >= VERIFY.coveredInside) continue;
    checked++;
    if (best.score >= VERIFY.ringContrast) {
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
