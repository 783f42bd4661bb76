import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import type { GrayImage } from '../../../src/scan/page-reading';

/** Corpus pages as a scanner writes them: PNG, JPEG at a quality, or a PDF of one JPEG per A4 page. */
const raw = (image: GrayImage) => sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } });

// Greyscale JPEG, as a scanner set to grey writes it (one component, not three).
export const toJpeg = (image: GrayImage, quality: number): Promise<Buffer> => raw(image).toColourspace('b-w').jpeg({ quality }).toBuffer();

/** A scanner's PDF, as multifunction printers write them: each page one JPEG (toJpeg) scanned at `dpi`, the page its size. */
export async function toScanPdf(jpegs: Iterable<Uint8Array>, dpi: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (const bytes of jpegs) {
    const jpg = await doc.embedJpg(bytes);
    const [width, height] = [(jpg.width * 72) / dpi, (jpg.height * 72) / dpi];
    const page = doc.addPage([width, height]);
    page.drawImage(jpg, { x: 0, y: 0, width, height });
  }
  return doc.save();
}
