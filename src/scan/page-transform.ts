import { PT_PER_MM, SCAN_MARKS, type Corner } from '../shared/geometry/scan-layout';
import { findMarkCandidates, type ImageCorner, type MarkCandidate } from './find-marks';
import { affineFrom3, affineResidual, homographyFrom4, similarityResidual, type Homography, type Point } from './homography';
import type { GrayImage } from './page-reading';

/**
 * Where the page lies in the scan: the homography from map points to pixels through the four
 * registration marks, whether the sheet went through upside down, and how well the marks agree.
 * The bottom-right mark sits 8 mm higher than the others, so the marks of a half-turned page fit
 * a flat page only when assigned turned round too: both assignments (and up to three candidates
 * per corner) are tried, and the one the affine fit explains best wins.
 */
export type PageTransform = { toImage: Homography; upsideDown: boolean; residualMm: number; black: number; pxPerPt: number; marks: 3 | 4 };

/** Marks that disagree by more than this with any flat placement are not our marks (or not all of them). */
export const MAX_MARK_RESIDUAL_MM = 1.5;
/** With three marks, the similarity fit also carries the scanner's x/y scale difference (±2 % of 280 mm). */
const MAX_THREE_MARK_RESIDUAL_MM = 4;
const A4_WIDTH_MM = 210;

const UPRIGHT: Record<Corner, ImageCorner> = { tl: 'tl', tr: 'tr', bl: 'bl', br: 'br' };
const TURNED: Record<Corner, ImageCorner> = { tl: 'br', tr: 'bl', bl: 'tr', br: 'tl' };

function combinations(lists: MarkCandidate[][]): MarkCandidate[][] {
  return lists.reduce<MarkCandidate[][]>((acc, list) => acc.flatMap((combo) => list.map((c) => [...combo, c])), [[]]);
}

/** The marks' black: the mean darkness of those found. */
const black = (found: MarkCandidate[]) => found.reduce((sum, c) => sum + c.darkness, 0) / found.length;

/** A page image's mark candidates in each corner (marks 5 mm, the image an A4 page wide) and its pixels a millimetre. */
export function markCandidatesOf(image: GrayImage): { candidates: Record<ImageCorner, MarkCandidate[]>; pxPerMm: number } {
  const pxPerMm = image.width / A4_WIDTH_MM;
  return { candidates: findMarkCandidates(image, 5 * pxPerMm), pxPerMm };
}

/**
 * Where the page lies, best first. Normally one placement through all four marks. When no four fit
 * (a mark cut off by a skewed feed, covered by a staple), placements through three marks, both ways
 * up, best similarity fit first: the caller keeps the first whose page code decodes. Empty when
 * not even three marks agree.
 */
export function locatePage(image: GrayImage): PageTransform[] {
  const { candidates, pxPerMm } = markCandidatesOf(image);
  const pxPerPt = pxPerMm / PT_PER_MM;
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
  if (best && best.residual / PT_PER_MM <= MAX_MARK_RESIDUAL_MM) {
    const toImage = homographyFrom4(mapPoints, best.found.map((c) => c.center));
    if (toImage) return [{ toImage, upsideDown: best.upsideDown, residualMm: best.residual / PT_PER_MM, black: black(best.found), pxPerPt, marks: 4 }];
  }
  return threeMarkPlacements(candidates, mapPoints, pxPerPt, black);
}

/**
 * The page's three-mark placements the right way up only, whether or not four marks fit: a photo's
 * flat page is cut upright through the photo's four (read-page.ts), so when one of those was not a
 * mark, its three true ones still fit upright while the four may fit only turned round, by chance.
 */
export function uprightThreeMarkPlacements(image: GrayImage): PageTransform[] {
  const { candidates, pxPerMm } = markCandidatesOf(image);
  return threeMarkPlacements(candidates, SCAN_MARKS.map((m) => m.center), pxPerMm / PT_PER_MM, black).filter((t) => !t.upsideDown);
}

function threeMarkPlacements(candidates: Record<ImageCorner, MarkCandidate[]>, mapPoints: Point[], pxPerPt: number, black: (found: MarkCandidate[]) => number): PageTransform[] {
  const placements: PageTransform[] = [];
  for (const [upsideDown, assignment] of [[false, UPRIGHT], [true, TURNED]] as const) {
    for (let missing = 0; missing < 4; missing++) {
      const kept = SCAN_MARKS.filter((_, i) => i !== missing);
      const lists = kept.map((m) => candidates[assignment[m.corner]]);
      if (lists.some((list) => list.length === 0)) continue;
      const to = mapPoints.filter((_, i) => i !== missing);
      for (const found of combinations(lists)) {
        const residualMm = similarityResidual(found.map((c) => c.center), to) / PT_PER_MM;
        if (residualMm > MAX_THREE_MARK_RESIDUAL_MM) continue;
        const toImage = affineFrom3(to, found.map((c) => c.center));
        if (toImage) placements.push({ toImage, upsideDown, residualMm, black: black(found), pxPerPt, marks: 3 });
      }
    }
  }
  return placements.sort((a, b) => a.residualMm - b.residualMm).slice(0, 4);
}
