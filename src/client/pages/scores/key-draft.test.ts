import { describe, expect, it } from 'vitest';
import type { KeyQuestion } from '../../../shared/schemas/scores';
import { applyFills, isDirty, setPoints, toSaveInput } from './key-draft';

const row = (q: number, answer = ''): KeyQuestion => ({ q, showno: String(q), kind: 'single', options: ['A', 'B'], answer, accepted: [], points: 1, rule: 'all', bonus: false, dropped: false });
const server = [row(1), row(2), row(3, 'B')];

describe('the key draft', () => {
  it('applies fills field by field, leaving what a fill leaves out', () => {
    const draft = applyFills(server, [{ q: 1, answer: 'A' }, { q: 3, points: 2.5 }]);
    expect(draft.map((r) => [r.answer, r.points])).toEqual([['A', 1], ['', 1], ['B', 2.5]]);
    expect(isDirty(draft, server)).toBe(true);
    expect(isDirty(applyFills(server, []), server)).toBe(false);
  });

  it('sets points on the chosen questions, or on all when none is chosen', () => {
    expect(setPoints(server, 4, new Set([2])).map((r) => r.points)).toEqual([1, 4, 1]);
    expect(setPoints(server, 4, new Set()).map((r) => r.points)).toEqual([4, 4, 4]);
  });

  it('saves every question without its map fields', () => {
    expect(toSaveInput([row(3, 'B')])).toEqual([{ q: 3, answer: 'B', accepted: [], points: 1, rule: 'all', bonus: false, dropped: false }]);
  });
});
