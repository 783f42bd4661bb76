import { describe, expect, it } from 'vitest';
import { everyKindPage, firstPage, secondPage } from '../../../../tests/support/card-pages';
import { numberQuestions } from './question-numbers';

describe('question numbers', () => {
  it('numbers a page in document order from its start', () => {
    const { numbers, count, questionTotal } = numberQuestions(firstPage(), 1);
    expect(count).toBe(25);
    expect(questionTotal).toBe(25);
    expect(numbers.get('p1q1')).toEqual({ q: 1, showno: '1', sub: false });
    expect(numbers.get('p1q25')).toEqual({ q: 25, showno: '25', sub: false });
  });

  it('continues from the previous page question_total', () => {
    const { numbers, questionTotal } = numberQuestions(secondPage(), 26);
    expect(numbers.get('p2q1')?.q).toBe(26);
    expect(questionTotal).toBe(61);
  });

  it('skips sub-questions, which show 自 and are read under the question before them', () => {
    const { numbers, count } = numberQuestions(everyKindPage(), 10);
    // s1, s2 | s3 sub | m1, sq1 | sq2 sub | f1, then the left column's l1, then the equal split's
    // cells from the left, down each cell.
    expect([...numbers.entries()].map(([id, n]) => `${id}:${n.showno}`)).toEqual([
      's1:10', 's2:11', 's3:自', 'm1:12', 'sq1:13', 'sq2:自', 'f1:14', 'l1:15', 'e1a:16', 'e1b:17', 'e2a:18',
    ]);
    expect(numbers.get('s3')).toEqual({ q: 11, showno: '自', sub: true });
    expect(numbers.get('sq2')?.q).toBe(13);
    expect(count).toBe(9);
  });

  it('counts nothing on a page without questions and refuses a bad start', () => {
    expect(numberQuestions({ version: 1, blocks: [] }, 7)).toMatchObject({ count: 0, questionTotal: 6 });
    expect(() => numberQuestions({ version: 1, blocks: [] }, 0)).toThrow();
  });
});
