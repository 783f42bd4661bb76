import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Rect } from '../../src/shared/geometry/card-geometry';
import { parseNetpbmHeader } from '../../src/scan/pdf-pages';

const run = promisify(execFile);

/** One rasterised PDF page: RGB bytes, row by row, at `dpi`. */
export interface Raster {
  width: number;
  height: number;
  dpi: number;
  rgb: Buffer;
}

/** Page `page` (1-based) of a PDF as pixels, through poppler's pdftoppm like a scanner would see it. */
export async function rasterisePage(pdf: Buffer, page: number, dpi = 300): Promise<Raster> {
  const dir = await mkdtemp(join(tmpdir(), 'acs-raster-'));
  try {
    await writeFile(join(dir, 'in.pdf'), pdf);
    await run('pdftoppm', ['-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile', join(dir, 'in.pdf'), join(dir, 'out')]);
    return { ...parsePpm(await readFile(join(dir, 'out.ppm'))), dpi };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Binary PPM (P6, 8 bit): RGB after the header. */
export function parsePpm(file: Buffer): { width: number; height: number; rgb: Buffer } {
  const { width, height, at } = parseNetpbmHeader(file, 'P6');
  return { width, height, rgb: file.subarray(at) };
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
