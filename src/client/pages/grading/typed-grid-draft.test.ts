import { expect, it } from 'vitest';
import { cellKey, gridRows, parseCell, pasteBlock } from './typed-grid-draft';

const columns = [
  { q: 6, max: 10 },
  { q: 7, max: 8 },
];

it('reads half points within the maximum; a blank cell leaves the answer as it is', () => {
  expect(parseCell(' 7.5 ', 10)).toEqual({ points: 7.5 });
  expect(parseCell('7,5', 10)).toEqual({ points: 7.5 });
  expect(parseCell('', 10)).toBeNull();
  expect(parseCell('7.25', 10)).toEqual({ error: 'grading.grid.badPoints' });
  expect(parseCell('-1', 10)).toEqual({ error: 'grading.grid.badPoints' });
  expect(parseCell('abc', 10)).toEqual({ error: 'grading.grid.badPoints' });
  expect(parseCell('11', 10)).toEqual({ error: 'grading.grid.overMax' });
});

it('pastes a spreadsheet block down the students and across the questions from the cell, counting what falls outside', () => {
  const { draft, outside } = pasteBlock({}, '8\t6\r\n9.5\t7\r\n3\t2\t1\r\n', [11, 12, 13], columns, 1, 0);
  expect(draft).toEqual({ [cellKey(12, 6)]: '8', [cellKey(12, 7)]: '6', [cellKey(13, 6)]: '9.5', [cellKey(13, 7)]: '7' });
  expect(outside).toBe(3);
});

it('saves only cells that change what is shown, and names the cells in error', () => {
  const shown = (s: number, q: number) => (s === 11 && q === 6 ? 8 : null);
  const { rows, errors } = gridRows({ [cellKey(11, 6)]: '8', [cellKey(11, 7)]: '5', [cellKey(12, 7)]: '9', [cellKey(12, 6)]: '' }, shown, columns);
  expect(rows).toEqual([{ student_id: 11, q: 7, points: 5 }]);
  expect(errors).toEqual({ [cellKey(12, 7)]: 'grading.grid.overMax' });
});
