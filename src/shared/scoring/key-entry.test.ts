import { describe, expect, it } from 'vitest';
import { fillFromString, parseAccepted, parseAnswer, parsePasted, type EntryQuestion } from './key-entry';

const ABCDE = ['A', 'B', 'C', 'D', 'E'];
const questions: EntryQuestion[] = [
  { q: 1, showno: '1', kind: 'single', options: ABCDE },
  { q: 2, showno: '2', kind: 'single', options: ABCDE },
  { q: 3, showno: '3', kind: 'multi', options: ABCDE },
  { q: 4, showno: '4', kind: 'truefalse', options: ['是', '否'] },
  { q: 5, showno: '5', kind: 'single', options: Array.from({ length: 12 }, (_, i) => String(i + 1)) },
  { q: 6, showno: '6', kind: 'numeric', options: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '-'] },
];

describe('a typed key string', () => {
  it('fills consecutive questions from the one named, in upper case, ignoring spaces', () => {
    expect(fillFromString(questions, '2', 'b c o')).toEqual({ ok: true, value: [{ q: 2, answer: 'B' }, { q: 3, answer: 'C' }, { q: 4, answer: '是' }] });
  });

  it('takes a bracketed group as one multi-choice answer, in printed order', () => {
    expect(fillFromString(questions, '2', 'B（DB）O')).toEqual({ ok: true, value: [{ q: 2, answer: 'B' }, { q: 3, answer: 'BD' }, { q: 4, answer: '是' }] });
  });

  it('names the question of a letter that is not one of its options and applies nothing', () => {
    const result = fillFromString(questions, '1', 'ABF');
    expect(result).toEqual({ ok: false, error: { key: 'scores.entry.badOption', params: { showno: '3', value: 'F', options: 'A B C D E' } } });
  });

  it('refuses a group on a single-choice question, more answers than questions, an unknown start and nothing typed', () => {
    expect(fillFromString(questions, '1', '(AB)')).toEqual({ ok: false, error: { key: 'scores.entry.oneOnly', params: { showno: '1', value: 'AB' } } });
    expect(fillFromString(questions, '4', 'O12-9')).toEqual({ ok: false, error: { key: 'scores.entry.tooMany', params: { showno: '4', count: 3 } } });
    expect(fillFromString(questions, '9', 'A')).toEqual({ ok: false, error: { key: 'scores.entry.noQuestion', params: { showno: '9' } } });
    expect(fillFromString(questions, '1', '  ')).toEqual({ ok: false, error: { key: 'scores.entry.empty', params: {} } });
  });

  it('reads two-digit options as one answer (option 12 before option 1)', () => {
    expect(fillFromString(questions, '4', 'X12-')).toEqual({ ok: true, value: [{ q: 4, answer: '否' }, { q: 5, answer: '12' }, { q: 6, answer: '-' }] });
  });
});

describe('one answer in a cell', () => {
  it('accepts separators and lower case for multi-choice, and refuses two options on a single-choice question', () => {
    expect(parseAnswer(questions[2], 'e, a')).toEqual({ ok: true, value: 'AE' });
    expect(parseAnswer(questions[0], 'AB')).toEqual({ ok: false, error: { key: 'scores.entry.oneOnly', params: { showno: '1', value: 'AB' } } });
    expect(parseAnswer(questions[0], '')).toEqual({ ok: true, value: '' });
  });

  it('reads accepted alternatives as whole answers', () => {
    expect(parseAccepted(questions[2], 'B, dc、B')).toEqual({ ok: true, value: ['B', 'CD'] });
    expect(parseAccepted(questions[0], 'B, Z').ok).toBe(false);
  });
});

describe('a pasted spreadsheet column', () => {
  it('fills one answer a line from the question named; an empty line leaves its question alone', () => {
    expect(parsePasted(questions, 'a\r\n\r\nAC\r\n', '1')).toEqual({ ok: true, value: [{ q: 1, answer: 'A' }, { q: 3, answer: 'AC' }] });
  });

  it('reads 題號, 答案 and 配分 columns and skips the titles row', () => {
    expect(parsePasted(questions, '題號\t答案\t配分\n3\tB D\t2.5\n1\tC\t\n4\t\t3\n', '1')).toEqual({
      ok: true,
      value: [{ q: 3, answer: 'BD', points: 2.5 }, { q: 1, answer: 'C' }, { q: 4, points: 3 }],
    });
  });

  it('names the question of a bad answer or bad points and applies nothing', () => {
    expect(parsePasted(questions, '1\tA\t2\n2\tG\t2', '1')).toEqual({ ok: false, error: { key: 'scores.entry.badOption', params: { showno: '2', value: 'G', options: 'A B C D E' } } });
    expect(parsePasted(questions, '1\tA\t-1', '1')).toEqual({ ok: false, error: { key: 'scores.entry.badPoints', params: { showno: '1', value: '-1', max: 100 } } });
    expect(parsePasted(questions, '7\tA', '1')).toEqual({ ok: false, error: { key: 'scores.entry.noQuestion', params: { showno: '7' } } });
    expect(parsePasted(questions, 'A\nB\nC\nO\n1\n2\n3', '1').ok).toBe(false);
  });
});
