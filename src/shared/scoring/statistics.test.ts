import { describe, expect, it } from 'vitest';
import { analyseItems, type AnalysedQuestion } from './item-analysis';
import { competitionRanks, histogramOf, statsOf } from './statistics';

describe('statistics', () => {
  it('count, mean, median, population SD, highest, lowest', () => {
    // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, population SD exactly 2.
    expect(statsOf([9, 2, 4, 4, 4, 5, 5, 7])).toEqual({ count: 8, mean: 5, median: 4.5, sd: 2, max: 9, min: 2 });
    expect(statsOf([3])).toEqual({ count: 1, mean: 3, median: 3, sd: 0, max: 3, min: 3 });
    expect(statsOf([])).toBeNull();
  });
  it('ranks 1224: equal scores share a rank, the next skips', () => {
    expect(competitionRanks([80, 95, 80, 70, 95])).toEqual([3, 1, 3, 5, 1]);
  });
  it('ten bins over 0…max, the maximum in the last', () => {
    const bins = histogramOf([0, 9.99, 10, 55, 100, 100], 100);
    expect(bins).toHaveLength(10);
    expect(bins[0]).toEqual({ from: 0, to: 10, count: 2 });
    expect(bins[1].count).toBe(1);
    expect(bins[5].count).toBe(1);
    expect(bins[9]).toEqual({ from: 90, to: 100, count: 2 });
    expect(histogramOf([1], 0)).toEqual([]);
  });
});

describe('item analysis', () => {
  const question = (over: Partial<AnalysedQuestion> = {}): AnalysedQuestion => ({ q: 1, showno: '1', kind: 'single', options: ['A', 'B', 'C', 'D'], answer: 'A', accepted: [], points: 1, rule: 'all', bonus: false, dropped: false, ...over });
  // Ten students by total score; upper and lower 27 % are 3 each (round(2.7)).
  const answersOf = ['A', 'A', 'A', 'B', 'A', 'C', 'B', 'B', 'B', ''];
  const students = answersOf.map((a, i) => ({ score: 100 - i * 10, answers: { 1: a, 2: ['A', 'A', 'C', 'A', 'A', 'A', 'A', 'B', 'B', 'B'][i], 3: ['AC', 'A', 'AC', 'C', '', 'AC', 'A', 'C', 'AC', 'A'][i] }, flags: {} }));

  it('difficulty, discrimination (upper 27 % − lower 27 %), option distribution and blanks', () => {
    const [item] = analyseItems([question()], students);
    expect(item.difficulty).toBe(0.4);
    expect(item.discrimination).toBe(1); // upper: A A A → 1; lower: B B '' → 0
    expect(item.blank).toBe(1);
    expect(item.options).toEqual([
      { value: 'A', count: 4, share: 0.4, is_key: true },
      { value: 'B', count: 4, share: 0.4, is_key: false },
      { value: 'C', count: 1, share: 0.1, is_key: false },
      { value: 'D', count: 0, share: 0, is_key: false },
    ]);
    expect(item.flags).toEqual([]);
  });

  it('flags negative discrimination and a distractor chosen more than the key', () => {
    const [item] = analyseItems([question({ q: 2, showno: '2', answer: 'B' })], students);
    expect(item.discrimination).toBe(-1); // upper A A C → 0; lower B B B → 1
    expect(item.flags).toEqual(['negative_discrimination', 'distractor_above_key']);
  });

  it('partial credit counts as its share in difficulty; an unkeyed question has none', () => {
    const multi = question({ q: 3, showno: '3', kind: 'multi', options: ['A', 'B', 'C', 'D', 'E'], answer: 'AC', rule: 'partial' });
    const [item] = analyseItems([multi], students);
    // AC ×4 → 1; A ×3 and C ×2 → 3/5 each; blank → 0: (4 + 5 × 0.6) / 10
    expect(item.difficulty).toBe(0.7);
    expect(analyseItems([question({ answer: '' })], students)[0]).toMatchObject({ difficulty: null, discrimination: null, flags: [] });
  });
});
