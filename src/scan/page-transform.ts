import { PT_PER_MM, SCAN_MARKS, type Corner } from '../shared/geometry/scan-layout';
import { findMarkCandidates, type ImageCorner, type MarkCandidate } from './find-marks';
import { affineResidual, homographyFrom4, type Homography, type Point } from './homography';
import type { GrayImage } from './page-reading';

/**
 * Where the page lies in the scan: the homography from map points to pixels through the four
 * registration marks, whether the sheet went through upside down, and how well the marks agree.
 * The bottom-right mark sits 8 mm higher than the others, so the marks of a half-turned page fit
 * a flat page only when assigned turned round too: both assignments (and up to three candidates
 * per corner) are tried, and the one the affine fit explains best wins.
 */
export type PageTransform = { toImage: Homography; upsideDown: boolean; residualMm: number; black: number; pxPerPt: number };

/** Marks that disagree by more than this with any flat placement are not our marks (or not all of them). */
export const MAX_MARK_RESIDUAL_MM = 1.5;
const A4_WIDTH_MM = 210;

const UPRIGHT: Record<Corner, ImageCorner> = { tl: 'tl', tr: 'tr', bl: 'bl', br: 'br' };
const TURNED: Record<Corner, ImageCorner> = { tl: 'br', tr: 'bl', bl: 'tr', br: 'tl' };

function combinations(lists: MarkCandidate[][]): MarkCandidate[][] {
  return lists.reduce<MarkCandidate[][]>((acc, list) => acc.flatMap((combo) => list.map((c) => [...combo, c])), [[]]);
}

export function locatePage(image: GrayImage): PageTransform | null {
  const pxPerMm = image.width / A4_WIDTH_MM;
  const candidates = findMarkCandidates(image, 5 * pxPerMm);
  const mapPoints: Point[] = SCAN_MARKS.map((m) => m.center);
  let best: { found: MarkCandidate[]; upsideDown: boolean; residual: number } | null = null;
  for (const [upsideDown, assignment] of [[false, UPRIGHT], [true, TURNED]] as const) {
    const lists = SCAN_MARKS.map((m) => candidates[assignment[m.corner]]);
    if (lists.some((list) => list.length === 0)) continue;
    for (const found of combinations(lists)) {
      const residual = affineResidual(found.map((c) => c.center), mapPoints);
      if (!best || residual < best.residual) best = { found, upsideDown, residual };
    }
  }
  if (!best) return null;
  const residualMm = best.residual / PT_PER_MM;
  if (residualMm > MAX_MARK_RESIDUAL_MM) return null;
  const toImage = homographyFrom4(mapPoints, best.found.map((c) => c.center));
  if (!toImage) return null;
  const black = best.found.reduce((sum, c) => sum + c.darkness, 0) / 4;
  return { toImage, upsideDown: best.upsideDown, residualMm, black, pxPerPt: pxPerMm / PT_PER_MM };
}
