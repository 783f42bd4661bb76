import sharp from 'sharp';
import type { GrayImage } from './page-reading';
import { SCAN_MAX_PAGE_PIXELS } from '../shared/scan-limits';
import { colourToGrey } from './scanner-mode';

/**
 * Scanned image files (PNG, JPEG, TIFF, multi-page TIFF) in, greyscale rasters out, one page at a
 * time, through sharp (libvips, prebuilt on npm), after image-header.ts has checked the file's
 * pages from their headers. PDFs: pdf-pages.ts.
 */

/**
 * Page `page` (from 0) of an image file as one grey channel; transparency lands on white paper,
 * EXIF rotation applied. A colour image is read on the channel that best separates pencil from
 * the card's printed colour (scanner-mode.ts), and says so (`mode: 'color'`).
 */
export async function decodeImage(input: Buffer | string, page = 0): Promise<GrayImage> {
  // Pixel floods are refused from the header (limitInputPixels), a truncated file is an error, not a half page.
  const { data, info } = await sharp(input, { page, limitInputPixels: SCAN_MAX_PAGE_PIXELS, failOn: 'truncated' }).rotate().flatten({ background: '#ffffff' }).raw().toBuffer({ resolveWithObject: true });
  const pixels = new Uint8Array(data.buffer, data.byteOffset, data.length);
  if (info.channels === 1) return { width: info.width, height: info.height, data: pixels };
  if (info.channels === 2) return { width: info.width, height: info.height, data: pixels.filter((_, i) => i % 2 === 0) };
  const grey = colourToGrey(pixels, info.width, info.height, info.channels);
  return { width: info.width, height: info.height, data: grey.data, mode: grey.mode, ...(grey.luma ? { luma: grey.luma } : {}) };
}
