import { PDFArray, PDFDict, PDFName, PDFRawStream, type PDFPage, type PDFRef } from 'pdf-lib';

/**
 * Puts a student's overlay stream on their copy of a page.
 *
 * pdf-lib's copyPages hands every copy of a page the same Resources dictionary. Registering the
 * overlay's font there would reach every other copy, and the file grows with the square of the
 * class size (400 copies: 4.9 MB instead of 1.2 MB, 25 % slower). A shallow copy per page keeps
 * the card's own fonts and images shared by reference while the overlay gets a dictionary of its
 * own; it must happen before pdf-lib normalises the page, which fills whatever Resources it finds.
 */
const RESOURCES = PDFName.of('Resources');
const FONT = PDFName.of('Font');
const SUBDICTIONARIES = ['Font', 'XObject', 'ExtGState'].map((name) => PDFName.of(name));
/** Distinct from Chromium's /F1… names, so it never shadows one of the card's own fonts. */
export const OVERLAY_FONT_KEY = 'AcsStudent';

function giveOwnResources(page: PDFPage): PDFDict {
  const { context } = page.doc;
  const shared = page.node.Resources();
  const own = shared ? shared.clone(context) : context.obj({});
  for (const key of SUBDICTIONARIES) {
    const sub = own.lookupMaybe(key, PDFDict);
    if (sub) own.set(key, sub.clone(context));
  }
  page.node.set(RESOURCES, own);
  return own;
}

/**
 * A page whose Contents is already an array (a base that had marks drawn on it) shares that array
 * with every copy copyPages made of it: pushing an overlay into it would put every student's
 * overlay on every copy. Each page gets an array of its own, holding the same streams.
 */
function giveOwnContents(page: PDFPage): void {
  const contents = page.node.lookup(PDFName.of('Contents'));
  if (contents instanceof PDFArray) page.node.set(PDFName.of('Contents'), page.doc.context.obj(contents.asArray()));
}

/** `deflated` is a content stream drawn with the font under OVERLAY_FONT_KEY. */
export function attachOverlay(page: PDFPage, fontRef: PDFRef, deflated: Uint8Array): void {
  const { context } = page.doc;
  giveOwnContents(page);
  const resources = giveOwnResources(page);
  const fonts = resources.lookupMaybe(FONT, PDFDict) ?? context.obj({});
  fonts.set(PDFName.of(OVERLAY_FONT_KEY), fontRef);
  resources.set(FONT, fonts);
  // Wraps the card's own content in q … Q, so a transformation Chromium leaves set cannot move
  // the overlay drawn after it.
  page.node.normalize();
  const stream = PDFRawStream.of(context.obj({ Filter: 'FlateDecode' }), deflated);
  page.node.addContentStream(context.register(stream));
}
