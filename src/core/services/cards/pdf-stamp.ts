import { PDFContentStream, PDFDocument, popGraphicsState, pushGraphicsState, type PDFFont, type PDFPage } from 'pdf-lib';
import { embedCjkFont } from '../../../pdf/cjk-font';

// Drawing over every page of a converted card (the preview's watermark, the numbered PDF), with
// the class print's CJK font (src/pdf/cjk-font.ts): one way to write Chinese into a PDF.

export type StampPage = (page: PDFPage, font: PDFFont, index: number) => void;

/**
 * Chromium leaves its own transformations in a page's content; wrapping that content in q … Q
 * first means what is drawn after it lands where its coordinates say.
 */
function isolateOwnContent(page: PDFPage): void {
  const { context } = page.doc;
  page.node.normalize();
  const start = context.register(PDFContentStream.of(context.obj({}), [pushGraphicsState()]));
  const end = context.register(PDFContentStream.of(context.obj({}), [popGraphicsState()]));
  page.node.wrapContentStreams(start, end);
}

/** The card's PDF with `draw` applied to every page; the font is embedded as a subset once. */
export async function stampPages(pdf: Uint8Array, draw: StampPage): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const font = await embedCjkFont(doc);
  doc.getPages().forEach((page, index) => {
    isolateOwnContent(page);
    draw(page, font, index);
  });
  return doc.save({ useObjectStreams: true });
}

/** Where a rect measured from the page's top-left corner (docs/omr-geometry.md) sits in PDF space. */
export function fromTop(page: PDFPage, rect: { x: number; y: number; w: number; h: number }) {
  return { x: rect.x, y: page.getHeight() - rect.y - rect.h, width: rect.w, height: rect.h };
}
