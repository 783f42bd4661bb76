import type { Rect } from '../shared/geometry/card-geometry';

/**
 * Where and how large a line of text goes so it sits centred inside a header cell and never
 * crosses its border, whatever the length of the name.
 */

/**
 * Noto Sans CJK's ideographic em box runs from 0.88 em above the baseline to 0.12 em below.
 * Centring that box (not the font's much taller line gap metrics) puts 王 and 7 visually mid-cell.
 */
const EM_TOP = 0.88;
const EM_BOTTOM = 0.12;
/** Text fills at most this share of the cell's height: a name at full height touches the rules. */
const HEIGHT_SHARE = 0.68;
/** Clear space kept between the text and each side of the cell, as a share of the cell height. */
const SIDE_PADDING = 0.15;
/** Body-text size at most: a tall cell (a two-line class cell) should not get a 27 pt name. */
const MAX_SIZE = 16;

export type FittedText = { size: number; x: number; baseline: number };

/**
 * `widthAt1` is the text's advance width at 1 pt (font.widthOfTextAtSize(text, 1)).
 * Returns the font size and the start of the baseline, top-left origin like the map.
 */
export function fitText(widthAt1: number, cell: Rect): FittedText | null {
  const padding = cell.h * SIDE_PADDING;
  const room = cell.w - 2 * padding;
  if (widthAt1 <= 0 || room <= 0) return null;
  const size = Math.min(cell.h * HEIGHT_SHARE, MAX_SIZE, room / widthAt1);
  const x = cell.x + (cell.w - widthAt1 * size) / 2;
  const baseline = cell.y + cell.h / 2 + ((EM_TOP - EM_BOTTOM) / 2) * size;
  return { size, x, baseline };
}
