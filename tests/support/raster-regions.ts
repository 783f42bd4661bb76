import type { Rect } from '../../src/shared/geometry/card-geometry';
import type { GrayRaster } from './poppler';

/**
 * Pixel bookkeeping for print raster tests: what a printed page added to the blank card, and
 * where. Rects are in map points (top-left origin); rasters are pdftoppm pages of the same size.
 */
export const DARK = 128; // printed ink, antialiased edges included from half-tone down
const PAPER = 200; // lighter than this counts as blank paper in the card

export type Pixel = { x: number; y: number };

export function toPixels(rect: Rect, dpi: number, grow = 0): { x0: number; y0: number; x1: number; y1: number } {
  const k = dpi / 72;
  return {
    x0: Math.floor((rect.x - grow) * k), y0: Math.floor((rect.y - grow) * k),
    x1: Math.ceil((rect.x + rect.w + grow) * k), y1: Math.ceil((rect.y + rect.h + grow) * k),
  };
}

/** Pixels dark on the printed page that were paper on the blank card, inside `rect` grown by `grow` pt. */
export function addedInk(printed: GrayRaster, blank: GrayRaster, rect: Rect, grow = 0): Pixel[] {
  const { x0, y0, x1, y1 } = toPixels(rect, printed.dpi, grow);
  const found: Pixel[] = [];
  for (let y = Math.max(0, y0); y < Math.min(printed.height, y1); y += 1) {
    for (let x = Math.max(0, x0); x < Math.min(printed.width, x1); x += 1) {
      if (printed.at(x, y) < DARK && blank.at(x, y) > PAPER) found.push({ x, y });
    }
  }
  return found;
}

/** Pixels that are ink on `raster` (not paper) inside `rect` grown by `grow` pt. */
export function ink(raster: GrayRaster, rect: Rect, grow = 0): Pixel[] {
  const { x0, y0, x1, y1 } = toPixels(rect, raster.dpi, grow);
  const found: Pixel[] = [];
  for (let y = y0; y < y1; y += 1) for (let x = x0; x < x1; x += 1) if (raster.at(x, y) <= PAPER) found.push({ x, y });
  return found;
}

export function centroid(pixels: Pixel[]): Pixel {
  const sum = pixels.reduce((acc, pixel) => ({ x: acc.x + pixel.x, y: acc.y + pixel.y }), { x: 0, y: 0 });
  return { x: sum.x / pixels.length, y: sum.y / pixels.length };
}

/** Dark and light runs along one pixel row, as [isDark, length] from x0 to x1. */
export function runs(raster: GrayRaster, y: number, x0: number, x1: number): Array<[boolean, number]> {
  const found: Array<[boolean, number]> = [];
  for (let x = x0; x < x1; x += 1) {
    const dark = raster.at(x, y) < DARK;
    const last = found.at(-1);
    if (last && last[0] === dark) last[1] += 1;
    else found.push([dark, 1]);
  }
  return found;
}
