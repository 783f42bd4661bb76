import QRCode from 'qrcode';
import type { CardGeometryV2 } from '../../../src/shared/geometry/card-geometry';
import { code128Widths, fitBars } from '../../../src/pdf/barcode-bars';
import { RasterCanvas } from './raster-canvas';

/**
 * A printed page of `map` as a 300/200 dpi scanner would see it before any pencil: registration
 * marks and the QR page code in black, bubble outlines and their letters in the magenta the
 * renderer uses (grey ~95 once scanned in greyscale), group outlines blue (~85), question labels
 * black, and on page 1 the header barcode of the student's number.
 */
export const MAGENTA_GREY = 95;
/** The renderer's mark colour as a colour scan sees it (its grey is MAGENTA_GREY). */
export const MAGENTA: readonly [number, number, number] = [215, 30, 135];
const BLUE_GREY = 85;

export type SheetContent = { page: number; code: string; barcode?: string };

export function renderSheet(map: CardGeometryV2, sheet: SheetContent, dpi: number, colour = false): RasterCanvas {
  const canvas = new RasterCanvas(dpi, map.page.w, map.page.h);
  if (colour) canvas.withColour();
  for (const mark of map.marks) canvas.fillRect(mark.rect, 0);
  const qr = QRCode.create(sheet.code, { errorCorrectionLevel: 'M' });
  const module = map.pageCode.module;
  const size = qr.modules.size;
  const x0 = map.pageCode.rect.x + (map.pageCode.rect.w - size * module) / 2;
  const y0 = map.pageCode.rect.y + (map.pageCode.rect.h - size * module) / 2;
  for (let r = 0; r < size; r++) for (let c = 0; c < size; c++) if (qr.modules.get(r, c)) canvas.fillRect({ x: x0 + c * module, y: y0 + r * module, w: module, h: module }, 0);
  for (const group of map.groups.filter((g) => g.page === sheet.page)) {
    canvas.strokeRect(group.rect, 0.75, BLUE_GREY);
    // 第N題: a few glyph-sized blocks of black text.
    for (let i = 0; i < 3; i++) canvas.fillRect({ x: group.rect.x + 4 + i * 10, y: group.rect.y + 4, w: 7, h: 7 }, 30);
  }
  const header = sheet.page === 1 ? map.header : null;
  const digitBubbles = header ? [...header.gradeBubbles, ...header.classBubbles, ...header.seatBubbles] : [];
  for (const rect of [...map.bubbles.filter((b) => b.page === sheet.page).map((b) => b.rect), ...digitBubbles.map((b) => b.rect)]) {
    canvas.strokePill(rect, 0.75, MAGENTA_GREY, MAGENTA);
    // The option's letter, 9 px type: a small outlined box of magenta strokes.
    canvas.strokeRect({ x: rect.x + rect.w / 2 - 1.6, y: rect.y + rect.h / 2 - 2.3, w: 3.2, h: 4.6 }, 0.6, MAGENTA_GREY, MAGENTA);
  }
  if (header) {
    for (const cell of [header.name, header.number, header.seat, header.className]) if (cell) canvas.strokeRect(cell, 0.5, 70);
    if (header.barcode && sheet.barcode) for (const bar of fitBars(code128Widths(sheet.barcode), header.barcode).bars) canvas.fillRect(bar, 0);
  }
  return canvas;
}
