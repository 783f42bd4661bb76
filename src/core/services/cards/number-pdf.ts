import { rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { CardGeometry, Rect } from '../../../shared/geometry/card-geometry';
import { TEXT_FIELDS } from '../../../shared/geometry/markup-attributes';
import type { Locale } from '../../../shared/limits';
import { translate } from '../../../shared/i18n/translate';
import type { Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import type { DocumentKind } from '../../../data/db/tables/documents.table';
import { convertedGeometry, convertedPdf, pdfName } from './converted-pdf';
import { fromTop, stampPages } from './pdf-stamp';

// `get NumberPDF` (back-office.md §7), the 題號檢查 PDF: the converted card with its stored
// geometry map drawn on top, so staff can see that what the reader will look for is where the
// card prints it. Every bubble is outlined in red and labelled `<question>:<value>` on white,
// every question outlined in blue with its number at the row's right end, every score field in
// blue with its bubbles in red labelled with their points, every header field in green.
// Meaning: docs/cards.md.

const RED = rgb(0.86, 0.08, 0.08);
const BLUE = rgb(0.1, 0.3, 0.85);
const GREEN = rgb(0.05, 0.55, 0.2);
const WHITE = rgb(1, 1, 1);

function outline(page: PDFPage, rect: Rect, color: typeof RED, width = 0.6): void {
  page.drawRectangle({ ...fromTop(page, rect), borderColor: color, borderWidth: width });
}

/**
 * A label centred in a rect, as large as fits (at most 5 pt), on white: it covers the printed
 * letter, whose place the outline still shows, so the label stays legible in a small bubble.
 */
function labelInside(page: PDFPage, font: PDFFont, rect: Rect, text: string, color: typeof RED): void {
  const box = fromTop(page, rect);
  const size = Math.max(2, Math.min(5, box.height * 0.7, (box.width * 0.9 * 5) / Math.max(1, font.widthOfTextAtSize(text, 5))));
  const width = font.widthOfTextAtSize(text, size);
  page.drawRectangle({ x: box.x + 0.4, y: box.y + 0.4, width: box.width - 0.8, height: box.height - 0.8, color: WHITE, opacity: 0.9 });
  page.drawText(text, { x: box.x + (box.width - width) / 2, y: box.y + (box.height - size * 0.75) / 2, size, font, color });
}

/** A label inside a rect's right end, vertically centred: a question's number beside its bubbles. */
function labelAtEnd(page: PDFPage, font: PDFFont, rect: Rect, text: string, color: typeof RED): void {
  const box = fromTop(page, rect);
  const size = Math.min(6, box.height * 0.6);
  const width = font.widthOfTextAtSize(text, size);
  page.drawText(text, { x: box.x + box.width - width - 2, y: box.y + (box.height - size * 0.75) / 2, size, font, color });
}

/** A label just above a rect's top-left corner. */
function labelAbove(page: PDFPage, font: PDFFont, rect: Rect, text: string, color: typeof RED): void {
  const box = fromTop(page, rect);
  page.drawText(text, { x: box.x, y: box.y + box.height + 1, size: 5, font, color });
}

/** A label just left of a rect, vertically centred: a score field's question and max, clear of the row's lines. */
function labelBefore(page: PDFPage, font: PDFFont, rect: Rect, text: string, color: typeof RED): void {
  const box = fromTop(page, rect);
  const width = font.widthOfTextAtSize(text, 5);
  page.drawText(text, { x: box.x - width - 2, y: box.y + (box.height - 5 * 0.75) / 2, size: 5, font, color });
}

/** Draws the map of one page (1-based) over it. */
export function drawGeometry(page: PDFPage, font: PDFFont, geometry: CardGeometry, pageNo: number): void {
  for (const group of geometry.groups.filter((g) => g.page === pageNo)) {
    outline(page, group.rect, BLUE, 0.4);
    labelAtEnd(page, font, group.rect, `Q${group.q}${group.showno && group.showno !== String(group.q) ? ` (${group.showno})` : ''}`, BLUE);
  }
  for (const bubble of geometry.bubbles.filter((b) => b.page === pageNo)) {
    outline(page, bubble.rect, RED);
    labelInside(page, font, bubble.rect, `${bubble.q}:${bubble.value}`, RED);
  }
  // 閱卷給分格: the field in blue with its question and max, each bubble in red with the points it adds.
  for (const field of (geometry.scoreFields ?? []).filter((f) => f.page === pageNo)) {
    outline(page, field.rect, BLUE, 0.4);
    labelBefore(page, font, field.rect, `S${field.q}${field.showno !== String(field.q) ? ` (${field.showno})` : ''} max ${field.max}`, BLUE);
    for (const bubble of field.bubbles) {
      outline(page, bubble.rect, RED);
      labelInside(page, font, bubble.rect, String(bubble.points), RED);
    }
  }
  const header = geometry.header;
  if (pageNo !== 1 || !header) return;
  for (const field of TEXT_FIELDS) {
    const rect = header[field];
    if (rect) {
      outline(page, rect, GREEN);
      labelAbove(page, font, rect, field, GREEN);
    }
  }
  const digits = [...header.gradeBubbles, ...header.classBubbles, ...header.seatBubbles];
  for (const digit of digits) {
    outline(page, digit.rect, GREEN);
    labelInside(page, font, digit.rect, String(digit.digit), GREEN);
  }
}

/** The numbered PDF of a readable, converted card (`kind` undefined) or template. */
export async function numberPdf(deps: Deps, actor: Actor, locale: Locale, kind: DocumentKind | undefined, guid: string) {
  const { doc, pdf } = await convertedPdf(deps, actor, guid, kind);
  const geometry = await convertedGeometry(deps, doc);
  const body = await stampPages(pdf, (page, font, index) => drawGeometry(page, font, geometry, index + 1));
  return { body: Buffer.from(body), contentType: 'application/pdf', filename: pdfName(doc, `-${translate(locale, 'viewer.numberSuffix')}`) };
}
