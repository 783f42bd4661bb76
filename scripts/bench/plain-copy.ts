import { PDFDocument } from 'pdf-lib';

/** The floor a personalised print is compared with: the same copies of the card, nothing drawn. */
export async function plainCopy(card: PDFDocument, copies: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const pages = card.getPageIndices();
  for (const page of await doc.copyPages(card, Array.from({ length: copies }, () => pages).flat())) doc.addPage(page);
  return doc.save();
}
