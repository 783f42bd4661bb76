import { describe, expect, it } from 'vitest';
import { nthSmallest, SampleArena } from './bubble-fills';

describe('the page templates’ percentile and the bubbles’ sample arena', () => {
  it('nthSmallest gives what a sort puts at k, ties and repeats included', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let trial = 0; trial < 2000; trial++) {
      const n = 1 + Math.floor(random() * 40);
      const values = Float32Array.from({ length: n }, () => (random() < 0.3 ? Math.round(random() * 4) / 4 : random() * 2 - 0.5));
      const sorted = values.slice().sort();
      const k = Math.floor(random() * n);
      expect(nthSmallest(values.slice(), n, k)).toBe(sorted[k]);
    }
  });

  it('hands out NaN-filled samples that do not overlap, from the start again after a reset, growing when asked for more', () => {
    const arena = new SampleArena();
    const a = arena.take(3);
    const b = arena.take(2);
    expect([...a, ...b].every(Number.isNaN)).toBe(true);
    a.fill(1);
    expect([...b].every(Number.isNaN)).toBe(true);
    arena.reset();
    expect(arena.take(3).every(Number.isNaN)).toBe(true);
    const big = arena.take(1 << 20);
    expect(big.length).toBe(1 << 20);
  });
});
