import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { rngFrom } from '../../tests/support/scan-corpus/pencil';
import { formatPageCode } from '../shared/geometry/page-code';
import { correct, correctedModules, dataOrder, eccOf, M_BLOCKS, syndromes } from './code-erasures';

// Issue 29: the page code's codewords corrected with erasures (the least sure codewords of a symbol
// solved on its known grid), keeping two symbols of redundancy unspent.

const TEXTS = { 1: formatPageCode({ document: 7301, layout: '50QB', page: 1, student: 9007 }), 2: formatPageCode({ document: 1_700_000_000, layout: 'Z9Z9', page: 12, student: 2_000_000_000, version: 'B' }) } as const;

function symbol(version: 1 | 2) {
  const { modules } = QRCode.create(TEXTS[version], { errorCorrectionLevel: 'M', maskPattern: 0, version });
  const n = modules.size;
  const value = Float64Array.from({ length: n * n }, (_, i) => modules.get(Math.floor(i / n), i % n));
  return { n, value, order: dataOrder(n, (r, c) => modules.isReserved(r, c) === 1) };
}

function codewordsOf(value: Float64Array, n: number, order: readonly number[], total: number): number[] {
  const word = new Array<number>(total).fill(0);
  for (let k = 0; k < total * 8; k++) {
    const i = order[k];
    const bit = (value[i] > 0.5) !== ((Math.floor(i / n) + (i % n)) % 2 === 0) ? 1 : 0;
    word[k >> 3] |= bit << (7 - (k & 7));
  }
  return word;
}

describe('page code codewords with erasures', () => {
  it('an encoded block has every syndrome zero', () => {
    const rng = rngFrom(1);
    const data = Array.from({ length: 16 }, () => Math.floor(rng() * 256));
    expect(syndromes([...data, ...eccOf(data, 10)], 10).every((s) => s === 0)).toBe(true);
  });

  it.each([1, 2] as const)('reads the print\'s own version-%i symbol (mask 0, level M) back as a codeword: placement and mask as the standard lays them', (version) => {
    const { n, value, order } = symbol(version);
    const { total, ecc } = M_BLOCKS[version];
    expect(order.length).toBeGreaterThanOrEqual(total * 8);
    expect(syndromes(codewordsOf(value, n, order, total), ecc).every((s) => s === 0)).toBe(true);
  });

  it('corrects e errors and f erasures while 2e + f ≤ ecc − 2, the word exactly', () => {
    const rng = rngFrom(2);
    for (let trial = 0; trial < 200; trial++) {
      const data = Array.from({ length: 16 }, () => Math.floor(rng() * 256));
      const word = [...data, ...eccOf(data, 10)];
      const f = 2 * Math.floor(rng() * 5);
      const e = Math.floor((8 - f) / 2);
      const positions = [...word.keys()].sort(() => rng() - 0.5).slice(0, e + f);
      const bad = [...word];
      for (const p of positions) bad[p] ^= 1 + Math.floor(rng() * 255);
      expect(correct(bad, 10, positions.slice(0, f), 2)).toEqual(word);
    }
  });

  it('past that, gives nothing (or, by chance of 256⁻², another codeword — never checked here as the symbol)', () => {
    const rng = rngFrom(3);
    let wrong = 0;
    for (let trial = 0; trial < 300; trial++) {
      const data = Array.from({ length: 16 }, () => Math.floor(rng() * 256));
      const word = [...data, ...eccOf(data, 10)];
      const positions = [...word.keys()].sort(() => rng() - 0.5).slice(0, 6);
      const bad = [...word];
      for (const p of positions) bad[p] ^= 1 + Math.floor(rng() * 255);
      const fixed = correct(bad, 10, [], 2);
      if (fixed) {
        expect(syndromes(fixed, 10).every((s) => s === 0)).toBe(true);
        if (fixed.join() !== word.join()) wrong++;
      }
    }
    expect(wrong).toBeLessThanOrEqual(1);
  });

  it('a solved symbol with its least sure modules wrong is put right', () => {
    const { n, value, order } = symbol(1);
    const solved = Float64Array.from(value, (v) => (v ? 0.9 : 0.1));
    // Seven modules flipped in seven codewords (past the blind 5), each only just (0.45–0.55).
    for (let w = 0; w < 7; w++) {
      const i = order[w * 8 * 3 + 2];
      solved[i] = value[i] ? 0.46 : 0.54;
    }
    const fixed = correctedModules(solved, n, 1, order);
    expect(fixed && Array.from(fixed)).toEqual(Array.from(value));
  });
});
