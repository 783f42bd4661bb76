/**
 * The page code's codewords corrected with erasures (docs/scan-reading.md "Photos", issue 29): a
 * symbol solved on its known grid (code-grid.ts) carries, for every module, how sure the solve is
 * of it. A barcode reader corrects up to (n − k) / 2 wrong codewords blind; told which codewords are
 * the least sure (erasures), Reed–Solomon corrects e errors and f erasures while 2e + f ≤ n − k.
 * Here the least sure codewords are erased, a few at a time, always keeping MARGIN symbols of
 * redundancy unused (a corrected word that is not the symbol's own then fails its syndromes but for
 * a chance of about 256^−MARGIN): what comes back is a codeword with every syndrome zero, written
 * back into the modules for ZXing to read as any other symbol. Version 1 and 2 at level M (one block
 * each), mask pattern 0 — the print's own (src/pdf/qr-modules.ts). Pure.
 */

// GF(256) with the QR polynomial x⁸ + x⁴ + x³ + x² + 1.
const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
{
  let x = 1;
  for (let i = 0; i < 255; i++) {
    EXP[i] = x;
    LOG[x] = i;
    x <<= 1;
    if (x & 0x100) x ^= 0x11d;
  }
  for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255];
}
const mul = (a: number, b: number) => (a === 0 || b === 0 ? 0 : EXP[LOG[a] + LOG[b]]);
const div = (a: number, b: number) => (a === 0 ? 0 : EXP[(LOG[a] + 255 - LOG[b]) % 255]);
const pow2 = (e: number) => EXP[((e % 255) + 255) % 255];

/** Polynomials as coefficient arrays, highest degree first. */
function polyEval(p: readonly number[], x: number): number {
  let y = p[0];
  for (let i = 1; i < p.length; i++) y = mul(y, x) ^ p[i];
  return y;
}
/** A product of polynomials (a convolution: the same whichever end the coefficients start from). */
function polyMul(p: readonly number[], q: readonly number[]): number[] {
  const r = new Array<number>(p.length + q.length - 1).fill(0);
  for (let i = 0; i < p.length; i++) for (let j = 0; j < q.length; j++) r[i + j] ^= mul(p[i], q[j]);
  return r;
}
function polyScale(p: readonly number[], k: number): number[] {
  return p.map((c) => mul(c, k));
}
function polyAdd(p: readonly number[], q: readonly number[]): number[] {
  const r = new Array<number>(Math.max(p.length, q.length)).fill(0);
  for (let i = 0; i < p.length; i++) r[i + r.length - p.length] = p[i];
  for (let i = 0; i < q.length; i++) r[i + r.length - q.length] ^= q[i];
  return r;
}

/** Syndromes S_i = r(α^i), i = 0 … ecc − 1 (the QR generator's roots start at α⁰). */
export function syndromes(word: readonly number[], ecc: number): number[] {
  return Array.from({ length: ecc }, (_, i) => polyEval(word, pow2(i)));
}

/**
 * Reed–Solomon errors-and-erasures decoding (Berlekamp–Massey on the erasure-modified syndromes,
 * Chien search, Forney), after the classic formulation for a first consecutive root α⁰. `erased`:
 * codeword positions (0 = first). The corrected word, or null when it cannot be corrected within
 * 2e + f ≤ ecc − margin or the result is not a codeword.
 */
export function correct(word: readonly number[], ecc: number, erased: readonly number[], margin: number): number[] | null {
  const n = word.length;
  const synd = syndromes(word, ecc);
  if (synd.every((s) => s === 0)) return [...word];
  if (erased.length > ecc - margin) return null;
  // Erasure locator Γ(x) = Π (1 − X_k x), X_k = α^(n − 1 − pos); coefficients here lowest degree first.
  let gamma = [1];
  for (const pos of erased) gamma = polyMul(gamma, [1, pow2(n - 1 - pos)]);
  // Berlekamp–Massey from the erasure locator (lowest-degree-first arrays).
  let lambda = [...gamma];
  let prev = [...gamma];
  let l = erased.length;
  let m = 1;
  let b = 1;
  for (let r = erased.length; r < ecc; r++) {
    let delta = 0;
    for (let i = 0; i < lambda.length; i++) if (r - i >= 0) delta ^= mul(lambda[i], synd[r - i]);
    if (delta === 0) {
      m++;
      continue;
    }
    const shifted = [...new Array<number>(m).fill(0), ...prev.map((c) => mul(c, div(delta, b)))];
    const next = new Array<number>(Math.max(lambda.length, shifted.length)).fill(0);
    for (let i = 0; i < next.length; i++) next[i] = (lambda[i] ?? 0) ^ (shifted[i] ?? 0);
    if (2 * l <= r + erased.length) {
      prev = lambda;
      l = r + erased.length + 1 - l;
      b = delta;
      m = 1;
    } else m++;
    lambda = next;
  }
  while (lambda.length > 1 && lambda[lambda.length - 1] === 0) lambda.pop();
  const degree = lambda.length - 1;
  const errors = degree - erased.length;
  if (errors < 0 || 2 * errors + erased.length > ecc - margin) return null;
  // Chien search: positions whose X⁻¹ is a root of Λ.
  const positions: number[] = [];
  for (let pos = 0; pos < n; pos++) {
    const xInv = pow2(-(n - 1 - pos));
    let v = 0;
    for (let i = lambda.length - 1; i >= 0; i--) v = mul(v, xInv) ^ lambda[i];
    if (v === 0) positions.push(pos);
  }
  if (positions.length !== degree) return null;
  // Forney: Ω(x) = S(x)·Λ(x) mod x^ecc; e_k = X_k · Ω(X_k⁻¹) / Λ'(X_k⁻¹) (first root α⁰).
  const omega = polyMul(synd, lambda).slice(0, ecc);
  const out = [...word];
  for (const pos of positions) {
    const x = pow2(n - 1 - pos);
    const xInv = pow2(-(n - 1 - pos));
    let num = 0;
    for (let i = omega.length - 1; i >= 0; i--) num = mul(num, xInv) ^ omega[i];
    // Formal derivative: odd-degree terms only.
    let den = 0;
    for (let i = 1; i < lambda.length; i += 2) den ^= mul(lambda[i], pow2(-(n - 1 - pos) * (i - 1)));
    if (den === 0) return null;
    out[pos] ^= mul(x, div(num, den));
  }
  return syndromes(out, ecc).every((s) => s === 0) ? out : null;
}

/** The QR data region's modules in codeword-bit order (the standard's two-column zigzag from the bottom right), given which modules are function patterns. */
export function dataOrder(size: number, reserved: (r: number, c: number) => boolean): number[] {
  const order: number[] = [];
  let inc = -1;
  let row = size - 1;
  for (let col = size - 1; col > 0; col -= 2) {
    if (col === 6) col--;
    for (;;) {
      for (let c = 0; c < 2; c++) if (!reserved(row, col - c)) order.push(row * size + col - c);
      row += inc;
      if (row < 0 || row >= size) {
        row -= inc;
        inc = -inc;
        break;
      }
    }
  }
  return order;
}

/** Level M, one block: total and error-correction codewords of versions 1 and 2. */
export const M_BLOCKS: Record<1 | 2, { total: number; ecc: number }> = { 1: { total: 26, ecc: 10 }, 2: { total: 44, ecc: 16 } };
/** Redundancy never spent on erasures: what keeps a wrong word from passing for the symbol. */
const MARGIN = 2;

/** Mask pattern 0: a module is flipped where (row + column) is even. */
/** Mask pattern 0 flips a module where row + column is even. */
export const masked = (index: number, size: number) => (Math.floor(index / size) + (index % size)) % 2 === 0;

/**
 * The symbol's modules (value > 0.5 dark) with its codewords corrected, erasing the least sure
 * codewords 0, 2, 4, … at a time; each module's sureness is |value − ½| (a codeword is as sure as
 * its least sure bit). Null when no trial gives a codeword. `order`: dataOrder for the version.
 */
export function correctedModules(value: Float64Array, size: number, version: 1 | 2, order: readonly number[]): Float64Array | null {
  const { total, ecc } = M_BLOCKS[version];
  const word = new Array<number>(total).fill(0);
  const sureness = new Array<number>(total).fill(1);
  for (let k = 0; k < total * 8; k++) {
    const i = order[k];
    const bit = (value[i] > 0.5) !== masked(i, size) ? 1 : 0;
    const w = k >> 3;
    word[w] |= bit << (7 - (k & 7));
    sureness[w] = Math.min(sureness[w], Math.abs(value[i] - 0.5));
  }
  const leastSure = sureness.map((s, i) => [s, i] as const).sort((a, b) => a[0] - b[0]).map(([, i]) => i);
  for (let f = 0; f <= ecc - MARGIN; f += 2) {
    const fixed = correct(word, ecc, leastSure.slice(0, f), MARGIN);
    if (!fixed) continue;
    const out = Float64Array.from(value, (v) => (v > 0.5 ? 1 : 0));
    for (let k = 0; k < total * 8; k++) {
      const i = order[k];
      const bit = (fixed[k >> 3] >> (7 - (k & 7))) & 1;
      out[i] = (bit === 1) !== masked(i, size) ? 1 : 0;
    }
    return out;
  }
  return null;
}

// Kept for the tests: an encoder's remainder (to make codewords to corrupt).
export function eccOf(data: readonly number[], ecc: number): number[] {
  let g = [1];
  for (let i = 0; i < ecc; i++) g = polyMul(g, [1, pow2(i)]);
  let rem = [...data, ...new Array<number>(ecc).fill(0)];
  for (let i = 0; i < data.length; i++) {
    const coef = rem[i];
    if (coef !== 0) rem = polyAdd(rem, [...new Array<number>(i).fill(0), ...polyScale(g, coef), ...new Array<number>(rem.length - i - g.length).fill(0)]);
  }
  return rem.slice(data.length);
}
