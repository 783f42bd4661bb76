import { expect, it } from 'vitest';
import { nextDraft, reviewKey } from './review-keys';

it('reads option letters in either case before the shortcuts', () => {
  expect(reviewKey('b', ['A', 'B', 'C'])).toEqual({ type: 'option', option: 'B' });
  expect(reviewKey('d', ['A', 'B', 'C'])).toEqual({ type: 'discard' });
  expect(reviewKey('D', ['A', 'B', 'C', 'D'])).toEqual({ type: 'option', option: 'D' });
  expect(reviewKey('0', ['A'])).toEqual({ type: 'blank' });
  expect(reviewKey('0', ['0', '1'])).toEqual({ type: 'option', option: '0' });
  expect(reviewKey('Enter', [])).toEqual({ type: 'confirm' });
  expect(reviewKey('ArrowLeft', [])).toEqual({ type: 'move', by: -1 });
  expect(reviewKey('x', ['A'])).toBeNull();
});

it('replaces a single choice and toggles multi-choice marks in map order', () => {
  expect(nextDraft('A', 'C', ['A', 'B', 'C'], false)).toBe('C');
  expect(nextDraft('C', 'A', ['A', 'B', 'C'], true)).toBe('AC');
  expect(nextDraft('AC', 'A', ['A', 'B', 'C'], true)).toBe('C');
});
