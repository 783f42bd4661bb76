import sharp from 'sharp';
import type { GrayImage } from './page-reading';
import { SCAN_MAX_PAGE_PIXELS, SCAN_MAX_PHOTO_PIXELS } from '../shared/scan-limits';
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
  const meta = await sharp(input, { page, limitInputPixels: SCAN_MAX_PHOTO_PIXELS }).metadata();
  if (isPhoto(meta)) return decodePhoto(input, meta.width, meta.height);
  // Pixel floods are refused from the header (limitInputPixels), a truncated file is an error, not a half page.
  const grey = meta.space === 'b-w' || meta.space === 'grey16' || meta.channels === 1 || meta.channels === 2;
  const { data, info } = await strictly(meta.format, (failOn) => {
    const pipeline = sharp(input, { page, limitInputPixels: SCAN_MAX_PAGE_PIXELS, failOn }).rotate().flatten({ background: '#ffffff' });
    return (grey ? pipeline.toColourspace('b-w') : pipeline).raw().toBuffer({ resolveWithObject: true });
  });
  const pixels = new Uint8Array(data.buffer, data.byteOffset, data.length);
  if (info.channels === 1) return { width: info.width, height: info.height, data: pixels };
  if (info.channels === 2) return { width: info.width, height: info.height, data: pixels.filter((_, i) => i % 2 === 0) };
  const colour = colourToGrey(pixels, info.width, info.height, info.channels);
  return { width: info.width, height: info.height, data: colour.data, mode: colour.mode, ...(colour.luma ? { luma: colour.luma } : {}) };
}

/**
 * A JPEG cut short inside its scan data, with its end marker put back, decodes "fine" into a page
 * whose lower part is grey: only libjpeg's warning (premature end of data segment) tells. That is
 * a refusal (scan-pages.ts decodeProblem: 'truncated'), never a half page read as blank answers.
 * Other warnings (a scanner's extraneous bytes before a marker) are harmless: decoded again,
 * tolerating them. A sound JPEG is decoded once; other formats as before (truncated data fails).
 */
async function strictly<T>(format: string | undefined, decode: (failOn: 'warning' | 'truncated') => Promise<T>): Promise<T> {
  if (format !== 'jpeg') return decode('truncated');
  try {
    return await decode('warning');
  } catch (error) {
    if (error instanceof Error && /premature end|truncated|unexpected end/i.test(error.message)) throw error;
    return decode('truncated');
  }
}

/**
 * A phone photo: a JPEG of a camera's shape (4:3, 3:2 or 16:9, either way round) and ≥ 2.5 MP, or
 * one larger than a scanned page may be. A scanner's page has the paper's shape (A4 1.414, Letter 1.294).
 */
type Metadata = Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;

function isPhoto(meta: Metadata): boolean {
  if (meta.format !== 'jpeg' || !meta.width || !meta.height || meta.width * meta.height < 2_500_000) return false;
  // Beyond a page's cap only a photo's may pass the header check (image-header.ts): read it the photo's way, shrunk.
  if (meta.width * meta.height > SCAN_MAX_PAGE_PIXELS) return true;
  const ratio = Math.max(meta.width, meta.height) / Math.min(meta.width, meta.height);
  return [4 / 3, 3 / 2, 16 / 9].some((r) => Math.abs(ratio / r - 1) < 0.015);
}

/** Photos are decoded to about 2,000 px on the long side: a sheet filling 60–97 % of the frame is then 100–165 dpi. */
const PHOTO_LONG_SIDE = 1900;

/**
 * A photo decoded shrunk by a whole factor to ~2,000 px on its long side (a 12 MP frame by 2, a
 * 48 MP one by 4: libjpeg's shrink-on-load, so neither time nor memory grow with the sensor),
 * EXIF orientation applied, its luminance as the grey: the page is then found and cut out flat at
 * its own resolution by the reader (photo-page.ts). The luminance is taken here from sharp's RGB
 * (Rec. 601 weights): libvips's own greyscale goes through linear light in floating point and cost
 * more than the decode itself (12 MP: ≈ 140 ms CPU with it, ≈ 60 without, 2026-12-02).
 */
async function decodePhoto(input: Buffer | string, width: number, height: number, shrink?: number): Promise<GrayImage> {
  const factor = shrink ?? Math.max(1, Math.floor(Math.max(width, height) / PHOTO_LONG_SIDE));
  const side = Math.ceil(Math.max(width, height) / factor);
  const { data, info } = await strictly('jpeg', (failOn) =>
    sharp(input, { limitInputPixels: SCAN_MAX_PHOTO_PIXELS, failOn })
      .resize({ width: side, height: side, fit: 'inside', kernel: 'linear', withoutEnlargement: true })
      .rotate()
      .raw()
      .toBuffer({ resolveWithObject: true }),
  );
  const image: GrayImage = { width: info.width, height: info.height, data: lumaOf(new Uint8Array(data.buffer, data.byteOffset, data.length), info.channels) };
  // Shrunk: the same photo at up to twice the resolution (half the factor, rounded up), decoded only
  // if a page asks for it — a 12 MP frame in full, a 48 MP one at 12 MP, a 27 MP one at 7: never
  // past ~11 MP (twice the 1,900 px side), so memory stays a 12 MP decode's.
  const finer = Math.ceil(factor / 2);
  return factor > 1 ? { ...image, finer: () => decodePhoto(input, width, height, finer) } : image;
}

/** One grey channel from raw pixels of 1–4 channels (grey, grey + alpha, RGB, RGBA): Rec. 601 luma in integer weights (77, 150, 29 / 256). */
function lumaOf(pixels: Uint8Array, channels: number): Uint8Array {
  if (channels === 1) return pixels;
  const n = pixels.length / channels;
  const out = new Uint8Array(n);
  if (channels === 2) {
    for (let i = 0; i < n; i++) out[i] = pixels[2 * i];
    return out;
  }
  for (let i = 0, j = 0; i < n; i++, j += channels) out[i] = (pixels[j] * 77 + pixels[j + 1] * 150 + pixels[j + 2] * 29 + 128) >> 8;
  return out;
}
