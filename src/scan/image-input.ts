import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { GrayImage } from './page-reading';
import { parsePgm } from './rasterise-pdf';

/**
 * Scanned pages in, greyscale rasters out, one page at a time so a 1,000-page upload never sits
 * in memory whole. PDFs go through poppler (`pdftoppm -gray`, 34 pages/s on one core at 200 dpi);
 * image files (PNG, JPEG, TIFF, multi-page TIFF) through sharp, which ships libvips prebuilt on npm.
 */
const run = promisify(execFile);
const MAX_PAGE_BYTES = 1 << 27;

/** The number of pages poppler sees in the PDF at `path`; throws on a broken or encrypted file. */
export async function pdfPageCount(path: string): Promise<number> {
  const { stdout } = await run('pdfinfo', [path], { maxBuffer: 1 << 20 });
  const match = /^Pages:\s+(\d+)/m.exec(stdout);
  if (!match) throw new Error(`pdfinfo found no page count in ${path}`);
  return Number(match[1]);
}

/**
 * Page `page` (from 1) of the PDF file at `path`, rendered at `dpi` in greyscale, straight from
 * pdftoppm's stdout (rasterise-pdf.ts does the same for a PDF held in memory, through temp files).
 */
export async function rasterisePdfFilePage(path: string, page: number, dpi: number): Promise<GrayImage> {
  const args = ['-gray', '-r', String(dpi), '-f', String(page), '-l', String(page), path];
  const { stdout } = await run('pdftoppm', args, { encoding: 'buffer', maxBuffer: MAX_PAGE_BYTES });
  return parsePgm(stdout);
}

/** How many pages an image file holds (a multi-page TIFF has several; PNG and JPEG one). */
export async function imagePageCount(input: Buffer | string): Promise<number> {
  const meta = await sharp(input).metadata();
  return meta.pages ?? 1;
}

/** Page `page` (from 0) of an image file as greyscale; transparency lands on white paper, EXIF rotation applied. */
export async function decodeImage(input: Buffer | string, page = 0): Promise<GrayImage> {
  const { data, info } = await sharp(input, { page })
    .rotate()
    .flatten({ background: '#ffffff' })
    .greyscale()
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}
