import { describe, expect, it } from 'vitest';
import { pageWindow } from './page-window';

describe('the 5-link page navigator', () => {
  it('centres on the current page and clamps at both ends', () => {
    expect(pageWindow(1, 1, 5)).toEqual([1]);
    expect(pageWindow(1, 3, 5)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 20, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(10, 20, 5)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(20, 20, 5)).toEqual([16, 17, 18, 19, 20]);
  });
});
