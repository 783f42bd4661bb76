import type { Rect } from '../../src/shared/geometry/card-geometry';
import { renderPdfOnePage } from '../../src/scan/pdf-pages';

/** One rasterised PDF page: RGB bytes, row by row, at `dpi`. */
export interface Raster {
  width: number;
  height: number;
  dpi: number;
  rgb: Buffer;
}

/** Page `page` (1-based) of a PDF as colour pixels, through the one rasteriser of prints (src/scan/pdf-pages.ts `renderPdf`). */
export async function rasterisePage(pdf: Uint8Array, page: number, dpi = 300): Promise<Raster> {
  const { image, rgb } = await renderPdfOnePage(pdf, page, { dpi, colour: true });
  return { width: image.width, height: image.height, dpi, rgb: Buffer.from(rgb!.buffer, rgb!.byteOffset, rgb!.length) };
}

export type PixelTest = (r: number, g: number, b: number) => boolean;

/** Any pixel clearly darker than paper. */
export const isInk: PixelTest = (r, g, b) => Math.min(r, g, b) < 160;

/**
 * The box of the pixels that pass `test` within `marginMm` around `rect` (PDF points from the
 * top-left), in points; null when there are none. The box's edges are the drawn outline's outer
 * edges, comparable with a geometry rect.
 */
export function findDrawnBox(raster: Raster, rect: Rect, test: PixelTest = isInk, marginMm = 0.5): Rect | null {
  const pxPerPt = raster.dpi / 72;
  const margin = (marginMm / 25.4) * raster.dpi;
  const x0 = Math.max(0, Math.floor(rect.x * pxPerPt - margin));
  const y0 = Math.max(0, Math.floor(rect.y * pxPerPt - margin));
  const x1 = Math.min(raster.width - 1, Math.ceil((rect.x + rect.w) * pxPerPt + margin));
  const y1 = Math.min(raster.height - 1, Math.ceil((rect.y + rect.h) * pxPerPt + margin));
  let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let y = y0; y <= y1; y += 1) {
    for (let x = x0; x <= x1; x += 1) {
      const i = (y * raster.width + x) * 3;
      if (!test(raster.rgb[i], raster.rgb[i + 1], raster.rgb[i + 2])) continue;
      left = Math.min(left, x);
      top = Math.min(top, y);
      right = Math.max(right, x + 1);
      bottom = Math.max(bottom, y + 1);
    }
  }
  if (left === Infinity) return null;
  return { x: left / pxPerPt, y: top / pxPerPt, w: (right - left) / pxPerPt, h: (bottom - top) / pxPerPt };
}

/** The largest distance between corresponding edges of two rects, in millimetres. */
export function edgeDeviationMm(a: Rect, b: Rect): number {
  const edges = [a.x - b.x, a.y - b.y, a.x + a.w - (b.x + b.w), a.y + a.h - (b.y + b.h)];
  return (Math.max(...edges.map(Math.abs)) * 25.4) / 72;
}
