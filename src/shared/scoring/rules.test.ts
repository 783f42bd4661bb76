import { describe, expect, it } from 'vitest';
import { credit, maxScore, normaliseAnswer, partialShare, questionResult, ruleFor, scoreStudent, splitMarks, type ScoringQuestion } from './rules';

/** The points of one answer, by the one per-question rule (null: the question counts for no one). */
const scoreQuestion = (question: ScoringQuestion, response: string, flag?: string) => questionResult(question, response, flag)?.points ?? null;

const ABCDE = ['A', 'B', 'C', 'D', 'E'];
const q = (over: Partial<ScoringQuestion> = {}): ScoringQuestion => ({ kind: 'single', options: ABCDE.slice(0, 4), answer: 'B', accepted: [], points: 2, rule: 'all', bonus: false, dropped: false, ...over });

describe('single choice, all or nothing', () => {
  it('the key earns the points; another option, a blank or a double mark earns 0', () => {
    expect(scoreQuestion(q(), 'B')).toBe(2);
    expect(scoreQuestion(q(), 'C')).toBe(0);
    expect(scoreQuestion(q(), '', 'blank')).toBe(0);
    expect(scoreQuestion(q(), 'AB', 'multiple')).toBe(0);
  });
  it('a double mark review corrected to the key earns the points', () => {
    expect(scoreQuestion(q(), 'B', 'corrected')).toBe(2);
  });
  it('any accepted answer earns the points', () => {
    expect(scoreQuestion(q({ accepted: ['D'] }), 'D')).toBe(2);
    expect(scoreQuestion(q({ accepted: ['D'] }), 'A')).toBe(0);
  });
  it('true/false and numeric rows match exactly', () => {
    expect(scoreQuestion(q({ kind: 'truefalse', options: ['是', '否'], answer: '否' }), '否')).toBe(2);
    expect(scoreQuestion(q({ kind: 'truefalse', options: ['是', '否'], answer: '否' }), '是')).toBe(0);
    const numeric = q({ kind: 'numeric', options: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '-'], answer: '7', rule: 'exact' });
    expect(scoreQuestion(numeric, '7')).toBe(2);
    expect(scoreQuestion(numeric, '-')).toBe(0);
    expect(scoreQuestion(numeric, '17', 'multiple')).toBe(0);
  });
});

describe('multi-choice', () => {
  const multi = (rule: 'all' | 'partial', answer = 'AC') => q({ kind: 'multi', options: ABCDE, answer, points: 5, rule });
  it("'all' needs exactly the key's options", () => {
    expect(scoreQuestion(multi('all'), 'AC')).toBe(5);
    expect(scoreQuestion(multi('all'), 'A')).toBe(0);
    expect(scoreQuestion(multi('all'), 'ACD')).toBe(0);
  });
  it("'partial' (n − 2k)/n on a 5-option question: k = 0, 1, 2, 3 → full, 3/5, 1/5, 0", () => {
    const question = multi('partial', 'AC');
    expect(scoreQuestion(question, 'AC')).toBe(5); // k = 0
    expect(scoreQuestion(question, 'A')).toBe(3); // C wrongly unmarked: k = 1 → 5 × 3/5
    expect(scoreQuestion(question, 'ACE')).toBe(3); // E wrongly marked: k = 1
    expect(scoreQuestion(question, 'AD')).toBe(1); // D marked, C unmarked: k = 2 → 5 × 1/5
    expect(scoreQuestion(question, 'BD')).toBe(0); // k = 4 → below 0 → 0
    expect(scoreQuestion(question, 'ABD')).toBe(0); // k = 3 → (5 − 6)/5 → 0
    expect(partialShare(5, ['A', 'B', 'D'], ['A', 'C'])).toBe(0);
  });
  it('partial credit of 2 points keeps hundredths, and a blank earns nothing', () => {
    const two = q({ kind: 'multi', options: ABCDE, answer: 'AC', points: 2, rule: 'partial' });
    expect(scoreQuestion(two, 'A')).toBe(1.2);
    expect(scoreQuestion(two, '', 'blank')).toBe(0);
  });
  it('the best of several accepted answers counts', () => {
    expect(scoreQuestion(q({ kind: 'multi', options: ABCDE, answer: 'AC', accepted: ['ACD'], points: 5, rule: 'all' }), 'ACD')).toBe(5);
    expect(credit(q({ kind: 'multi', options: ABCDE, answer: 'AC', accepted: ['BD'], points: 5, rule: 'partial' }), 'BD')).toBe(1);
  });
  it('reads multi-character option values (1…12) in map order', () => {
    const twelve = Array.from({ length: 12 }, (_, i) => String(i + 1));
    expect(splitMarks('110', twelve)).toEqual(['1', '10']);
    expect(splitMarks('112', twelve)).toEqual(['1', '12']);
    expect(scoreQuestion(q({ kind: 'multi', options: twelve, answer: '1 10'.replace(' ', ''), rule: 'all' }), '110')).toBe(2);
  });
});

describe('bonus and dropped', () => {
  it('bonus: everyone earns the points, blank or not', () => {
    expect(scoreQuestion(q({ bonus: true }), '')).toBe(2);
    expect(scoreQuestion(q({ bonus: true }), 'A')).toBe(2);
  });
  it('dropped and unkeyed questions count for no one and not in the maximum', () => {
    expect(scoreQuestion(q({ dropped: true }), 'B')).toBeNull();
    expect(scoreQuestion(q({ answer: '' }), 'B')).toBeNull();
    expect(maxScore([q(), q({ dropped: true }), q({ answer: '' }), q({ answer: '', bonus: true, points: 3 })])).toBe(5);
  });
});

describe('key entry', () => {
  it('normalises typed answers: case, order of multi marks, true/false aliases', () => {
    expect(normaliseAnswer('single', ABCDE, ' b ')).toBe('B');
    expect(normaliseAnswer('single', ABCDE, 'F')).toBeNull();
    expect(normaliseAnswer('single', ABCDE, 'AB')).toBeNull();
    expect(normaliseAnswer('multi', ABCDE, 'ca')).toBe('AC');
    expect(normaliseAnswer('multi', ABCDE, 'AA')).toBeNull();
    expect(normaliseAnswer('truefalse', ['是', '否'], 'x')).toBe('否');
    expect(normaliseAnswer('truefalse', ['是', '否'], '是')).toBe('是');
    expect(normaliseAnswer('single', ABCDE, '')).toBe('');
  });
  it('rules per kind: partial only on multi-choice; all and exact mean the same on one-mark rows', () => {
    expect(ruleFor('multi', 'partial')).toBe('partial');
    expect(ruleFor('single', 'partial')).toBeNull();
    expect(ruleFor('numeric', 'all')).toBe('exact');
    expect(ruleFor('single', 'exact')).toBe('all');
    expect(ruleFor('numeric', undefined)).toBe('exact');
  });
});

describe('scoreStudent: a sheet scored question by question with the same rule', () => {
  const key = [
    { ...q({ answer: 'B', points: 2 }), q: 1 },
    { ...q({ kind: 'multi', options: ABCDE, answer: 'AC', points: 5, rule: 'partial' }), q: 2 },
    { ...q({ answer: 'C', points: 3, bonus: true }), q: 3 },
    { ...q({ answer: 'D', points: 4, dropped: true }), q: 4 },
    { ...q({ answer: '', points: 1 }), q: 5 },
    { ...q({ answer: 'A', points: 1.5 }), q: 6 },
  ];
  it('sums each counted question; a dropped or unkeyed question is left out, a bonus earns its points whatever was marked', () => {
    const result = scoreStudent(key, { 1: 'B', 2: 'A', 3: '', 4: 'D', 5: 'A', 6: 'AB' }, { 3: 'blank', 6: 'multiple' });
    expect(result.points).toEqual({ 1: 2, 2: 3, 3: 3, 6: 0 });
    expect(result.correct).toEqual({ 1: true, 2: false, 3: true, 6: false });
    expect(result.score).toBe(8);
  });
  it('each question earns exactly what scoreQuestion gives it', () => {
    const answers = { 1: 'C', 2: 'AC', 3: 'C', 4: 'D', 5: '', 6: 'A' };
    const result = scoreStudent(key, answers, {});
    for (const question of key) expect(result.points[question.q] ?? null).toBe(scoreQuestion(question, answers[question.q as keyof typeof answers] ?? ''));
    expect(result.score).toBe(0 + 5 + 3 + 1.5);
  });
  it('a double mark review corrected to the key earns the points', () => {
    expect(scoreStudent(key.slice(0, 1), { 1: 'B' }, { 1: 'corrected' })).toEqual({ score: 2, points: { 1: 2 }, correct: { 1: true } });
  });
});
