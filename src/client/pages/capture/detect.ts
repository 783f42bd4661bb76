import { findMarkCandidates, type ImageCorner, type MarkCandidate } from '../../../scan/find-marks';
import { affineResidual, applyHomography, homographyFrom4, type Homography, type Point } from '../../../scan/homography';
import { A4_PT } from '../../../shared/geometry/card-geometry';
import { PT_PER_MM, SCAN_MARKS, type Corner } from '../../../shared/geometry/scan-layout';

/**
 * The capture screen's live sheet detection (docs/scan-batches.md "Capture with a phone"), with
 * the signature of the reader's `detectSheet` (src/scan/detect-sheet.ts, issue 29 part 1) so the
 * screen does not change when it switches to it. This stand-in uses the scanner reader's own mark
 * search (find-marks.ts) at a few sheet sizes: it finds an upright or half-turned sheet filling
 * 60–100 % of the frame's width, which is what the phone's preview shows when a sheet is framed.
 */
export type SheetCorners = { tl: Point; tr: Point; br: Point; bl: Point };
export type SheetDetection = {
  /** The paper's corners in frame pixels, named as on the upright page. */
  corners: SheetCorners | null;
  /** The four registration marks' centres (tl, tr, br, bl of the page) when found, else []. */
  marks: Point[];
  orientation: 0 | 90 | 180 | 270 | null;
  /** Map points (PDF pt, top-left origin) → frame pixels, row-major 3×3. */
  toFrame: number[] | null;
  /** 0…1, edge contrast across the marks' sides. */
  sharpness: number;
  markPx: number | null;
};

export const NO_SHEET: SheetDetection = { corners: null, marks: [], orientation: null, toFrame: null, sharpness: 0, markPx: null };

const UPRIGHT: Record<Corner, ImageCorner> = { tl: 'tl', tr: 'tr', bl: 'bl', br: 'br' };
const TURNED: Record<Corner, ImageCorner> = { tl: 'br', tr: 'bl', bl: 'tr', br: 'tl' };
/** Sheet widths tried, as shares of the frame's width (the candidate filter takes marks 0.75–1.5 × the size asked). */
const WIDTH_SHARES = [0.97, 0.8, 0.66];
/** Marks further off a flat placement than this are not our four (perspective of a hand-held phone stays well under it). */
const MAX_RESIDUAL_MM = 6;

const MAP_POINTS: Point[] = SCAN_MARKS.map((m) => m.center);

export function detectSheet(gray: { width: number; height: number; data: Uint8Array }): SheetDetection {
  type Best = { found: MarkCandidate[]; turned: boolean; residual: number; markPx: number };
  let best = null as Best | null;
  for (const share of WIDTH_SHARES) {
    const pageWidthPx = Math.min(gray.width * share, (gray.height * A4_PT.w) / A4_PT.h);
    const markPx = (5 * pageWidthPx) / 210;
    const candidates = findMarkCandidates(gray, markPx);
    for (const [turned, assignment] of [[false, UPRIGHT], [true, TURNED]] as const) {
      const lists = SCAN_MARKS.map((m) => candidates[assignment[m.corner]]);
      if (lists.some((list) => list.length === 0)) continue;
      for (const found of combinations(lists)) {
        const residual = affineResidual(found.map((c) => c.center), MAP_POINTS) / PT_PER_MM;
        if (!best || residual < best.residual) best = { found, turned, residual, markPx };
      }
    }
    if (best && best.residual <= MAX_RESIDUAL_MM) break;
  }
  if (!best || best.residual > MAX_RESIDUAL_MM) return NO_SHEET;
  const chosen: Best = best;
  const toFrame = homographyFrom4(MAP_POINTS, chosen.found.map((c) => c.center));
  if (!toFrame) return NO_SHEET;
  const at = (x: number, y: number) => applyHomography(toFrame, { x, y });
  const corners = { tl: at(0, 0), tr: at(A4_PT.w, 0), br: at(A4_PT.w, A4_PT.h), bl: at(0, A4_PT.h) };
  // SCAN_MARKS run tl, tr, bl, br; the detection names them round the page: tl, tr, br, bl.
  const byCorner = Object.fromEntries(SCAN_MARKS.map((m, i) => [m.corner, chosen.found[i].center])) as Record<Corner, Point>;
  const marks = [byCorner.tl, byCorner.tr, byCorner.br, byCorner.bl];
  const markPx = Math.sqrt(chosen.found.reduce((sum, c) => sum + c.area, 0) / 4);
  return { corners, marks, orientation: chosen.turned ? 180 : 0, toFrame: [...toFrame], sharpness: markSharpness(gray, marks, markPx), markPx };
}

function combinations(lists: MarkCandidate[][]): MarkCandidate[][] {
  return lists.reduce<MarkCandidate[][]>((acc, list) => acc.flatMap((combo) => list.map((c) => [...combo, c])), [[]]);
}

/**
 * How sharp the marks' sides are: along the row and the column through each mark's centre, the
 * steepest step from one pixel to the next over the step from ink to paper. A crisp side changes
 * within one or two pixels (≥ 0.5); motion blur or a lens out of focus spreads it (σ = 2 px: ≈ 0.2).
 */
export function markSharpness(gray: { width: number; height: number; data: Uint8Array }, marks: readonly Point[], markPx: number): number {
  const { width, height, data } = gray;
  const reach = Math.max(3, Math.round(markPx));
  const at = (x: number, y: number) => data[Math.min(height - 1, Math.max(0, y)) * width + Math.min(width - 1, Math.max(0, x))];
  let total = 0;
  let sides = 0;
  for (const m of marks) {
    const cx = Math.round(m.x);
    const cy = Math.round(m.y);
    for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
      const line: number[] = [];
      for (let i = 0; i <= reach; i++) line.push(at(cx + dx * i, cy + dy * i));
      const ink = Math.min(...line.slice(0, Math.max(2, Math.round(reach / 4))));
      const paper = Math.max(...line);
      if (paper - ink < 24) continue;
      let step = 0;
      for (let i = 1; i < line.length; i++) step = Math.max(step, line[i] - line[i - 1]);
      total += Math.min(1, step / (paper - ink));
      sides++;
    }
  }
  return sides === 0 ? 0 : total / sides;
}

/** The homography of a detection scaled from the frame it was found in to a frame `factor` times larger. */
export function scaleHomography(h: readonly number[], factor: number): Homography {
  return [h[0] * factor, h[1] * factor, h[2] * factor, h[3] * factor, h[4] * factor, h[5] * factor, h[6], h[7], h[8]];
}
