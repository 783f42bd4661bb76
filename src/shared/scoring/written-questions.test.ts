import { describe, expect, it } from 'vitest';
import type { CardGeometryV2, QuestionGroup, ScoreField } from '../geometry/card-geometry';
import { writtenQuestions } from './written-questions';

const rect = { x: 10, y: 10, w: 100, h: 20 };
const group = (page: number, q: number, showno: string, kind: QuestionGroup['kind']): QuestionGroup => ({ page, q, showno, rect, kind });
const field = (q: number, showno: string, max: number): ScoreField => ({ page: 2, q, showno, max, rect, bubbles: [] });
const map = (groups: QuestionGroup[], scoreFields?: ScoreField[]) => ({ version: 2, groups, scoreFields }) as unknown as CardGeometryV2;

describe('written questions of a map', () => {
  it('lists free answers once per question, with the sum of their score fields as the offered maximum', () => {
    const m = map([group(1, 1, '1', 'single'), group(2, 2, '2', 'free'), group(2, 2, '自', 'free'), group(2, 3, '3', 'free')], [field(2, '2', 6), field(2, '自', 4)]);
    expect(writtenQuestions(m)).toEqual([
      { q: 2, showno: '2', page: 2, fieldMax: 10 },
      { q: 3, showno: '3', page: 2, fieldMax: null },
    ]);
  });

  it('leaves a free 自 part of a choice question to that question, and reads maps without score fields', () => {
    expect(writtenQuestions(map([group(1, 4, '4', 'multi'), group(1, 4, '自', 'free')]))).toEqual([]);
    expect(writtenQuestions(map([group(1, 5, '5', 'free')]))).toEqual([{ q: 5, showno: '5', page: 1, fieldMax: null }]);
  });
});
