import type { Bubble, CardGeometryV2, DigitBubble, QuestionGroup, QuestionKind } from '../../../src/shared/geometry/card-geometry';
import { layoutId } from '../../../src/shared/geometry/page-code';
import { PAGE_CODE_MODULE_MM, PAGE_CODE_RECT, PT_PER_MM, SCAN_MARKS } from '../../../src/shared/geometry/scan-layout';

/**
 * The map of a two-page card like the reference card, laid out the way the renderer lays
 * cards out (bubbles 16 × 12 CSS px = 12 × 9 pt, the one size of .acs-bubble): page 1 a header
 * (name, number, seat, class, barcode cells; grade/class/seat digit grids) and 40 single-choice
 * rows A–D; page 2 10 multi-choice rows A–E, 6 numeric rows 0–9 and 4 true/false rows.
 * Until class prints carry the marks, the corpus paints this map itself (render-sheet.ts).
 */
export const BUBBLE = { w: 12, h: 9 };
const PITCH = 16;
const ROW = 19;

type Row = { q: number; kind: QuestionKind; values: string[] };

function rows(): { page: number; column: number; row: Row }[] {
  const out: { page: number; column: number; row: Row }[] = [];
  for (let i = 0; i < 40; i++) out.push({ page: 1, column: i < 20 ? 0 : 1, row: { q: i + 1, kind: 'single', values: ['A', 'B', 'C', 'D'] } });
  for (let i = 0; i < 10; i++) out.push({ page: 2, column: 0, row: { q: 41 + i, kind: 'multi', values: ['A', 'B', 'C', 'D', 'E'] } });
  for (let i = 0; i < 6; i++) out.push({ page: 2, column: 1, row: { q: 51 + i, kind: 'numeric', values: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] } });
  for (let i = 0; i < 4; i++) out.push({ page: 2, column: 1, row: { q: 57 + i, kind: 'truefalse', values: ['O', 'X'] } });
  return out;
}

function digitGrid(x: number, y: number, columns: number): DigitBubble[] {
  const out: DigitBubble[] = [];
  for (let column = 0; column < columns; column++) {
    for (let digit = 0; digit <= 9; digit++) out.push({ column, digit, rect: { x: x + column * PITCH, y: y + digit * 13, w: BUBBLE.w, h: BUBBLE.h } });
  }
  return out;
}

export function scanCardMap(): CardGeometryV2 {
  const bubbles: Bubble[] = [];
  const groups: QuestionGroup[] = [];
  const rowIndex = new Map<string, number>();
  for (const { page, column, row } of rows()) {
    const key = `${page}:${column}`;
    const index = rowIndex.get(key) ?? 0;
    rowIndex.set(key, index + 1);
    const top = (page === 1 ? 300 : 70) + index * ROW;
    const left = 45 + column * 260;
    const width = 44 + row.values.length * PITCH;
    groups.push({ page, q: row.q, showno: String(row.q), kind: row.kind, rect: { x: left, y: top, w: width, h: 15 } });
    row.values.forEach((value, i) => bubbles.push({ page, q: row.q, value, showno: String(row.q), rect: { x: left + 40 + i * PITCH, y: top + 3, w: BUBBLE.w, h: BUBBLE.h } }));
  }
  return {
    version: 2,
    page: { w: 595.28, h: 841.89 },
    pages: 2,
    bubbles,
    groups,
    header: {
      name: { x: 80, y: 52, w: 150, h: 18 },
      number: { x: 280, y: 52, w: 100, h: 18 },
      seat: { x: 430, y: 52, w: 60, h: 18 },
      className: { x: 80, y: 80, w: 120, h: 18 },
      barcode: { x: 300, y: 78, w: 240, h: 42 },
      gradeBubbles: digitGrid(60, 140, 1),
      classBubbles: digitGrid(110, 140, 2),
      seatBubbles: digitGrid(180, 140, 2),
    },
    layout: layoutId(bubbles),
    marks: SCAN_MARKS.map((m) => ({ corner: m.corner, center: { ...m.center }, rect: { ...m.rect } })),
    pageCode: { rect: { ...PAGE_CODE_RECT }, module: Math.round(PAGE_CODE_MODULE_MM * PT_PER_MM * 100) / 100 },
  };
}
