import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { formatPageCode, PAGE_CODE_QR } from '../shared/geometry/page-code';
import { MATCH, matchCandidates, pageCodesOf } from './code-candidates';
import { SYMBOL_PLANS } from './code-grid';

// A page code blurred past decoding, matched whole against the codes the upload can carry
// (docs/scan-reading.md "Photos"): the solve's unsure modules weigh little, its sure ones decide.

const school = Array.from({ length: 2000 }, (_, i) => 4000 + i);
const codes = pageCodesOf({ document: 812, layout: 'K3Q9', pages: 2, students: school, versions: 1 });

/** A pseudo-random sequence (a fixed seed: the same modules every run). */
function random(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

/**
 * What a known-grid solve gives for `text`: each module crisp (0.95 / 0.05), but `unsure` of the
 * plan's unknown modules near a half (0.3–0.7), on the wrong side for `wrongSide` of them.
 */
function solved(text: string, unsure: number, wrongSide: number, seed = 7) {
  const { modules } = QRCode.create(text, PAGE_CODE_QR);
  const plan = SYMBOL_PLANS.find((p) => !p.anyMask && p.size === modules.size)!;
  const value = Float64Array.from(modules.data, (d) => (d ? 0.95 : 0.05));
  const unknown = [...plan.unknown];
  const next = random(seed);
  for (let i = unknown.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [unknown[i], unknown[j]] = [unknown[j], unknown[i]];
  }
  unknown.slice(0, unsure).forEach((k, i) => {
    const away = 0.05 + 0.15 * next(); // 0.05–0.2 from a half
    const dark = modules.data[k] === 1;
    value[k] = (i < wrongSide) !== dark ? 0.5 + away : 0.5 - away;
  });
  return { value, plan, unknown: unknown.length };
}

describe('matchCandidates', () => {
  const truth = formatPageCode({ document: 812, layout: 'K3Q9', page: 2, student: 4711 });

  it('finds the code among 4,000 (2,000 students × 2 pages) when the blur left 60 modules unsure, 30 of them on the wrong side', () => {
    const { value, plan, unknown } = solved(truth, 60, 30);
    expect(unknown).toBeGreaterThan(150);
    const match = matchCandidates(value, plan, codes);
    expect(match?.text).toBe(truth);
    expect(match!.sureWrong).toBe(0);
    expect(match!.secondCost - match!.cost).toBeGreaterThanOrEqual(MATCH.minGap);
  });

  it('gives nothing when the page’s own code is not among them (a student since deleted): the nearest student’s code contradicts sure modules', () => {
    const without = codes.filter((c) => c !== truth);
    for (const unsure of [0, 30, 60]) {
      const { value, plan } = solved(truth, unsure, unsure / 2, unsure + 1);
      expect(matchCandidates(value, plan, without)).toBeNull();
    }
  });

  it('gives nothing for another card’s code, nor for a solve unsure everywhere', () => {
    const other = solved(formatPageCode({ document: 813, layout: 'K3Q9', page: 1, student: 4711 }), 20, 10);
    expect(matchCandidates(other.value, other.plan, codes)).toBeNull();
    const { value, plan } = solved(truth, 0, 0);
    const vague = value.map((v) => 0.5 + (v - 0.5) * 0.05);
    expect(matchCandidates(vague, plan, codes)).toBeNull();
  });

  it('never takes a symbol of another mask (an older print): its data is not encoded alike', () => {
    const { value } = solved(truth, 0, 0);
    const anyMask = SYMBOL_PLANS.find((p) => p.anyMask && p.size === 21)!;
    expect(matchCandidates(value, anyMask, codes)).toBeNull();
  });
});

describe('pageCodesOf', () => {
  it('is every page of every student, with each version only for a card printed in versions', () => {
    expect(codes).toHaveLength(4000);
    expect(pageCodesOf({ document: 812, layout: 'K3Q9', pages: 1, students: [5], versions: 1 })).toEqual([formatPageCode({ document: 812, layout: 'K3Q9', page: 1, student: 5 })]);
    expect(pageCodesOf({ document: 812, layout: 'K3Q9', pages: 1, students: [5], versions: 2 })).toEqual(['', 'A', 'B'].map((v) => formatPageCode({ document: 812, layout: 'K3Q9', page: 1, student: 5, ...(v ? { version: v as 'A' | 'B' } : {}) })));
  });
});
