import { expect, it } from 'vitest';
import { chooseOption } from './answer-choice';

it('replaces a single choice and toggles multi-choice marks in map order', () => {
  expect(chooseOption('A', 'C', ['A', 'B', 'C'], false)).toBe('C');
  expect(chooseOption('C', 'A', ['A', 'B', 'C'], true)).toBe('AC');
  expect(chooseOption('AC', 'A', ['A', 'B', 'C'], true)).toBe('C');
});
