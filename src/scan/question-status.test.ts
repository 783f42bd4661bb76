import { describe, expect, it } from 'vitest';
import { readDigits, readQuestion } from './question-status';
import { MARKED, UNMARKED } from './reading-thresholds';

const bubbles = (fills: Record<string, number>) => Object.entries(fills).map(([value, fill]) => ({ value, fill }));
const mid = (MARKED + UNMARKED) / 2;

describe('question status', () => {
  it('reads one mark as ok, none as blank, marked values in map order', () => {
    expect(readQuestion(1, '1', 'single', bubbles({ A: 0.02, B: 0.9, C: 0, D: 0.1 }))).toMatchObject({ answer: 'B', status: 'ok' });
    expect(readQuestion(1, '1', 'single', bubbles({ A: 0.02, B: 0.05 }))).toMatchObject({ answer: '', status: 'blank' });
    expect(readQuestion(2, '2', 'multi', bubbles({ A: 0.8, B: 0, C: 0.95, D: 0 }))).toMatchObject({ answer: 'AC', status: 'ok' });
  });

  it('calls two marks on a one-mark question multiple, keeping both', () => {
    for (const kind of ['single', 'truefalse', 'numeric'] as const) {
      expect(readQuestion(3, '3', kind, bubbles({ A: 0.8, B: 0.9 }))).toMatchObject({ answer: 'AB', status: 'multiple' });
    }
  });

  it('never guesses a fill between the thresholds: ambiguous, and the unsure value is not in the answer', () => {
    const read = readQuestion(4, '4', 'single', bubbles({ A: 0.95, B: mid, C: 0 }));
    expect(read).toMatchObject({ answer: 'A', status: 'ambiguous' });
    expect(read.fills).toEqual({ A: 0.95, B: Math.round(mid * 1000) / 1000, C: 0 });
    expect(readQuestion(4, '4', 'multi', bubbles({ A: mid }))).toMatchObject({ answer: '', status: 'ambiguous' });
  });

  it('reads digit grids column by column; a blank tens column is 0; unsure or double columns give null', () => {
    const grid = (marks: Record<number, number[]>, unsure: [number, number][] = []) =>
      [0, 1].flatMap((column) => Array.from({ length: 10 }, (_, digit) => ({
        column, digit,
        fill: marks[column]?.includes(digit) ? 0.9 : unsure.some(([c, d]) => c === column && d === digit) ? mid : 0.02,
      })));
    expect(readDigits(grid({ 0: [2], 1: [7] }))).toBe(27);
    expect(readDigits(grid({ 1: [7] }))).toBe(7);
    expect(readDigits(grid({}))).toBeNull();
    expect(readDigits(grid({ 0: [1, 2], 1: [7] }))).toBeNull();
    expect(readDigits(grid({ 1: [7] }, [[0, 3]]))).toBeNull();
  });
});
