import { describe, expect, it } from 'vitest';
import type { DigitBubble } from '../shared/geometry/card-geometry';
import { bubblesToFill } from './digit-marks';

function grid(columns: number): DigitBubble[] {
  // Listed ones column first, to prove the order comes from `column`, not from the list.
  return Array.from({ length: columns }, (_, index) => columns - 1 - index).flatMap((column) =>
    Array.from({ length: 10 }, (_, digit) => ({ column, digit, rect: { x: 20 * column, y: 12 * digit, w: 9.75, h: 9.75 } })),
  );
}
const picked = (marks: DigitBubble[]) => marks.map(({ column, digit }) => [column, digit]);

describe('bubblesToFill', () => {
  it('fills tens and ones of a two-column grid, with a leading zero', () => {
    expect(picked(bubblesToFill(7, grid(2)))).toEqual([[0, 0], [1, 7]]);
    expect(picked(bubblesToFill(35, grid(2)))).toEqual([[0, 3], [1, 5]]);
  });

  it('fills the one digit of a grade column', () => {
    expect(picked(bubblesToFill(2, grid(1)))).toEqual([[0, 2]]);
  });

  it('fills nothing for a value the grid cannot hold, or no value', () => {
    expect(bubblesToFill(123, grid(2))).toEqual([]);
    expect(bubblesToFill(12, grid(1))).toEqual([]);
    expect(bubblesToFill(undefined, grid(2))).toEqual([]);
    expect(bubblesToFill(-1, grid(2))).toEqual([]);
    expect(bubblesToFill(5, [])).toEqual([]);
  });

  it('skips a digit the card has no bubble for and keeps the rest', () => {
    const withoutSeven = grid(2).filter((bubble) => !(bubble.column === 1 && bubble.digit === 7));
    expect(picked(bubblesToFill(17, withoutSeven))).toEqual([[0, 1]]);
  });
});
