import QRCode from 'qrcode';
import { EXAM_VERSIONS, formatPageCode, PAGE_CODE_QR } from '../shared/geometry/page-code';
import { symbolCost, type SymbolCosts, type SymbolPlan } from './code-grid';

/**
 * A page code blurred past decoding, matched whole against the codes the upload's pages can carry
 * (docs/scan-reading.md "Photos", issue 29). Where the known-grid solve (code-grid.ts) leaves more
 * wrong modules than Reed–Solomon corrects even with erasures (a code blurred 0.8–1.05 module: 3–35
 * of a version-1 symbol's 208 data modules wrong), the page's possible codes are few and known — the
 * card's pages × the school's students (× the versions it was printed in) — and every one of them
 * is encoded as the print encodes it (PAGE_CODE_QR) and compared, module by module, with the solved
 * symbol. Two codes of one card differ in at least the Reed–Solomon distance (11 codewords of a
 * version-1 symbol, 17 of a version-2 one; measured over 12,000 codes, ≥ 32 of a version-1 symbol's
 * 178 modules not known beforehand, ≥ 44 of a version-2's 330): a match is taken only when one code
 * lies close to the solve and every other code clearly further (MATCH), else nothing — the page is
 * set aside as before, never given to the nearest student by a hair.
 */

/** The thresholds of a match (a module's sureness: |2v − 1|, 0 for a solve of ½, 1 for a crisp one). */
export const MATCH = {
  /** A module the solve is this sure of counts as sure. */
  sure: 0.5,
  /** The nearest code disagrees with at most this many sure modules (a code one student off: ≥ 11 codewords, dozens). */
  maxSureWrong: 4,
  /** Every other code costs at least this much more (the sum of the sureness of the modules it disagrees with). */
  minGap: 12,
} as const;

/** The candidates' symbols, encoded once per list (a batch's list is asked for on every blurred page). */
const encoded = new WeakMap<readonly string[], Map<number, { text: string; modules: Uint8Array }[]>>();

function symbolsOf(texts: readonly string[]): Map<number, { text: string; modules: Uint8Array }[]> {
  const known = encoded.get(texts);
  if (known) return known;
  const bySize = new Map<number, { text: string; modules: Uint8Array }[]>();
  for (const text of new Set(texts)) {
    const { modules } = QRCode.create(text, PAGE_CODE_QR);
    const list = bySize.get(modules.size) ?? bySize.set(modules.size, []).get(modules.size)!;
    list.push({ text, modules: Uint8Array.from(modules.data) });
  }
  encoded.set(texts, bySize);
  return bySize;
}

export type CandidateMatch = { text: string; cost: number; sureWrong: number; secondCost: number; modules: number };

/**
 * The candidate the solved symbol (`value`: one value in [0, 1] a module, 1 dark, as code-grid.ts
 * solveSymbol gives) is, judged on the modules the plan did not know: each candidate costs the
 * sureness of every module it disagrees with, so the modules a blur left unsure weigh little and a
 * code that contradicts what the solve is sure of weighs a lot. Null when the cheapest contradicts
 * more than MATCH.maxSureWrong sure modules (its code is not among them: a student since deleted,
 * another card) or the next is within MATCH.minGap of it. Only the print's own mask: an older
 * print's symbol (another mask) is not encoded alike.
 */
export function matchCandidates(value: Float64Array, plan: SymbolPlan, texts: readonly string[]): CandidateMatch | null {
  if (plan.anyMask || texts.length === 0) return null;
  const list = symbolsOf(texts).get(plan.size);
  if (!list || list.length === 0) return null;
  const { unknown } = plan;
  const dark = Uint8Array.from(unknown, (k) => (value[k] > 0.5 ? 1 : 0));
  const sureness = Float64Array.from(unknown, (k) => Math.abs(2 * value[k] - 1));
  let best: { text: string; cost: number; sureWrong: number } = { text: '', cost: Infinity, sureWrong: 0 };
  let secondCost = Infinity;
  for (const candidate of list) {
    let cost = 0;
    let sureWrong = 0;
    for (let i = 0; i < unknown.length; i++) {
      if (candidate.modules[unknown[i]] === dark[i]) continue;
      cost += sureness[i];
      if (sureness[i] >= MATCH.sure) sureWrong++;
    }
    if (cost < best.cost) {
      secondCost = best.cost;
      best = { text: candidate.text, cost, sureWrong };
    } else if (cost < secondCost) secondCost = cost;
  }
  const match = { ...best, secondCost, modules: unknown.length };
  if (best.sureWrong > MATCH.maxSureWrong || secondCost - best.cost < MATCH.minGap) return null;
  return match;
}

/**
 * The thresholds of a match on the pixels (matchOnPixels). A symbol's excess: what its cost over the
 * code's pixels exceeds the free solve's, as a share of the free solve's (≈ the excess per pixel in
 * units of the noise). Measured on 90 photos of codes blurred 0.6–1.1 module (corners at any turn,
 * 12 and 3 MP, 4,000 candidates): its own code 0.25–0.92; the nearest other code 1.8–6.9 where
 * the patterns fit, and that nearest other 3.5–40 × the own code's excess. With its own code left
 * out, the nearest two others were within 1.66 × of each other on every page.
 */
export const WHOLE = {
  /** The cheapest symbol's excess at most this (its own code: ≤ 0.92). */
  maxExcess: 1.5,
  /** Every other symbol's excess at least this many times the cheapest's (own code present: ≥ 3.5; absent: ≤ 1.66). */
  minRatio: 3,
  /**
   * The cheapest's excess counted as at least this in that ratio: the free solve is pulled a little
   * towards a half where the pixels say little, so a clean code's own symbol can cost as little as it,
   * or less, and a ratio to nothing would say nothing (the corpus's own codes: ≥ 0.25).
   */
  excessFloor: 0.2,
} as const;

/**
 * The candidate the code's own pixels say the symbol is, where the solved modules (matchCandidates)
 * are too blurred to say: each candidate symbol, known patterns and all, costed against the pixels
 * at the fitted blur (code-grid.ts symbolCostsOf: the model the solve was fitted with, the data
 * modules fixed to the candidate's instead of free) — a likelihood, not a vote of thresholded
 * modules, so the blur's spreading of one module into its neighbours is the model's, not an error.
 * Taken only when the cheapest fits nearly as well as the free solve (WHOLE.maxExcess) and every
 * other candidate fits several times worse (WHOLE.minRatio); two candidates at least. Else null.
 */
export function matchOnPixels(costs: SymbolCosts, plan: SymbolPlan, texts: readonly string[]): CandidateMatch | null {
  if (plan.anyMask || costs.free <= 0) return null;
  const list = symbolsOf(texts).get(plan.size);
  if (!list || list.length < 2) return null;
  let best = { text: '', cost: Infinity };
  let secondCost = Infinity;
  for (const candidate of list) {
    const cost = symbolCost(costs, candidate.modules);
    if (cost < best.cost) {
      secondCost = best.cost;
      best = { text: candidate.text, cost };
    } else if (cost < secondCost) secondCost = cost;
  }
  const excess = (best.cost - costs.free) / costs.free;
  const nextExcess = (secondCost - costs.free) / costs.free;
  if (!(excess <= WHOLE.maxExcess) || !(nextExcess >= WHOLE.minRatio * Math.max(excess, WHOLE.excessFloor))) return null;
  return { text: best.text, cost: excess, sureWrong: 0, secondCost: nextExcess, modules: plan.unknown.length };
}

/**
 * The page codes a class print of a card carries (page-code.ts formatPageCode): each of its `pages`
 * for each student, without a version and, for a card printed in `versions` (2–4), in each of them.
 */
export function pageCodesOf(o: { document: number; layout: string; pages: number; students: readonly number[]; versions: number }): string[] {
  const versions = [undefined, ...EXAM_VERSIONS.slice(0, o.versions > 1 ? o.versions : 0)];
  const out: string[] = [];
  for (const student of o.students) for (let page = 1; page <= o.pages; page++) for (const version of versions) out.push(formatPageCode({ document: o.document, layout: o.layout, page, student, ...(version ? { version } : {}) }));
  return out;
}
