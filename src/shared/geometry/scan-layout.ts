import type { Rect } from './card-geometry';

/**
 * What every converted page carries for a scanner, at fixed places on A4, in PDF points from the
 * page's top-left corner (docs/omr-geometry.md "Scan marks"):
 * - four solid black registration marks, 5 mm squares 7 mm in from the edges (inside the 6 mm an
 *   office printer may not reach). The bottom-right one sits 8 mm higher than the others, so the
 *   four centres are not symmetric under a half turn: a page scanned upside down is recognised.
 * - the page code, a QR code in an 18 mm square above the bottom-right corner, with its text
 *   beside it for a person.
 * The card's own content never comes near them: the renderer's page padding starts content
 * 14 mm from the top, the bases end far above the bottom marks, and the editor and the PDF
 * conversion refuse content that reaches a reserved zone.
 */
export const PT_PER_MM = 72 / 25.4;
const mm = (value: number) => Math.round(value * PT_PER_MM * 100) / 100;

export const MARK_SIZE_MM = 5;
export type Corner = 'tl' | 'tr' | 'bl' | 'br';

/** Top-left corners of the marks in mm. */
const MARK_ORIGINS_MM: Record<Corner, { x: number; y: number }> = {
  tl: { x: 7, y: 7 },
  tr: { x: 198, y: 7 },
  bl: { x: 7, y: 285 },
  br: { x: 198, y: 277 },
};

export type ScanMark = { corner: Corner; center: { x: number; y: number }; rect: Rect };

export const SCAN_MARKS: readonly ScanMark[] = (Object.keys(MARK_ORIGINS_MM) as Corner[]).map((corner) => {
  const o = MARK_ORIGINS_MM[corner];
  const rect = { x: mm(o.x), y: mm(o.y), w: mm(MARK_SIZE_MM), h: mm(MARK_SIZE_MM) };
  return { corner, rect, center: { x: mm(o.x + MARK_SIZE_MM / 2), y: mm(o.y + MARK_SIZE_MM / 2) } };
});

/** QR modules of 0.6 mm decode at 150 dpi (≥ 3.5 px a module); a version-2 symbol of 25 modules plus its 4-module quiet zones fits 18 mm. */
export const PAGE_CODE_MODULE_MM = 0.6;
export const PAGE_CODE_RECT: Rect = { x: mm(174), y: mm(272), w: mm(18), h: mm(18) };
/** The code's payload in small print, left of the symbol, for a person sorting sheets. */
export const PAGE_CODE_TEXT_RIGHT = mm(172);
export const PAGE_CODE_TEXT_BASELINE = mm(289);

/** Where content must never go: each mark and the page code, with 2 mm of clearance. */
const CLEARANCE = mm(2);
const grow = (r: Rect): Rect => ({ x: r.x - CLEARANCE, y: r.y - CLEARANCE, w: r.w + 2 * CLEARANCE, h: r.h + 2 * CLEARANCE });
export const RESERVED_ZONES: readonly Rect[] = [...SCAN_MARKS.map((m) => grow(m.rect)), grow({ ...PAGE_CODE_RECT, x: mm(120), w: mm(72) })];

export function overlaps(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/** The first reserved zone `rect` reaches, if any. */
export function reservedZoneHit(rect: Rect): Rect | undefined {
  return RESERVED_ZONES.find((zone) => overlaps(rect, zone));
}
