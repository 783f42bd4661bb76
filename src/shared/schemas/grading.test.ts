import { describe, expect, it } from 'vitest';
import { ZHalfPoints, ZLegacyWrittenScoresInput, ZSaveGradeInput, ZSaveRubricInput } from './grading';

const guid = '0f8fad5b-d9cb-469f-a165-70867728950e';
const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? null : r.error!.issues[0].message);

describe('grading inputs', () => {
  it('takes written points in halves from 0 to 100', () => {
    expect(ZHalfPoints.parse('7.5')).toBe(7.5);
    expect(first(ZHalfPoints.safeParse(7.25))).toBe('grading.badPoints');
    expect(first(ZHalfPoints.safeParse(-1))).toBe('grading.badPoints');
    expect(first(ZHalfPoints.safeParse(100.5))).toBe('grading.badPoints');
  });

  it('checks a rubric: signed item points, not 0, at most 20 items', () => {
    const rubric = (items: unknown[]) => ({ guid, q: 3, version: 0, scoring: 'negative', items });
    expect(ZSaveRubricInput.safeParse(rubric([{ points: -2, description: '單位錯誤' }])).success).toBe(true);
    expect(first(ZSaveRubricInput.safeParse(rubric([{ points: 0, description: '' }])))).toBe('grading.badItemPoints');
    expect(first(ZSaveRubricInput.safeParse(rubric(Array.from({ length: 21 }, () => ({ points: 1, description: '' })))))).toBe('grading.tooManyItems');
  });

  it('takes a grade as points or as items with an adjustment, not both', () => {
    const grade = { guid, student_id: 1, q: 3, version: 2, comment: '' };
    expect(ZSaveGradeInput.safeParse({ ...grade, points: 6, item_ids: [], adjustment: 0 }).success).toBe(true);
    expect(ZSaveGradeInput.safeParse({ ...grade, points: null, item_ids: [4, 5], adjustment: -0.5 }).success).toBe(true);
    expect(first(ZSaveGradeInput.safeParse({ ...grade, points: 6, item_ids: [4], adjustment: 0 }))).toBe('grading.pointsOrItems');
    expect(first(ZSaveGradeInput.safeParse({ ...grade, points: null, item_ids: [], adjustment: 0.3 }))).toBe('grading.badAdjustment');
    expect(first(ZSaveGradeInput.safeParse({ ...grade, points: null, item_ids: [], adjustment: 0, comment: 'x'.repeat(1001) }))).toBe('grading.commentTooLong');
  });

  it('takes the legacy writtenScores rows', () => {
    expect(ZLegacyWrittenScoresInput.safeParse({ guid, scores: [{ student_number: '810101', q: '12', points: '8.5', comment: '計算正確' }] }).success).toBe(true);
    expect(first(ZLegacyWrittenScoresInput.safeParse({ guid, scores: [{ student_number: '810101', q: 12, points: 8.2 }] }))).toBe('grading.badPoints');
  });
});
