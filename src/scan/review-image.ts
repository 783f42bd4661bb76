import sharp from 'sharp';
import type { GrayImage } from './page-reading';

/**
 * A scanned page as a person reviews it (the batch job stores one per page: the review's row crops
 * and a student's sheets): right way up, greyscale JPEG, shrunk by a whole factor to about
 * REVIEW_IMAGE_WIDTH — 100 dpi on A4, where question rows, letters and pencil stay legible, at a
 * tenth of the bytes. Shrinking (box average) and turning are one pass here; sharp only encodes
 * the small image (on its own thread, Huffman tables not optimised). Encoding the scan's full
 * size used to cost more CPU than reading the page (docs/scan-reading.md).
 */
const REVIEW_IMAGE_WIDTH = 850;
const REVIEW_IMAGE_QUALITY = 75;

/**
 * The shrunk pages' buffers, used again once their JPEG is made (sharp reads the buffer on its own
 * thread until then): a page's review image allocates no megabyte of its own, which would count
 * towards V8's next full collection (docs/scan-reading.md "Speed").
 */
const spare: Uint8Array[] = [];

export async function reviewJpeg(image: GrayImage, upsideDown: boolean): Promise<Buffer> {
  const factor = Math.max(1, Math.round(image.width / REVIEW_IMAGE_WIDTH));
  const size = Math.floor(image.width / factor) * Math.floor(image.height / factor);
  const found = spare.findIndex((buffer) => buffer.length === size);
  const small = shrinkPage(image, factor, upsideDown, found >= 0 ? spare.splice(found, 1)[0] : undefined);
  try {
    const raw = sharp(Buffer.from(small.data.buffer, small.data.byteOffset, small.data.byteLength), { raw: { width: small.width, height: small.height, channels: 1 } });
    return await raw.toColourspace('b-w').jpeg({ quality: REVIEW_IMAGE_QUALITY, optimiseCoding: false }).toBuffer();
  } finally {
    // A few are enough (the pages being encoded at once); a page of another size drops the oldest.
    spare.push(small.data);
    if (spare.length > 4) spare.shift();
  }
}

/** Each `factor` × `factor` block averaged into one pixel (edge remainders dropped), turned half round when asked; into `into` when given (its length the result's). */
export function shrinkPage(image: GrayImage, factor: number, turn: boolean, into?: Uint8Array): GrayImage {
  const width = Math.floor(image.width / factor);
  const height = Math.floor(image.height / factor);
  const data = into ?? new Uint8Array(width * height);
  const { width: w, data: src } = image;
  const area = factor * factor;
  for (let y = 0; y < height; y++) {
    const top = y * factor * w;
    let o = turn ? (height - y) * width - 1 : y * width;
    const step = turn ? -1 : 1;
    if (factor === 2) {
      for (let x = 0, i = top; x < width; x++, i += 2, o += step) data[o] = (src[i] + src[i + 1] + src[i + w] + src[i + w + 1] + 2) >> 2;
      continue;
    }
    for (let x = 0; x < width; x++, o += step) {
      let sum = area >> 1;
      for (let dy = 0, row = top + x * factor; dy < factor; dy++, row += w) for (let dx = 0; dx < factor; dx++) sum += src[row + dx];
      data[o] = sum / area;
    }
  }
  return { width, height, data };
}

