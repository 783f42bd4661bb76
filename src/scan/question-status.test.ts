import { describe, expect, it } from 'vitest';
import { readDigits, readQuestion } from './question-status';
import { LIGHT_ALONE, LIGHT_BESIDE_MARK, MARKED, UNMARKED } from './reading-thresholds';

/** Bubbles by value: a fill, or [fill, tone] for a toned one (tone 0 otherwise). */
const bubbles = (fills: Record<string, number | [number, number]>) =>
  Object.entries(fills).map(([value, f]) => ({ value, fill: typeof f === 'number' ? f : f[0], tone: typeof f === 'number' ? 0 : f[1] }));
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

  it('never reads light pencil as blank: a toned bubble alone in its question is ambiguous; beside a clear mark only one darker than an erasure is', () => {
    const light = (LIGHT_ALONE + LIGHT_BESIDE_MARK) / 2;
    expect(readQuestion(5, '5', 'single', bubbles({ A: 0, B: [0.05, light], C: 0 }))).toMatchObject({ answer: '', status: 'ambiguous' });
    expect(readQuestion(5, '5', 'multi', bubbles({ A: 0, B: [0, LIGHT_ALONE], C: 0 }))).toMatchObject({ status: 'ambiguous' });
    expect(readQuestion(5, '5', 'single', bubbles({ A: 0, B: [0.02, LIGHT_ALONE - 0.01], C: 0 }))).toMatchObject({ answer: '', status: 'blank' });
    // An erased change of mind beside the new mark is no question; a bubble toned past any erasure is.
    expect(readQuestion(6, '6', 'single', bubbles({ A: [0.95, 0.7], B: [0.05, light], C: 0 }))).toMatchObject({ answer: 'A', status: 'ok' });
    expect(readQuestion(6, '6', 'single', bubbles({ A: [0.95, 0.7], B: [0.1, LIGHT_BESIDE_MARK], C: 0 }))).toMatchObject({ answer: 'A', status: 'ambiguous' });
  });

  it('reads digit grids column by column; a blank tens column is 0; unsure or double columns give null', () => {
    const grid = (marks: Record<number, number[]>, unsure: [number, number][] = []) =>
      [0, 1].flatMap((column) => Array.from({ length: 10 }, (_, digit) => ({
        column, digit, tone: 0,
        fill: marks[column]?.includes(digit) ? 0.9 : unsure.some(([c, d]) => c === column && d === digit) ? mid : 0.02,
      })));
    expect(readDigits(grid({ 0: [2], 1: [7] }))).toBe(27);
    expect(readDigits(grid({ 1: [7] }))).toBe(7);
    expect(readDigits(grid({}))).toBeNull();
    expect(readDigits(grid({ 0: [1, 2], 1: [7] }))).toBeNull();
    expect(readDigits(grid({ 1: [7] }, [[0, 3]]))).toBeNull();
    const lightTens = grid({ 1: [7] }).map((b) => (b.column === 0 && b.digit === 3 ? { ...b, tone: LIGHT_ALONE } : b));
    expect(readDigits(lightTens)).toBeNull();
  });
});
