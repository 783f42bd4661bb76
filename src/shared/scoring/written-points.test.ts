import { describe, expect, it } from 'vitest';
import { rubricKey, writtenPoints, type RubricForPoints } from './written-points';

const positive: RubricForPoints = { scoring: 'positive', items: [{ id: 1, points: 2 }, { id: 2, points: 3.5 }, { id: 3, points: 4 }] };
const negative: RubricForPoints = { scoring: 'negative', items: [{ id: 7, points: -2 }, { id: 8, points: -0.5 }] };
const grade = (itemIds: number[], adjustment = 0, points: number | null = null) => ({ points, adjustment, itemIds });

describe('written points', () => {
  it('adds a positive rubric’s applied items from 0, with the adjustment', () => {
    expect(writtenPoints(grade([1, 2]), positive, 10)).toEqual({ points: 5.5, raw: 5.5, capped: false });
    expect(writtenPoints(grade([1, 2], 1), positive, 10).points).toBe(6.5);
    expect(writtenPoints(grade([]), positive, 10).points).toBe(0);
  });

  it('deducts a negative rubric’s applied items from the maximum', () => {
    expect(writtenPoints(grade([7, 8]), negative, 8)).toEqual({ points: 5.5, raw: 5.5, capped: false });
    expect(writtenPoints(grade([]), negative, 8).points).toBe(8);
  });

  it('bounds the result by 0 … max and says so', () => {
    expect(writtenPoints(grade([1, 2, 3], 2), positive, 10)).toEqual({ points: 10, raw: 11.5, capped: true });
    expect(writtenPoints(grade([7], -7), negative, 8)).toEqual({ points: 0, raw: -1, capped: true });
    expect(writtenPoints(grade([], 0, 9), null, 8)).toEqual({ points: 8, raw: 9, capped: true });
  });

  it('takes points given directly as they are, rubric or not', () => {
    expect(writtenPoints(grade([], 0, 7.5), positive, 10).points).toBe(7.5);
    expect(writtenPoints(grade([], 0, 0), negative, 10).points).toBe(0);
  });

  it('re-scores with the rubric as it is now: a changed item counts its new points, a removed one nothing', () => {
    const edited: RubricForPoints = { scoring: 'positive', items: [{ id: 1, points: 1 }, { id: 3, points: 4 }] };
    expect(writtenPoints(grade([1, 2, 3]), edited, 10).points).toBe(5);
  });

  it('gives the first nine items the keys 1–9', () => {
    expect([0, 8, 9, -1].map(rubricKey)).toEqual(['1', '9', null, null]);
  });
});
