import { describe, expect, it } from 'vitest';
import { readDigits, readQuestion } from './question-status';
import { LIGHT_ALONE, LIGHT_BESIDE_MARK, LIGHT_LEVEL, MARKED, STROKE, UNMARKED } from './reading-thresholds';
import type { Stroke } from './bubble-fills';

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

  describe("a page's own habit", () => {
    const none = { dark: 0, extentX: 0, extentY: 0, thin: 0, quadrants: 0, ring: 0 };
    const tick: Stroke = { dark: 0.2, extentX: 0.6, extentY: 0.7, thin: 0.45, quadrants: 3, ring: 0.3 };
    const line: Stroke = { dark: 0.06, extentX: 0.9, extentY: 0.1, thin: 0.06, quadrants: 2, ring: 0.5 };
    const b = (value: string, fill: number, tone: number, o: { stroke?: Stroke; level?: number } = {}) => ({ value, fill, tone, stroke: o.stroke ?? none, ...(o.level !== undefined ? { level: o.level } : {}) });
    const blank = (value: string) => b(value, 0.01, 0.02);
    const light = (value: string) => b(value, 0.2, 0.31, { level: LIGHT_LEVEL.mark + 0.03 });
    const erasure = (value: string) => b(value, 0.09, 0.23, { level: LIGHT_LEVEL.erased - 0.03 });

    it('a light-pencil page reads a light mark standing clear of its blank neighbours; beside it an erasure is no mark', () => {
      expect(readQuestion(1, '1', 'single', [blank('A'), light('B'), blank('C')], 'light')).toMatchObject({ status: 'ok', answer: 'B', style: 'light' });
      expect(readQuestion(1, '1', 'single', [erasure('A'), light('B'), blank('C')], 'light')).toMatchObject({ status: 'ok', answer: 'B' });
      expect(readQuestion(1, '1', 'single', [light('A'), light('B'), blank('C')], 'light')).toMatchObject({ status: 'multiple', answer: 'AB' });
      expect(readQuestion(1, '1', 'multi', [light('A'), blank('B'), light('C')], 'light')).toMatchObject({ status: 'ok', answer: 'AC' });
      // The same marks on a page of fills: flagged, as before.
      expect(readQuestion(1, '1', 'single', [blank('A'), light('B'), blank('C')])).toMatchObject({ status: 'ambiguous', proposal: 'B' });
    });

    it('a light-pencil page never reads what lies between an erasure and light pencil: a lone erasure-toned bubble, a lighter mark, a bubble between the two', () => {
      const between = b('B', 0.12, 0.25, { level: (LIGHT_LEVEL.mark + LIGHT_LEVEL.erased) / 2 });
      expect(readQuestion(1, '1', 'single', [blank('A'), between, blank('C')], 'light')).toMatchObject({ status: 'ambiguous', answer: '' });
      expect(readQuestion(1, '1', 'single', [light('A'), between, blank('C')], 'light')).toMatchObject({ status: 'ambiguous', answer: '' });
      expect(readQuestion(1, '1', 'single', [blank('A'), erasure('B'), blank('C')], 'light')).toMatchObject({ status: 'ambiguous', answer: '' });
      // Not measured (no level): never read.
      expect(readQuestion(1, '1', 'single', [blank('A'), b('B', 0.2, 0.31), blank('C')], 'light')).toMatchObject({ status: 'ambiguous' });
      // A stroke on a light-pencil page is no light mark.
      expect(readQuestion(1, '1', 'single', [blank('A'), b('B', 0.3, 0.25, { stroke: tick }), blank('C')], 'light')).toMatchObject({ status: 'ambiguous' });
    });

    it('a ticking page reads its ticks beside an erasure and beside a much lighter stray line, not beside a line as dark as the tick', () => {
      const ticked = b('B', 0.3, 0.2, { stroke: tick });
      expect(readQuestion(1, '1', 'single', [erasure('A'), ticked, blank('C')], 'tick')).toMatchObject({ status: 'ok', answer: 'B' });
      expect(readQuestion(1, '1', 'single', [b('A', 0.1, 0.1, { stroke: line }), ticked, blank('C')], 'tick')).toMatchObject({ status: 'ok', answer: 'B' });
      const darkLine = { ...line, dark: tick.dark * 0.8 };
      expect(readQuestion(1, '1', 'single', [b('A', 0.1, 0.1, { stroke: darkLine }), ticked, blank('C')], 'tick')).toMatchObject({ status: 'ambiguous', proposal: 'B' });
      // A weak stroke beside the tick: rubbed out when far lighter, else a person looks.
      const weak = (dark: number) => b('C', 0.05, 0.05, { stroke: { ...tick, dark } });
      expect(readQuestion(1, '1', 'single', [blank('A'), ticked, weak(STROKE.weak + 0.001)], 'tick')).toMatchObject({ status: 'ok', answer: 'B' });
      const lightTick = b('B', 0.25, 0.18, { stroke: { ...tick, dark: 0.1 } });
      expect(readQuestion(1, '1', 'single', [blank('A'), lightTick, weak(STROKE.present - 0.005)], 'tick')).toMatchObject({ status: 'ambiguous' });
      // An unmeasured toned bubble beside the tick: not known to be an erasure.
      expect(readQuestion(1, '1', 'single', [b('A', 0.09, 0.23), ticked, blank('C')], 'tick')).toMatchObject({ status: 'ambiguous', proposal: 'B' });
    });

    it('a dotting page: a dot pressed into a fill beside another dot is two marks, never the fill alone', () => {
      const dot: Stroke = { dark: 0.12, extentX: 0.27, extentY: 0.25, thin: 0.76, quadrants: 4, ring: 0.2 };
      const read = readQuestion(1, '1', 'multi', [blank('A'), b('B', 0.27, 0.19, { stroke: dot }), blank('C'), b('D', 0.61, 0.42, { stroke: { ...dot, dark: 0.34 } })], 'dot');
      expect(read).toMatchObject({ status: 'ok', answer: 'BD' });
      // On a page of fills the same light dot beside a fill is a faint tick: the fill stands, or a person looks — never silently dropped on a dot page.
      const single = readQuestion(1, '1', 'single', [blank('A'), b('B', 0.27, 0.19, { stroke: dot }), blank('C'), b('D', 0.61, 0.42, { stroke: { ...dot, dark: 0.34 } })], 'dot');
      expect(single).toMatchObject({ status: 'multiple', answer: 'BD' });
    });
  });
});
