import type { PDFFont } from 'pdf-lib';
import type { DigitBubble, HeaderFields, Rect } from '../shared/geometry/card-geometry';
import { PT_PER_MM } from '../shared/geometry/scan-layout';
import type { TPrintInfo, TPrintStudent } from './class-print-input';
import { bubblesToFill } from './digit-marks';
import { fitText } from './fit-text';
import { drawHeaderCode } from './header-code';
import { OverlayContent } from './overlay-content';
import { drawPageCode, drawScanMarks, PAGE_CODE_TEXT_SIZE, pageCodeTextOrigin } from './scan-overlay';

/**
 * All marks are black (DeviceGray 0), not the card's ink colour: OMR scanners look through red
 * or infrared light, under which the red "drop-out" outlines of a card vanish and only carbon
 * black reads as a mark, exactly like the pencil mark the pre-fill stands in for.
 */

/** The fill keeps this share of the bubble's radius, clear of its printed outline. */
export const FILL_SHARE = 0.72;

export type OverlayTarget = { pageHeight: number; pageWidth?: number; font: PDFFont; fontKey: string };

const A4_WIDTH = 595.28;
/**
 * The version label (「A 卷」): 22 pt, centred in the strip above the card's content (which starts
 * 14 mm from the top) between the top marks (at the corners): baseline 12.5 mm from the top, so
 * the glyphs span about 5.7–13.4 mm, inside what an office printer reaches.
 */
export const VERSION_LABEL_SIZE = 22;
const VERSION_LABEL_BASELINE_MM = 12.5;
export function versionLabelOrigin(pageWidth: number, pageHeight: number, textWidth: number): { x: number; y: number } {
  return { x: (pageWidth - textWidth) / 2, y: pageHeight - VERSION_LABEL_BASELINE_MM * PT_PER_MM };
}

/** What one page of one copy gets: page 1 the student's data, every page its page code. */
export type PageOverlay = {
  header?: HeaderFields;
  student?: TPrintStudent;
  info?: TPrintInfo;
  /** The page code payload (src/shared/geometry/page-code.ts), absent for maps of version 1. */
  pageCode?: string;
  /** A print in versions: 「A 卷」, large at the top centre of every page, clear of the marks and the card. */
  versionLabel?: string;
  /** Draw the registration marks too (blank copies of a base without them never need it; tests do). */
  marks?: boolean;
};

/**
 * One page's overlay as a content stream. The map is in points from the page's top-left, y down;
 * PDF draws from the bottom-left, so every y becomes pageHeight − y − h. A field the card does not
 * map is skipped: the card has no place for it.
 */
export function pageOverlay(target: OverlayTarget, page: PageOverlay): Uint8Array {
  const { pageHeight, font, fontKey } = target;
  const content = new OverlayContent();
  const text = (value: string, cell: Rect | undefined) => {
    if (!cell || value.trim() === '') return;
    const fitted = fitText(font.widthOfTextAtSize(value, 1), cell);
    if (fitted) content.text(fontKey, fitted.size, fitted.x, pageHeight - fitted.baseline, font.encodeText(value).toString());
  };
  const { header, student, info } = page;
  if (header && info) {
    text(info.department, header.department);
    text(info.subject, header.subject);
  }
  if (header && student) {
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
      const number = student.number.normalize('NFKC').trim();
      const drawn = drawHeaderCode(content, pageHeight, header.barcode, student.number, (size) => font.widthOfTextAtSize(number, size));
      if (drawn.kind === 'code128' && drawn.caption) content.text(fontKey, drawn.caption.size, drawn.caption.x, drawn.caption.baseline, font.encodeText(number).toString());
    }
  }
  if (page.versionLabel) {
    const at = versionLabelOrigin(target.pageWidth ?? A4_WIDTH, pageHeight, font.widthOfTextAtSize(page.versionLabel, VERSION_LABEL_SIZE));
    content.text(fontKey, VERSION_LABEL_SIZE, at.x, at.y, font.encodeText(page.versionLabel).toString());
  }
  if (page.marks) drawScanMarks(content, pageHeight);
  if (page.pageCode) {
    drawPageCode(content, pageHeight, page.pageCode);
    const origin = pageCodeTextOrigin(pageHeight, font.widthOfTextAtSize(page.pageCode, PAGE_CODE_TEXT_SIZE));
    content.text(fontKey, PAGE_CODE_TEXT_SIZE, origin.x, origin.y, font.encodeText(page.pageCode).toString());
  }
  content.fillPath();
  return content.toDeflated();
}
