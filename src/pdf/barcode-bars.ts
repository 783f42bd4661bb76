import bwipjs from 'bwip-js/node';
import type { Rect } from '../shared/geometry/card-geometry';

/**
 * A student's barcode as vector bars. Rendering bwip-js to PNG and embedding it costs 0.6–0.9 s
 * per 400 students and blurs at the printer's resolution; the bar/space widths bwip-js computes
 * for Code 128 are all a PDF needs to draw the same symbol as rectangles.
 */

/** Alternating bar and space widths in modules, starting with a bar (bwip-js `sbs`). */
export function code128Widths(text: string): number[] {
  const [symbol] = bwipjs.raw({ bcid: 'code128', text });
  if (!symbol || !('sbs' in symbol)) throw new Error(`code128 gave no bars for ${JSON.stringify(text)}`);
  return symbol.sbs;
}

/** Light modules on each side a reader needs to find the symbol's start (ISO/IEC 15417: 10). */
export const QUIET_ZONE_MODULES = 10;
/** Bars stop short of the cell's top and bottom edges so they never touch its printed border. */
const VERTICAL_MARGIN = 0.12;

export type Bar = { x: number; y: number; w: number; h: number };

/** The bars fitted to `rect`, centred, quiet zones included, top-left origin like the map. */
export function fitBars(widths: readonly number[], rect: Rect): { bars: Bar[]; module: number } {
  const symbolModules = widths.reduce((sum, width) => sum + width, 0);
  const module = rect.w / (symbolModules + 2 * QUIET_ZONE_MODULES);
  const h = rect.h * (1 - 2 * VERTICAL_MARGIN);
  const y = rect.y + rect.h * VERTICAL_MARGIN;
  const bars: Bar[] = [];
  let x = rect.x + QUIET_ZONE_MODULES * module;
  widths.forEach((width, index) => {
    if (index % 2 === 0) bars.push({ x, y, w: width * module, h });
    x += width * module;
  });
  return { bars, module };
}
