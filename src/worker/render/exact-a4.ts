import { PDFDocument } from 'pdf-lib';
import { A4_PT } from '../../shared/geometry/card-geometry';

/**
 * Chromium sizes a printed A4 sheet in whole device units: 594.96 × 841.92 pt, not A4's
 * 595.28 × 841.89. The geometry contract and the print overlays assume true A4, so each page's
 * MediaBox is set to exactly A4 while keeping its top-left corner where Chromium drew it: content
 * does not move (the map's origin is that corner), the sheet only grows 0.32 pt on the right
 * and loses 0.03 pt of blank at the bottom. Also checks that each section printed on one sheet.
 */
export async function toExactA4(pdf: Uint8Array, expectedPages: number): Promise<Buffer> {
  // pdf-lib yields to the event loop every few objects by default, which makes a 4-page card
  // (thousands of small font objects) take 100–400 ms instead of ~20 ms.
  const doc = await PDFDocument.load(pdf, { updateMetadata: false, parseSpeed: Infinity });
  // The map numbers pages by section; a section that spilled onto a second sheet would shift
  // every later page under its map.
  if (doc.getPageCount() !== expectedPages) {
    throw new Error(`the card has ${expectedPages} pages but printed on ${doc.getPageCount()} sheets`);
  }
  for (const page of doc.getPages()) {
    const box = page.getMediaBox();
    const top = box.y + box.height;
    page.setMediaBox(box.x, top - A4_PT.h, A4_PT.w, A4_PT.h);
  }
  return Buffer.from(await doc.save({ updateFieldAppearances: false, objectsPerTick: Infinity }));
}
