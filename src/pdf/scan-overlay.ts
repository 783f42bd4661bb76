import type { Rect } from '../shared/geometry/card-geometry';
import { PAGE_CODE_MODULE_MM, PAGE_CODE_RECT, PAGE_CODE_TEXT_BASELINE, PAGE_CODE_TEXT_RIGHT, PT_PER_MM, SCAN_MARKS } from '../shared/geometry/scan-layout';
import type { OverlayContent } from './overlay-content';
import { qrModules } from './qr-modules';

/**
 * What a scanner needs on a page, drawn in pure black (DeviceGray 0, the colour OverlayContent
 * sets): the four registration marks and the page code (docs/omr-geometry.md "Scan marks",
 * "Page code"). Positions come from src/shared/geometry/scan-layout.ts, the same constants the
 * geometry map records, so the map and the print cannot disagree.
 */

const MODULE_PT = PAGE_CODE_MODULE_MM * PT_PER_MM;
export const PAGE_CODE_TEXT_SIZE = 6;

/** Map rects are top-left, y down; PDF is bottom-left, y up. */
function fillRect(content: OverlayContent, pageHeight: number, r: Rect) {
  content.rect(r.x, pageHeight - r.y - r.h, r.w, r.h);
}

export function drawScanMarks(content: OverlayContent, pageHeight: number): void {
  for (const mark of SCAN_MARKS) fillRect(content, pageHeight, mark.rect);
}

/** The page code symbol, centred in its square; the caller fills the path. */
export function drawPageCode(content: OverlayContent, pageHeight: number, payload: string): void {
  const qr = qrModules(payload);
  const side = qr.size * MODULE_PT;
  if (side > PAGE_CODE_RECT.w) throw new Error(`page code "${payload}" needs ${qr.size} modules, more than its square holds`);
  const x0 = PAGE_CODE_RECT.x + (PAGE_CODE_RECT.w - side) / 2;
  const y0 = PAGE_CODE_RECT.y + (PAGE_CODE_RECT.h - side) / 2;
  content.imageMask(x0, pageHeight - y0 - side, side, side, qr.size, qr.size, qr.dark);
}

/** Where the payload's small print starts so it ends at PAGE_CODE_TEXT_RIGHT, and its baseline (PDF coordinates). */
export function pageCodeTextOrigin(pageHeight: number, textWidth: number): { x: number; y: number } {
  return { x: PAGE_CODE_TEXT_RIGHT - textWidth, y: pageHeight - PAGE_CODE_TEXT_BASELINE };
}
