import type { Rect } from '../shared/geometry/card-geometry';
import { applyHomography, type Homography } from './homography';
import type { GrayImage } from './page-reading';
import { INK_RAMP, INTERIOR } from './reading-thresholds';

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
 */
export type BubbleInk = { share: number; tone: number };

export function bubbleInk(image: GrayImage, toImage: Homography, rect: Rect, levels: Levels, pxPerPt: number): BubbleInk {
  const c = { x: rect.x + rect.w / 2, y: rect.y + rect.h / 2 };
  const o = applyHomography(toImage, c);
  const ex = applyHomography(toImage, { x: c.x + 1, y: c.y });
  const ey = applyHomography(toImage, { x: c.x, y: c.y + 1 });
  const ax = (rect.w / 2) * INTERIOR.x;
  const ay = (rect.h / 2) * INTERIOR.y;
  const step = 1 / pxPerPt;
  const span = Math.max(1, levels.white - levels.black);
  const [foot, top] = INK_RAMP;
  let ink = 0;
  let tone = 0;
  let n = 0;
  for (let dy = -ay; dy <= ay; dy += step) {
    for (let dx = -ax; dx <= ax; dx += step) {
      if ((dx / ax) ** 2 + (dy / ay) ** 2 > 1) continue;
      const x = Math.round(o.x + (ex.x - o.x) * dx + (ey.x - o.x) * dy);
      const y = Math.round(o.y + (ex.y - o.y) * dx + (ey.y - o.y) * dy);
      n++;
      if (x < 0 || y < 0 || x >= image.width || y >= image.height) continue;
      const v = (levels.white - image.data[y * image.width + x]) / span;
      ink += v <= foot ? 0 : v >= top ? 1 : (v - foot) / (top - foot);
      tone += v <= 0 ? 0 : v >= 1 ? 1 : v;
    }
  }
  return n ? { share: ink / n, tone: tone / n } : { share: 0, tone: 0 };
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
