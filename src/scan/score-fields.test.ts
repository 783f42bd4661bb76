import { expect, it } from 'vitest';
import { scoreEntries } from './score-fields';

it('stores points read sure as s<q>, a blank or unsure field as empty, and flags only what a person must look at', () => {
  expect(
    scoreEntries([
      { q: 6, status: 'ok', points: 7.5, reason: null },
      { q: 7, status: 'blank', points: null, reason: null },
      { q: 8, status: 'review', points: null, reason: 'over-max' },
    ]),
  ).toEqual({ answers: { s6: '7.5', s7: '', s8: '' }, flags: { s8: 'score-over-max' } });
  expect(scoreEntries(undefined)).toEqual({ answers: {}, flags: {} });
});
