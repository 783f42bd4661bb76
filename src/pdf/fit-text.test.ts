import { describe, expect, it } from 'vitest';
import { fitText } from './fit-text';

const cell = { x: 100, y: 50, w: 120, h: 20 };

describe('fitText', () => {
  it('keeps a short name at a readable size, centred in the cell', () => {
    const widthAt1 = 3; // three ideographs, 1 em each
    const fitted = fitText(widthAt1, cell);
    expect(fitted).not.toBeNull();
    const { size, x, baseline } = fitted!;
    expect(size).toBeCloseTo(20 * 0.68);
    expect(x + (widthAt1 * size) / 2).toBeCloseTo(cell.x + cell.w / 2);
    // The em box (0.88 above, 0.12 below the baseline) sits inside the cell, centred.
    expect(baseline - 0.88 * size).toBeGreaterThan(cell.y);
    expect(baseline + 0.12 * size).toBeLessThan(cell.y + cell.h);
    expect((baseline - 0.88 * size + baseline + 0.12 * size) / 2).toBeCloseTo(cell.y + cell.h / 2);
  });

  it('shrinks a long name until it fits between the cell padding, never past the border', () => {
    const widthAt1 = 14; // a fourteen-character name
    const { size, x } = fitText(widthAt1, cell)!;
    expect(size).toBeLessThan(20 * 0.68);
    expect(x).toBeGreaterThanOrEqual(cell.x);
    expect(x + widthAt1 * size).toBeLessThanOrEqual(cell.x + cell.w);
  });

  it('caps the size in a tall cell', () => {
    expect(fitText(2, { x: 0, y: 0, w: 200, h: 60 })!.size).toBe(16);
  });

  it('gives nothing to draw for empty text or a cell with no room', () => {
    expect(fitText(0, cell)).toBeNull();
    expect(fitText(3, { x: 0, y: 0, w: 4, h: 20 })).toBeNull();
  });
});
