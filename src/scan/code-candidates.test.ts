import QRCode from 'qrcode';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { formatPageCode, PAGE_CODE_QR } from '../shared/geometry/page-code';
import { PAGE_CODE_RECT } from '../shared/geometry/scan-layout';
import { MATCH, matchCandidates, matchOnPixels, pageCodesOf, WHOLE } from './code-candidates';
import { fitKnown, MODULE_PT, solveSymbol, symbolCost, symbolCostsOf, SYMBOL_PLANS } from './code-grid';
import type { Homography } from './homography';
import type { GrayImage } from './page-reading';

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

// Blurred a whole module (σ 1 module, 3 px a module, as a 12 MP corner photo holds a turned
// sheet's code), the solve's modules are too unsure to vote; the pixels themselves still say
// which of the candidates was printed (matchOnPixels: each symbol costed whole on them).
describe('matchOnPixels', () => {
  const truth = formatPageCode({ document: 812, layout: 'K3Q9', page: 1, student: 4711 });
  const PX_PER_PT = 3 / MODULE_PT;
  const origin = { x: PAGE_CODE_RECT.x - 12, y: PAGE_CODE_RECT.y - 12 };
  const toImage: Homography = [PX_PER_PT, 0, -origin.x * PX_PER_PT, 0, PX_PER_PT, -origin.y * PX_PER_PT, 0, 0, 1];

  /** The symbol of `text` printed where the page puts it, blurred σ `modules` module, with grey noise. */
  async function photographed(text: string, modules: number, seed = 3): Promise<GrayImage> {
    const { modules: m } = QRCode.create(text, PAGE_CODE_QR);
    const plan = SYMBOL_PLANS.find((p) => !p.anyMask && p.size === m.size)!;
    const side = Math.ceil((PAGE_CODE_RECT.w + 24) * PX_PER_PT);
    const data = new Uint8Array(side * side);
    for (let y = 0; y < side; y++) for (let x = 0; x < side; x++) {
      const c = Math.floor(((x + 0.5) / PX_PER_PT + origin.x - plan.x0) / MODULE_PT);
      const r = Math.floor(((y + 0.5) / PX_PER_PT + origin.y - plan.y0) / MODULE_PT);
      data[y * side + x] = c >= 0 && r >= 0 && c < m.size && r < m.size && m.get(r, c) ? 40 : 225;
    }
    const blurred = new Uint8Array(await sharp(data, { raw: { width: side, height: side, channels: 1 } }).blur(3 * modules).toColourspace('b-w').raw().toBuffer());
    const next = random(seed);
    for (let i = 0; i < blurred.length; i++) blurred[i] = Math.max(0, Math.min(255, blurred[i] + Math.round((next() + next() + next() - 1.5) * 8)));
    return { width: side, height: side, data: blurred };
  }

  const costed = async (text: string, modules: number) => {
    const image = await photographed(text, modules);
    const fit = SYMBOL_PLANS.filter((p) => !p.anyMask).map((plan) => fitKnown(image, toImage, plan)).sort((a, b) => b.explained - a.explained)[0];
    return { fit, costs: symbolCostsOf(fit, solveSymbol(fit, toImage)) };
  };

  it('finds the code among 4,000 at σ 1.15 module, past the solve (not tried over 1.05 module)', async () => {
    const { fit, costs } = await costed(truth, 1.15);
    expect(fit.sigmaModules).toBeGreaterThan(1.05);
    const match = matchOnPixels(costs, fit.plan, codes);
    expect(match?.text).toBe(truth);
    expect(match!.cost).toBeLessThanOrEqual(WHOLE.maxExcess);
    expect(match!.secondCost).toBeGreaterThanOrEqual(WHOLE.minRatio * match!.cost);
  });

  it('gives nothing when its own code is not among them, nor for another card’s code, nor for a symbol of another mask', async () => {
    const { fit, costs } = await costed(truth, 1.15);
    expect(matchOnPixels(costs, fit.plan, codes.filter((c) => c !== truth))).toBeNull();
    const other = await costed(formatPageCode({ document: 813, layout: 'K3Q9', page: 1, student: 4711 }), 1.15);
    expect(matchOnPixels(other.costs, other.fit.plan, codes)).toBeNull();
    expect(matchOnPixels(costs, SYMBOL_PLANS.find((p) => p.anyMask && p.size === fit.plan.size)!, codes)).toBeNull();
  });

  it('on a sharper code (σ 0.6 module), whose own symbol fits as well as the free solve, still asks the others to fit several times worse', async () => {
    const { fit, costs } = await costed(truth, 0.6);
    const { modules } = QRCode.create(truth, PAGE_CODE_QR);
    expect(symbolCost(costs, Uint8Array.from(modules.data))).toBeLessThan(costs.free * 1.2);
    expect(matchOnPixels(costs, fit.plan, codes)?.text).toBe(truth);
    expect(matchOnPixels(costs, fit.plan, codes.filter((c) => c !== truth))).toBeNull();
  });
});
