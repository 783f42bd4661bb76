import QRCode from 'qrcode';
import { EXAM_VERSIONS, formatPageCode, PAGE_CODE_QR } from '../shared/geometry/page-code';
import type { SymbolPlan } from './code-grid';

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
 * solveModules gives) is, judged on the modules the plan did not know: each candidate costs the
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
 * The page codes a class print of a card carries (page-code.ts formatPageCode): each of its `pages`
 * for each student, without a version and, for a card printed in `versions` (2–4), in each of them.
 */
export function pageCodesOf(o: { document: number; layout: string; pages: number; students: readonly number[]; versions: number }): string[] {
  const versions = [undefined, ...EXAM_VERSIONS.slice(0, o.versions > 1 ? o.versions : 0)];
  const out: string[] = [];
  for (const student of o.students) for (let page = 1; page <= o.pages; page++) for (const version of versions) out.push(formatPageCode({ document: o.document, layout: o.layout, page, student, ...(version ? { version } : {}) }));
  return out;
}
