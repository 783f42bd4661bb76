import { expect, it } from 'vitest';
import { ZLegacySaveKeyInput, ZSaveKeyInput, ZScoresDownloadInput } from './scores';

const guid = '5b0c0a4e-1111-4222-8333-944445555666';

it('legacy answerKey: defaults, yes/no as integrators send them, question numbers only', () => {
  const parsed = ZLegacySaveKeyInput.parse({ guid, key: { 12: { answer: 'AC' }, 3: { answer: 'B', points: '2.5', bonus: '1', dropped: 0 } } });
  expect(parsed.key['12']).toEqual({ answer: 'AC', points: 1 });
  expect(parsed.key['3']).toEqual({ answer: 'B', points: 2.5, bonus: true, dropped: false });
  expect(ZLegacySaveKeyInput.safeParse({ guid, key: { x: { answer: 'A' } } }).success).toBe(false);
  expect(ZLegacySaveKeyInput.safeParse({ guid, key: { 1: { answer: 'A', bonus: 'maybe' } } }).success).toBe(false);
});

it('points from 0 to 100 in hundredths; rules by name', () => {
  const q = (points: unknown, rule: unknown = 'all') => ZSaveKeyInput.safeParse({ guid, questions: [{ q: 1, answer: 'A', points, rule }] });
  expect(q(0).success && q(100).success && q(1.25).success).toBe(true);
  for (const bad of [-1, 100.5, 1.255, 'x']) expect(q(bad).error?.issues[0].message).toBe('scores.badPoints');
  expect(q(1, 'most').error?.issues[0].message).toBe('scores.badRule');
  expect(ZSaveKeyInput.safeParse({ guid, questions: [] }).error?.issues[0].message).toBe('scores.emptyKey');
});

it('downloads default to xlsx and know three formats', () => {
  expect(ZScoresDownloadInput.parse({ guid }).format).toBe('xlsx');
  expect(ZScoresDownloadInput.safeParse({ guid, format: 'doc' }).error?.issues[0].message).toBe('scores.badFormat');
});
