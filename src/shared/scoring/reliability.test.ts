import { describe, expect, it } from 'vitest';
import { analyseItems, type AnalysedQuestion } from './item-analysis';
import { correctedPointBiserial, pearson, reliabilityOf, scoreReliability } from './reliability';

// Known values: computed independently with numpy (population variances; np.corrcoef of each
// question against the total without it), and cross-checked below with the textbook KR-20
// formula Σpq written out separately from the implementation's Σ var(question).
const RIGHT_WRONG = [
  [1, 1, 1, 1, 1],
  [1, 1, 1, 1, 0],
  [1, 1, 1, 0, 0],
  [1, 1, 0, 1, 0],
  [1, 0, 1, 0, 0],
  [1, 1, 0, 0, 0],
  [0, 1, 0, 0, 1],
  [0, 0, 0, 0, 0],
];
const KR20 = 0.5905511811023623;
const SEM = 0.9013878188659971;
const POINT_BISERIALS = [0.4332891224131211, 0.4332891224131211, 0.32163376045133846, 0.5331139899831832, 0.0547996624351191];
// Partial credit: points 2, 2 (multi-choice partial: 1.2 and 0.4 are 3/5 and 1/5 of 2) and 3.
const PARTIAL = [
  [2, 1.2, 3],
  [2, 2, 3],
  [0, 0.4, 3],
  [2, 1.2, 0],
  [0, 0, 0],
  [2, 2, 3],
];
const ALPHA = 0.695501730103806;
const ALPHA_SEM = 1.3984117975602026;
const ALPHA_ITEM_REST = [0.5325307099644252, 0.8221921916437787, 0.37372372347444477];

describe('reliability', () => {
  it('KR-20 and SEM of a right/wrong fixture', () => {
    const r = reliabilityOf(RIGHT_WRONG, true)!;
    expect(r.method).toBe('kr20');
    expect(r.value).toBeCloseTo(KR20, 4);
    expect(r.sem).toBeCloseTo(SEM, 2);
    expect(r).toMatchObject({ questions: 5, count: 8 });
    // The textbook formula, written out: k/(k−1)(1 − Σ p q / σ²).
    const n = RIGHT_WRONG.length;
    const totals = RIGHT_WRONG.map((row) => row.reduce((a, b) => a + b, 0));
    const m = totals.reduce((a, b) => a + b, 0) / n;
    const v = totals.reduce((a, t) => a + (t - m) ** 2, 0) / n;
    const pq = [0, 1, 2, 3, 4].reduce((a, j) => {
      const p = RIGHT_WRONG.filter((row) => row[j] === 1).length / n;
      return a + p * (1 - p);
    }, 0);
    expect(r.value).toBeCloseTo((5 / 4) * (1 - pq / v), 4);
  });
  it("Cronbach's α and SEM with partial credit", () => {
    const r = reliabilityOf(PARTIAL, false)!;
    expect(r.method).toBe('alpha');
    expect(r.value).toBeCloseTo(ALPHA, 4);
    expect(r.sem).toBeCloseTo(ALPHA_SEM, 2);
  });
  it('corrected point-biserials (question against the rest of the score)', () => {
    const totals = RIGHT_WRONG.map((row) => row.reduce((a, b) => a + b, 0));
    POINT_BISERIALS.forEach((expected, j) => expect(correctedPointBiserial(RIGHT_WRONG.map((row) => row[j]), totals)).toBeCloseTo(expected, 4));
    const partialTotals = PARTIAL.map((row) => row.reduce((a, b) => a + b, 0));
    ALPHA_ITEM_REST.forEach((expected, j) => expect(correctedPointBiserial(PARTIAL.map((row) => row[j]), partialTotals)).toBeCloseTo(expected, 4));
  });
  it('nothing to report: fewer than 2 students or questions, no spread, a constant question', () => {
    expect(reliabilityOf([[1, 0]], true)).toBeNull();
    expect(reliabilityOf([[1], [0]], true)).toBeNull();
    expect(reliabilityOf([[1, 0], [1, 1]], true)).not.toBeNull();
    expect(reliabilityOf([[1, 0], [0, 1]], true)).toBeNull();
    expect(reliabilityOf([[1, 1], [1, 1]], true)).toBeNull();
    expect(pearson([1, 1, 1], [1, 2, 3])).toBeNull();
  });
  it('no SEM when the reliability is below 0', () => {
    // Two questions that pull apart: item variances 2/9 each, total variance 2/9, α = 2 (1 − 2) = −2.
    const r = reliabilityOf([[1, 0], [0, 1], [1, 1]], true)!;
    expect(r.value).toBeLessThan(0);
    expect(r.sem).toBeNull();
  });
  it('a card: bonus, dropped and unkeyed questions left out; KR-20 only with equal points and no partial rule', () => {
    const q = (n: number, over: Partial<AnalysedQuestion> = {}): AnalysedQuestion => ({ q: n, showno: String(n), kind: 'single', options: ['A', 'B'], answer: 'A', accepted: [], points: 1, rule: 'all', bonus: false, dropped: false, ...over });
    const students = RIGHT_WRONG.map((row) => ({ points: { ...Object.fromEntries(row.map((x, j) => [String(j + 1), x])), 6: 1 } }));
    const questions = [1, 2, 3, 4, 5].map((n) => q(n)).concat([q(6, { bonus: true }), q(7, { dropped: true }), q(8, { answer: '' })]);
    expect(scoreReliability(questions, students)).toMatchObject({ method: 'kr20', questions: 5 });
    expect(scoreReliability(questions, students)!.value).toBeCloseTo(KR20, 4);
    expect(scoreReliability([q(1, { points: 2 }), ...questions.slice(1)], students)!.method).toBe('alpha');
    expect(scoreReliability([q(1, { rule: 'partial', kind: 'multi' }), ...questions.slice(1)], students)!.method).toBe('alpha');
  });
  it('item analysis carries the corrected point-biserial', () => {
    const questions = [1, 2, 3, 4, 5].map((n): AnalysedQuestion => ({ q: n, showno: String(n), kind: 'single', options: ['A', 'B'], answer: 'A', accepted: [], points: 1, rule: 'all', bonus: false, dropped: false }));
    const students = RIGHT_WRONG.map((row) => ({
      score: row.reduce((a, b) => a + b, 0),
      answers: Object.fromEntries(row.map((x, j) => [String(j + 1), x ? 'A' : 'B'])),
      flags: {},
      points: Object.fromEntries(row.map((x, j) => [String(j + 1), x])),
    }));
    analyseItems(questions, students).forEach((item, j) => expect(item.point_biserial).toBeCloseTo(POINT_BISERIALS[j], 4));
  });
});
