import { describe, expect, it } from 'vitest';
import type { ScoreField } from '../geometry/card-geometry';
import { scoreFieldRows } from '../geometry/score-field-layout';
import { questionScoreFromFields, scoreFieldPoints, type ScoreColumnReading } from './score-field-points';

const rect = { x: 0, y: 0, w: 12, h: 9 };
const field = (max: number, half: boolean): Pick<ScoreField, 'max' | 'bubbles'> => ({
  max,
  bubbles: scoreFieldRows(max, half).flatMap((row) => row.bubbles.map((b) => ({ column: row.column, points: b.points, rect }))),
});
const ok = (answer: string): ScoreColumnReading => ({ status: 'ok', answer });
const blank: ScoreColumnReading = { status: 'blank', answer: '' };

describe('score field points', () => {
  it('adds tens, units and the half', () => {
    expect(scoreFieldPoints(field(20, true), { tens: ok('10'), units: ok('7'), half: ok('0.5') })).toEqual({ status: 'ok', points: 17.5 });
    expect(scoreFieldPoints(field(20, false), { tens: ok('20'), units: ok('0') })).toEqual({ status: 'ok', points: 20 });
  });

  it('reads a blank tens column as 0, but a blank units column under a tens mark needs a person', () => {
    expect(scoreFieldPoints(field(15, false), { tens: blank, units: ok('7') })).toEqual({ status: 'ok', points: 7 });
    expect(scoreFieldPoints(field(15, false), { tens: ok('10'), units: blank })).toEqual({ status: 'review', reason: 'incomplete' });
  });

  it('reads the one marked bubble of a 0…max row, with the half', () => {
    expect(scoreFieldPoints(field(5, true), { points: ok('4'), half: ok('0.5') })).toEqual({ status: 'ok', points: 4.5 });
    expect(scoreFieldPoints(field(5, true), { points: ok('0') })).toEqual({ status: 'ok', points: 0 });
    expect(scoreFieldPoints(field(5, true), { half: ok('0.5') })).toEqual({ status: 'ok', points: 0.5 });
  });

  it('never turns an unmarked field into 0', () => {
    expect(scoreFieldPoints(field(5, true), {})).toEqual({ status: 'blank' });
    expect(scoreFieldPoints(field(15, true), { tens: blank, units: blank, half: blank })).toEqual({ status: 'blank' });
  });

  it('sends doubts to review: a faint or double mark anywhere, or more than the max', () => {
    expect(scoreFieldPoints(field(15, false), { tens: { status: 'ambiguous', answer: '' }, units: ok('3') })).toEqual({ status: 'review', reason: 'ambiguous' });
    expect(scoreFieldPoints(field(10, true), { points: { status: 'multiple', answer: '34' } })).toEqual({ status: 'review', reason: 'multiple' });
    expect(scoreFieldPoints(field(15, false), { tens: ok('10'), units: ok('8') })).toEqual({ status: 'review', reason: 'over-max' });
    expect(scoreFieldPoints(field(5, true), { points: ok('5'), half: ok('0.5') })).toEqual({ status: 'review', reason: 'over-max' });
  });

  it('sums a question’s fields; a part left blank beside a graded one needs a person', () => {
    expect(questionScoreFromFields([{ status: 'ok', points: 6 }, { status: 'ok', points: 2.5 }])).toEqual({ status: 'ok', points: 8.5 });
    expect(questionScoreFromFields([{ status: 'blank' }, { status: 'blank' }])).toEqual({ status: 'blank' });
    expect(questionScoreFromFields([{ status: 'ok', points: 6 }, { status: 'blank' }])).toEqual({ status: 'review', reason: 'incomplete' });
    expect(questionScoreFromFields([{ status: 'ok', points: 6 }, { status: 'review', reason: 'multiple' }])).toEqual({ status: 'review', reason: 'multiple' });
  });
});
