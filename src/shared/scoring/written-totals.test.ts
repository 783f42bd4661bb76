import { expect, it } from 'vitest';
import { sheetPoints, studentWritten, type WrittenRow } from './written-totals';

const rows: WrittenRow[] = [
  { q: 6, points: 10, saved: true, bonus: false, dropped: false },
  { q: 7, points: 8, saved: true, bonus: false, dropped: false },
  { q: 8, points: 5, saved: false, bonus: false, dropped: false },
  { q: 9, points: 4, saved: true, bonus: true, dropped: false },
  { q: 10, points: 4, saved: true, bonus: false, dropped: true },
];

it('counts a grade over the score field, the field when no grade, bonus as the maximum; unsaved and dropped questions not at all', () => {
  const rubric = { scoring: 'negative' as const, items: [{ id: 1, points: -2 }] };
  const grades = new Map([[7, { points: null, adjustment: -0.5, itemIds: [1] }]]);
  const result = studentWritten(rows, new Map([[7, rubric]]), grades, { s6: '9.5', s7: '3' }, {});
  expect(result).toEqual({ written: 9.5 + 5.5 + 4, points: { 6: 9.5, 7: 5.5, 9: 4 }, ungraded: 0 });
});

it('an answer neither graded nor read with certainty is ungraded: null, nothing counted, reported', () => {
  const result = studentWritten(rows, new Map(), new Map(), { s6: '12', s7: '' }, { s6: 'score-ambiguous' });
  expect(result).toEqual({ written: 4, points: { 6: null, 7: null, 9: 4 }, ungraded: 2 });
});

it('a score field decided in review counts, bounded by the maximum', () => {
  expect(sheetPoints({ s6: '7' }, { s6: 'corrected' }, 6)).toBe(7);
  expect(studentWritten(rows.slice(0, 1), new Map(), new Map(), { s6: '10.5' }, {}).points).toEqual({ 6: 10 });
});
