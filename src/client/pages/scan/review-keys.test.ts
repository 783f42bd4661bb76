import { expect, it } from 'vitest';
import { firstDraft, reviewKey } from './review-keys';

it('reads option letters in either case before the shortcuts', () => {
  expect(reviewKey('b', ['A', 'B', 'C'])).toEqual({ type: 'option', option: 'B' });
  expect(reviewKey('D', ['A', 'B', 'C', 'D'])).toEqual({ type: 'option', option: 'D' });
  expect(reviewKey('0', ['A'])).toEqual({ type: 'blank' });
  expect(reviewKey('0', ['0', '1'])).toEqual({ type: 'option', option: '0' });
  expect(reviewKey('Enter', [])).toEqual({ type: 'confirm' });
  expect(reviewKey('ArrowLeft', [])).toEqual({ type: 'move', by: -1 });
  expect(reviewKey('x', ['A'])).toBeNull();
});

it('never discards on a letter: D is an option or nothing, Delete only asks', () => {
  expect(reviewKey('d', ['A', 'B', 'C'])).toBeNull();
  expect(reviewKey('Delete', ['A'])).toEqual({ type: 'discard' });
});

it('picks 是 with O or 1 and 否 with X or 2 on a true/false question', () => {
  const tf = ['是', '否'];
  for (const key of ['o', 'O', '1', 't']) expect(reviewKey(key, tf, 'truefalse')).toEqual({ type: 'option', option: '是' });
  for (const key of ['x', 'X', '2', 'f']) expect(reviewKey(key, tf, 'truefalse')).toEqual({ type: 'option', option: '否' });
  expect(reviewKey('0', tf, 'truefalse')).toEqual({ type: 'blank' });
});

it('opens on the likely answer, never on a double mark of a one-mark question', () => {
  const base = { options: ['A', 'B', 'C', 'D'], question_kind: 'single' };
  expect(firstDraft({ ...base, proposal: 'D', read: '', status: 'ambiguous' })).toBe('D');
  expect(firstDraft({ ...base, proposal: null, read: 'AB', status: 'multiple' })).toBe('');
  expect(firstDraft({ ...base, question_kind: 'multi', proposal: null, read: 'AB', status: 'ambiguous' })).toBe('AB');
});
