import sharp from 'sharp';
import type { GrayImage } from './page-reading';

/**
 * Scanned image files (PNG, JPEG, TIFF, multi-page TIFF) in, greyscale rasters out, one page at a
 * time, through sharp (libvips, prebuilt on npm). PDFs: pdf-pages.ts.
 */

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
