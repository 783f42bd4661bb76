import type { DigitBubble } from '../shared/geometry/card-geometry';

/**
 * The header bubbles to fill so a scanner reads `value` back from a digit grid.
 *
 * The grid has as many digits as it has columns, column 0 the leftmost (tens): class 7 on a
 * two-column grid is 0 and 7, grade 2 on one column is 2. A value with more digits than the grid
 * has columns fills nothing: a truncated mark would be read as another class, which is worse than
 * a blank grid the student fills by hand.
 */
export function bubblesToFill(value: number | undefined, grid: readonly DigitBubble[]): DigitBubble[] {
  if (value === undefined || !Number.isInteger(value) || value < 0 || grid.length === 0) return [];
  const columns = [...new Set(grid.map((bubble) => bubble.column))].sort((a, b) => a - b);
  const digits = String(value).padStart(columns.length, '0');
  if (digits.length > columns.length) return [];
  const marks: DigitBubble[] = [];
  columns.forEach((column, index) => {
    const digit = Number(digits[index]);
    const bubble = grid.find((candidate) => candidate.column === column && candidate.digit === digit);
    if (bubble) marks.push(bubble);
  });
  return marks;
}
