import { describe, expect, it } from 'vitest';
import { expectedScoreBubbles, scoreFieldLayout, scoreFieldRows } from './score-field-layout';

const points = (max: number, half: boolean) => scoreFieldRows(max, half).map((row) => [row.column, row.bubbles.map((b) => b.points)]);

describe('score field layout', () => {
  it('prints one 0…max row up to 10 points, digits above', () => {
    expect(scoreFieldLayout(10)).toBe('scale');
    expect(scoreFieldLayout(10.5)).toBe('scale');
    expect(scoreFieldLayout(11)).toBe('digits');
    expect(points(5, false)).toEqual([['points', [0, 1, 2, 3, 4, 5]]]);
    expect(points(7.5, true)).toEqual([['points', [0, 1, 2, 3, 4, 5, 6, 7]], ['half', [0.5]]]);
  });

  it('gives the tens row only the digits the max needs, the units row all ten', () => {
    expect(points(15, false)).toEqual([['tens', [0, 10]], ['units', [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]]]);
    expect(points(99.5, true)[0]).toEqual(['tens', [0, 10, 20, 30, 40, 50, 60, 70, 80, 90]]);
    expect(scoreFieldRows(20, true).map((r) => r.label)).toEqual(['十位', '個位', '']);
    expect(scoreFieldRows(20, true).at(-1)!.bubbles).toEqual([{ points: 0.5, text: '.5' }]);
  });

  it('lists the bubbles a measured field must have', () => {
    expect(expectedScoreBubbles(3, true)).toEqual(['points:0', 'points:1', 'points:2', 'points:3', 'half:0.5']);
  });
});
