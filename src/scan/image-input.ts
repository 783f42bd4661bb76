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
 * the card's printed colour (scanner-mode.ts), and says so (`mode: 'color'`). A grey image (the
 * common scanner JPEG) is decoded straight to one channel: sharp's raw output is otherwise sRGB,
 * three equal channels that cost a colour analysis of every pixel (≈ 90 ms a 200 dpi page) to
 * find no colour in, and that made a grey scan say `color`.
 */
export async function decodeImage(input: Buffer | string, page = 0): Promise<GrayImage> {
  // Pixel floods are refused from the header (limitInputPixels), a truncated file is an error, not a half page.
  const open = () => sharp(input, { page, limitInputPixels: SCAN_MAX_PAGE_PIXELS, failOn: 'truncated' });
  const { space, channels: stored } = await open().metadata();
  const grey = space === 'b-w' || space === 'grey16' || stored === 1 || stored === 2;
  const pipeline = open().rotate().flatten({ background: '#ffffff' });
  const { data, info } = await (grey ? pipeline.toColourspace('b-w') : pipeline).raw().toBuffer({ resolveWithObject: true });
  const pixels = new Uint8Array(data.buffer, data.byteOffset, data.length);
  if (info.channels === 1) return { width: info.width, height: info.height, data: pixels };
  if (info.channels === 2) return { width: info.width, height: info.height, data: pixels.filter((_, i) => i % 2 === 0) };
  const colour = colourToGrey(pixels, info.width, info.height, info.channels);
  return { width: info.width, height: info.height, data: colour.data, mode: colour.mode, ...(colour.luma ? { luma: colour.luma } : {}) };
}
