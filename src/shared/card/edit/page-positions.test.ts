import { describe, expect, it } from 'vitest';
import { movedOrder, positionAfterDelete, positionAfterMove } from './page-positions';

describe('the page shown after a page list change', () => {
  it('follows a move: the moved page itself, pages in between shift by one, others stay', () => {
    expect(positionAfterMove(4, 4, 2, 4)).toBe(2);
    expect(positionAfterMove(2, 4, 2, 4)).toBe(3);
    expect(positionAfterMove(3, 2, 3, 4)).toBe(2);
    expect(positionAfterMove(1, 3, 2, 4)).toBe(1);
    // A new page not stored yet stays after the stored ones.
    expect(positionAfterMove(5, 2, 3, 4)).toBe(5);
  });

  it('follows a delete: a later page moves up, the deleted one gives way to the next (or the last)', () => {
    expect(positionAfterDelete(4, 2, 4)).toBe(3);
    expect(positionAfterDelete(1, 2, 4)).toBe(1);
    expect(positionAfterDelete(2, 2, 4)).toBe(2);
    expect(positionAfterDelete(4, 4, 4)).toBe(3);
  });
});

describe('movedOrder', () => {
  it('puts the page at its place and shifts the ones between', () => {
    expect(movedOrder([1, 2, 3, 4], 4, 2)).toEqual([1, 4, 2, 3]);
    expect(movedOrder([1, 2, 3, 4], 2, 4)).toEqual([1, 3, 4, 2]);
    expect(movedOrder([1, 2, 3], 3, 3)).toEqual([1, 2, 3]);
  });
});
