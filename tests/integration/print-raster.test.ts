import { beforeAll, describe, expect, it } from 'vitest';
import type { Rect } from '../../src/shared/geometry/card-geometry';
import { TEXT_FIELDS } from '../../src/shared/geometry/markup-attributes';
import { code128Widths } from '../../src/pdf/barcode-bars';
import { studentCodeText } from '../../src/pdf/header-code';
import { composeClassPdf } from '../../src/pdf/compose-class-pdf';
import type { TPrintStudent } from '../../src/pdf/class-print-input';
import { bubblesToFill } from '../../src/pdf/digit-marks';
import { renderPrintCard, type PrintCardFixture } from '../support/print-card';
import { rasterPage, type GrayRaster } from '../support/poppler';
import { addedInk, centroid, DARK, ink, runs, toPixels } from '../support/raster-regions';

// The printed page as a scanner will see it: pdftoppm at 300 dpi, gray, no installed fonts.
const DPI = 300;
const MAX_DEVIATION_PX = 0.25 / 25.4 * DPI; // 0.25 mm ≈ 2.95 px
const student: TPrintStudent = { name: '歐陽娜娜', number: '1120735', seat: 35, grade: 2, class: 7, className: '二年七班' };

let card: PrintCardFixture;
let blank: GrayRaster;
let printed: GrayRaster;

beforeAll(async () => {
  card = await renderPrintCard(1);
  const pdf = await composeClassPdf({ card: card.pdf, header: card.header, students: [student] });
  blank = await rasterPage(card.pdf, 1, DPI);
  printed = await rasterPage(pdf, 1, DPI);
});

const filled = () => [
  ...bubblesToFill(student.grade, card.header.gradeBubbles),
  ...bubblesToFill(student.class, card.header.classBubbles),
  ...bubblesToFill(student.seat, card.header.seatBubbles),
];

describe('a printed page at 300 dpi', () => {
  it('renders with no poppler complaint the blank card does not already cause', () => {
    // Chromium's Type 3 glyphs draw a "Bad bounding box" warning of their own; nothing more.
    expect(printed.stderr.split('\n').filter((line) => !blank.stderr.includes(line))).toEqual([]);
  });

  it('fills exactly the mapped grade, class and seat bubbles, centred in their outlines', () => {
    expect(filled().map(({ column, digit }) => `${column}:${digit}`)).toEqual(['0:2', '0:0', '1:7', '0:3', '1:5']);
    const deviations = filled().map(({ rect }) => {
      const centre = { x: ((rect.x + rect.w / 2) * DPI) / 72, y: ((rect.y + rect.h / 2) * DPI) / 72 };
      expect(printed.at(Math.round(centre.x), Math.round(centre.y))).toBeLessThan(DARK);
      // The outline's centre from its printed ring (digit labels sit outside the ring), the
      // fill's from the ink the print added; both within the bubble grown by 1.5 pt.
      const outline = centroid(ink(blank, rect, 1.5));
      const fill = addedInk(printed, blank, rect, 1.5);
      expect(fill.length).toBeGreaterThan(100);
      const fillCentre = centroid(fill);
      const innerRadius = ((rect.w / 2 - 0.75) * DPI) / 72; // border box minus the 1 px border
      for (const pixel of fill) expect(Math.hypot(pixel.x - outline.x, pixel.y - outline.y)).toBeLessThan(innerRadius);
      return Math.hypot(fillCentre.x - outline.x, fillCentre.y - outline.y);
    });
    console.log(`[print] raster: fill centroid vs outline centre, max ${Math.max(...deviations).toFixed(2)} px (limit ${MAX_DEVIATION_PX.toFixed(2)} px)`);
    for (const deviation of deviations) expect(deviation).toBeLessThanOrEqual(MAX_DEVIATION_PX);
  });

  it('leaves every other digit bubble blank', () => {
    const chosen = new Set(filled());
    const others = [...card.header.gradeBubbles, ...card.header.classBubbles, ...card.header.seatBubbles].filter((bubble) => !chosen.has(bubble));
    expect(others.length).toBe(45);
    for (const { rect } of others) expect(addedInk(printed, blank, rect, 1)).toHaveLength(0);
  });

  it('draws the name inside its cell and nothing anywhere the map does not say', () => {
    const { name } = card.header;
    const allowed: Rect[] = [...TEXT_FIELDS.map((f) => card.header[f]), ...filled().map((bubble) => bubble.rect)].filter((rect): rect is Rect => !!rect);
    expect(addedInk(printed, blank, name!).length).toBeGreaterThan(300);
    const page = { x: 0, y: 0, w: (printed.width * 72) / DPI, h: (printed.height * 72) / DPI };
    const inside = (x: number, y: number) => allowed.some((rect) => {
      const box = toPixels(rect, DPI);
      return x >= box.x0 && x < box.x1 && y >= box.y0 && y < box.y1;
    });
    const stray = addedInk(printed, blank, page).filter(({ x, y }) => !inside(x, y));
    expect(stray).toHaveLength(0);
  });

  it('draws the bars of the Code 128 encoding, to scale, inside the barcode cell', () => {
    const rect = card.header.barcode!;
    const box = toPixels(rect, DPI);
    const widths = code128Widths(studentCodeText(student.number));
    // 6 px in from each side: the cell's border (1 CSS px ≈ 3 px at 300 dpi) is ink of its own.
    const line = runs(printed, Math.round((box.y0 + box.y1) / 2), box.x0 + 6, box.x1 - 6);
    // Light quiet zones first and last, then alternating bars and spaces exactly as encoded.
    expect(line[0][0]).toBe(false);
    expect(line.at(-1)?.[0]).toBe(false);
    const symbol = line.slice(1, -1);
    expect(symbol.length).toBe(widths.length);
    const modulePx = symbol.reduce((sum, [, length]) => sum + length, 0) / widths.reduce((sum, width) => sum + width, 0);
    expect(modulePx).toBeGreaterThan(2.5);
    expect(symbol.map(([, length]) => Math.round(length / modulePx))).toEqual(widths);
  });
});
