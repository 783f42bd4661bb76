import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { CardGeometryV2 } from '../shared/geometry/card-geometry';
import { formatPageCode } from '../shared/geometry/page-code';
import { attachOverlay, OVERLAY_FONT_KEY } from './page-overlay';
import { pageOverlay } from './student-overlay';

/**
 * The two files a conversion stores beside its map (docs/pdf-rendering.md "Stored files"):
 * - `base`: every page with the registration marks and nothing else added — what class prints
 *   and blank copies are composed from, each copy then getting its own page code;
 * - `card`: the base with each page's code naming card, layout and page (no student, no copy) —
 *   what the preview shows and downloads.
 * Both are drawn with pdf-lib over Chromium's pages, from the same constants the map records.
 */
export async function scanReadyPdfs(rendered: Uint8Array, geometry: CardGeometryV2, documentId: number | undefined): Promise<{ base: Uint8Array; card: Uint8Array }> {
  const doc = await PDFDocument.load(rendered, { updateMetadata: false });
  // The page code's small print is ASCII: the standard Helvetica needs no embedding.
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const target = (height: number) => ({ pageHeight: height, font, fontKey: OVERLAY_FONT_KEY });
  for (const page of doc.getPages()) attachOverlay(page, font.ref, pageOverlay(target(page.getHeight()), { marks: true }));
  const base = await doc.save({ useObjectStreams: true });
  if (documentId === undefined) return { base, card: base };
  for (const [index, page] of doc.getPages().entries()) {
    const pageCode = formatPageCode({ document: documentId, layout: geometry.layout, page: index + 1 });
    attachOverlay(page, font.ref, pageOverlay(target(page.getHeight()), { pageCode }));
  }
  return { base, card: await doc.save({ useObjectStreams: true }) };
}
