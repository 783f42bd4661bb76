import sharp from 'sharp';
import type { Rect } from '../shared/geometry/card-geometry';
import { applyHomography, type Homography } from './homography';
import type { GrayImage } from './page-reading';
import { warpRect } from './warp';

/**
 * Where the card's map lies on a scanned page, for everything cut or drawn after reading — the
 * written answers' crops, the review's crops, the slips' marks (docs/grading.md "Exact
 * placement"): the reading keeps the homography its registration marks gave (`toImage`, map
 * points → the scan's pixels) and the scan's size, so a skewed, shifted or half-turned sheet is
 * placed exactly, not by scaling the map to the image's width. The page image the batch job stores
 * (src/scan/review-image.ts) is the scan shrunk by a whole factor and turned upright; its
 * homography is the reading's composed with that shrink and turn.
 */

/** Row-major 3×3 product a·b. */
function compose(a: Homography, b: Homography): number[] {
  const out: number[] = [];
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) out.push(a[3 * r] * b[c] + a[3 * r + 1] * b[3 + c] + a[3 * r + 2] * b[6 + c]);
  return out;
}

export interface Placement {
  toImage?: readonly number[];
  image?: { width: number; height: number };
  upsideDown: boolean;
}

/**
 * The homography from the map to a stored page image (`stored`: its pixel size), made from the
 * scan by shrinking by a whole factor (`reviewJpeg`: each f × f block one pixel) and turning it
 * upright when it was upside down; null when the reading kept no placement or the image is not
 * such a shrink of that scan.
 */
export function storedToImage(reading: Placement, stored: { width: number; height: number }): Homography | null {
  if (!reading.toImage || !reading.image || stored.width <= 0) return null;
  const f = Math.round(reading.image.width / stored.width);
  if (f < 1 || Math.floor(reading.image.width / f) !== stored.width || Math.floor(reading.image.height / f) !== stored.height) return null;
  // A scan point (x, y) is (x / f, y / f) in the shrunk image; turned half round, (w − x / f, h − y / f).
  const shrink = reading.upsideDown ? [-1 / f, 0, stored.width, 0, -1 / f, stored.height, 0, 0, 1] : [1 / f, 0, 0, 0, 1 / f, 0, 0, 0, 1];
  return compose(shrink, reading.toImage);
}

/** The placement of readings without a homography: the map scaled to the (upright) image's width. */
export const scaledToImage = (pageWidthPt: number, imageWidth: number): Homography => {
  const k = imageWidth / pageWidthPt;
  return [k, 0, 0, 0, k, 0, 0, 0, 1];
};

/** The stored reading JSON's placement (null for a reading that cannot be parsed or kept none). */
export function placementOf(readingJson: string | null | undefined): Placement | null {
  if (!readingJson) return null;
  try {
    const raw = JSON.parse(readingJson) as { toImage?: unknown; image?: { width?: unknown; height?: unknown }; upsideDown?: unknown };
    const toImage = Array.isArray(raw.toImage) && raw.toImage.length === 9 && raw.toImage.every((v) => typeof v === 'number') ? raw.toImage : undefined;
    const image = raw.image && typeof raw.image.width === 'number' && typeof raw.image.height === 'number' ? { width: raw.image.width, height: raw.image.height } : undefined;
    return toImage && image ? { toImage, image, upsideDown: raw.upsideDown === true } : null;
  } catch {
    return null;
  }
}

/** Pixels per point of a homography around the page's middle. */
export function pxPerPtOf(toImage: Homography): number {
  const a = applyHomography(toImage, { x: 250, y: 420 });
  const b = applyHomography(toImage, { x: 350, y: 420 });
  return Math.hypot(b.x - a.x, b.y - a.y) / 100;
}

/**
 * A map rectangle cut from an image and laid upright at `pxPerPt` through `toImage` (bilinear):
 * the crop's pixel (u, v) is the map point (rect.x + (u + ½) / pxPerPt, rect.y + (v + ½) / pxPerPt).
 */
export function cropPlaced(image: GrayImage, toImage: Homography, rect: Rect, pxPerPt: number): GrayImage {
  return warpRect(image, toImage, rect, pxPerPt);
}

/**
 * A map rectangle of a stored page image (JPEG) as greyscale JPEG, placed by the reading's
 * homography when it kept one, else by the map scaled to the image's width (readings stored
 * before placement was kept); at the stored image's own resolution.
 */
export async function cropStoredPage(bytes: Buffer, readingJson: string | null | undefined, rect: Rect, pageWidthPt: number, quality = 85): Promise<Buffer> {
  const { data, info } = await sharp(bytes).greyscale().raw().toBuffer({ resolveWithObject: true });
  const image: GrayImage = { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, info.width * info.height) };
  const placement = placementOf(readingJson);
  const toImage = (placement && storedToImage(placement, info)) ?? scaledToImage(pageWidthPt, info.width);
  const crop = cropPlaced(image, toImage, rect, pxPerPtOf(toImage));
  return sharp(Buffer.from(crop.data.buffer, crop.data.byteOffset, crop.data.byteLength), { raw: { width: crop.width, height: crop.height, channels: 1 } }).jpeg({ quality }).toBuffer();
}
