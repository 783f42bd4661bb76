import type { Rect } from '../shared/geometry/card-geometry';
import { PT_PER_MM } from '../shared/geometry/scan-layout';
import { code128Widths, fitBars } from './barcode-bars';
import type { OverlayContent } from './overlay-content';
import { darkRuns, qrModules } from './qr-modules';

/**
 * The header cell's student code (docs/print-composer.md "Header barcode"): a Code 128 of the
 * student number as the school keeps it (NFKC, so full-width digits become the ASCII Code 128
 * encodes), with modules of at least 0.25 mm — the width office printers and 200–300 dpi scanners
 * resolve — and the number in small print under the bars when there is room. A number too long
 * for that module width in the cell becomes a QR code in the same cell instead: never bars too
 * thin to read.
 */
export const MIN_MODULE_PT = 0.25 * PT_PER_MM;
/** Wider modules read better, but a short number drawn at 1 mm a module looks like a fence. */
const MAX_MODULE_PT = 0.4 * PT_PER_MM;
const CAPTION_PT = 6;
const CAPTION_GAP_PT = 1.5;

export const studentCodeText = (studentNumber: string) => studentNumber.normalize('NFKC').trim();

export type HeaderCode =
  | { kind: 'code128'; module: number; caption: { x: number; baseline: number; size: number } | null }
  | { kind: 'qr'; module: number }
  | { kind: 'none' };

/** Draws the code into `content` (the caller fills the path); returns what it drew, for the caption. */
export function drawHeaderCode(content: OverlayContent, pageHeight: number, cell: Rect, studentNumber: string, captionWidth: (size: number) => number): HeaderCode {
  const text = studentCodeText(studentNumber);
  if (text === '') return { kind: 'none' };
  if (/^[\x20-\x7e]+$/.test(text)) {
    const widths = code128Widths(text);
    const symbolModules = widths.reduce((sum, w) => sum + w, 0);
    const room = fitBars(widths, cell).module;
    if (room >= MIN_MODULE_PT) {
      const module = Math.min(room, MAX_MODULE_PT);
      const width = module * (symbolModules + 20);
      const fitsCaption = cell.h >= 30 && captionWidth(CAPTION_PT) <= cell.w * 0.95;
      const barsHeight = fitsCaption ? cell.h * 0.76 - CAPTION_PT - CAPTION_GAP_PT : cell.h * 0.76;
      const area = { x: cell.x + (cell.w - width) / 2, y: cell.y, w: width, h: barsHeight / 0.76 };
      const { bars } = fitBars(widths, area);
      for (const bar of bars) content.rect(bar.x, pageHeight - bar.y - bar.h, bar.w, bar.h);
      const bottom = area.y + area.h * 0.88;
      const caption = fitsCaption
        ? { x: cell.x + (cell.w - captionWidth(CAPTION_PT)) / 2, baseline: pageHeight - (bottom + CAPTION_GAP_PT + CAPTION_PT * 0.8), size: CAPTION_PT }
        : null;
      return { kind: 'code128', module, caption };
    }
  }
  const qr = qrModules(text);
  const side = Math.min(cell.h * 0.9, cell.w * 0.9);
  const module = side / (qr.size + 2);
  const x0 = cell.x + (cell.w - qr.size * module) / 2;
  const y0 = cell.y + (cell.h - qr.size * module) / 2;
  for (const run of darkRuns(qr)) content.rect(x0 + run.x * module, pageHeight - (y0 + run.y * module) - module, run.length * module, module);
  return { kind: 'qr', module };
}
