import { expect, it } from 'vitest';
import { gradingKey, toggleItem } from './grading-keys';

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({ key: k, ctrlKey: false, metaKey: false, altKey: false, ...mods });

it('1–9 are the rubric items that exist; arrows and J/K move; Enter saves; modifiers leave the browser its keys', () => {
  expect(gradingKey(key('3'), 4)).toEqual({ kind: 'item', index: 2 });
  expect(gradingKey(key('5'), 4)).toBeNull();
  expect(gradingKey(key('0'), 4)).toBeNull();
  expect(gradingKey(key('ArrowRight'), 0)).toEqual({ kind: 'next' });
  expect(gradingKey(key('k'), 0)).toEqual({ kind: 'previous' });
  expect(gradingKey(key('Enter'), 0)).toEqual({ kind: 'save' });
  expect(gradingKey(key('1', { ctrlKey: true }), 4)).toBeNull();
});

it('toggles an item on and off', () => {
  expect(toggleItem([1, 2], 3)).toEqual([1, 2, 3]);
  expect(toggleItem([1, 2, 3], 2)).toEqual([1, 3]);
});
