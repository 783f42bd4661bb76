import type { PDFFont } from 'pdf-lib';
import type { DigitBubble, HeaderFields, Rect } from '../../shared/geometry/card-geometry';
import { barcodeText, code128Widths, fitBars } from './barcode-bars';
import type { TPrintStudent } from './compose-class-pdf.types';
import { bubblesToFill } from './digit-marks';
import { fitText } from './fit-text';
import { OverlayContent } from './overlay-content';

/**
 * All marks are black (DeviceGray 0), not the card's ink colour: OMR scanners look through red
 * or infrared light, under which the red "drop-out" outlines of a card vanish and only carbon
 * black reads as a mark, exactly like the pencil mark the pre-fill stands in for.
 */

/** The fill keeps this share of the bubble's radius, clear of its printed outline. */
export const FILL_SHARE = 0.72;

export type OverlayTarget = { pageHeight: number; font: PDFFont; fontKey: string };

/**
 * One student's data for page 1 of their copy, as a content stream. The map is in points from
 * the page's top-left, y down; PDF draws from the bottom-left, so every y becomes
 * pageHeight − y − h. A field the card does not map is skipped: the card has no place for it.
 */
export function studentOverlay(target: OverlayTarget, header: HeaderFields, cardId: string, student: TPrintStudent): Uint8Array {
  const { pageHeight, font, fontKey } = target;
  const content = new OverlayContent();

  const text = (value: string, cell: Rect | undefined) => {
    if (!cell || value.trim() === '') return;
    const fitted = fitText(font.widthOfTextAtSize(value, 1), cell);
    if (fitted) content.text(fontKey, fitted.size, fitted.x, pageHeight - fitted.baseline, font.encodeText(value).toString());
  };
  text(student.name, header.name);
  text(student.number, header.number);
  text(student.seat === undefined ? '' : String(student.seat), header.seat);
  text(student.grade === undefined ? '' : String(student.grade), header.grade);
  text(student.className ?? '', header.className);

  const marks: DigitBubble[] = [
    ...bubblesToFill(student.grade, header.gradeBubbles),
    ...bubblesToFill(student.class, header.classBubbles),
    ...bubblesToFill(student.seat, header.seatBubbles),
  ];
  for (const { rect } of marks) {
    content.ellipse(rect.x + rect.w / 2, pageHeight - rect.y - rect.h / 2, (rect.w / 2) * FILL_SHARE, (rect.h / 2) * FILL_SHARE);
  }
  if (header.barcode) {
    const { bars } = fitBars(code128Widths(barcodeText(cardId, student.number)), header.barcode);
    for (const bar of bars) content.rect(bar.x, pageHeight - bar.y - bar.h, bar.w, bar.h);
  }
  content.fillPath();
  return content.toDeflated();
}
