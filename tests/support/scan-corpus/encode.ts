import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import type { GrayImage } from '../../../src/scan/page-reading';

/** Corpus pages as a scanner writes them: PNG, JPEG at a quality, or a PDF of one JPEG per A4 page. */
const raw = (image: GrayImage) => sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } });

export const toPng = (image: GrayImage): Promise<Buffer> => raw(image).png({ compressionLevel: 1 }).toBuffer();
export const toJpeg = (image: GrayImage, quality: number): Promise<Buffer> => raw(image).jpeg({ quality }).toBuffer();

/** A scanner's PDF: each page one JPEG (quality `quality`, 90 for "lossless-looking") stretched over A4. */
export async function toScanPdf(images: Iterable<GrayImage>, quality: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (const image of images) {
    const jpg = await doc.embedJpg(await toJpeg(image, quality));
    const page = doc.addPage([595.28, 841.89]);
    page.drawImage(jpg, { x: 0, y: 0, width: 595.28, height: 841.89 });
  }
  return doc.save();
}
