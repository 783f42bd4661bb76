import QRCode from 'qrcode';
import { PAGE_CODE_PREFIX, PAGE_CODE_QR } from '../shared/geometry/page-code';
import { PAGE_CODE_MODULE_MM, PAGE_CODE_RECT, PT_PER_MM } from '../shared/geometry/scan-layout';
import { dataOrder, masked } from './code-erasures';
import { applyHomography, invertHomography, solveLinear, type Homography } from './homography';
import type { GrayImage } from './page-reading';

/**
 * A page code read on its known grid (docs/scan-reading.md "Photos", issue 29): where a photo's
 * code is blurred past what a barcode reader's own binariser survives (σ over ~0.55 of a module),
 * the symbol is measured where the page transform says it is. The print draws it (src/pdf
 * scan-overlay.ts) centred in PAGE_CODE_RECT, 0.6 mm modules, error correction M, mask pattern 0,
 * version 1 or 2 — so its finder, timing and alignment patterns, the format information and the
 * dark module are known, module by module. Through the transform every photo pixel near the code
 * has its place on the module grid; the blur (a Gaussian point spread of σ px) and the grid's last
 * fraction of a module are fitted on the known patterns; then the unknown modules are solved for
 * by least squares (each pixel: the paper's level minus the ink contrast times the sum of the
 * modules' blurred footprints there, paper and contrast planes over the code, modules kept in
 * [0, 1]), thresholded at a half and drawn as a crisp symbol. That symbol is then decoded by ZXing
 * like any other: its Reed–Solomon check is what makes a result trustworthy (a symbol with more
 * wrong modules than the code corrects does not decode). Pure: no sharp, no barcode reader.
 */

export const MODULE_PT = PAGE_CODE_MODULE_MM * PT_PER_MM;
/** Known paper (quiet zone) around the symbol included in the fit, in modules. */
const QUIET = 2;
/** Gaussian tails cut at this many σ. */
const REACH = 3;

/**
 * What is known of a symbol of this version before reading it: known[r·n + c] 1 dark, 0 light, −1 a
 * data module (with mask 0, the page code's leading data bits are known too: knownLeadingBits);
 * `order`: the data modules in codeword-bit order. `anyMask`: the format information left unknown but where all eight masks agree
 * (prints made before page codes took one fixed mask, 2026-11-24, chose theirs).
 */
export type SymbolPlan = { version: 1 | 2; anyMask: boolean; size: number; known: Int8Array; x0: number; y0: number; order: number[]; unknown: number[] };

function planOf(version: 1 | 2, anyMask: boolean): SymbolPlan {
  const masks = [0, 1, 2, 3, 4, 5, 6, 7].map((maskPattern) => QRCode.create('AC1', { ...PAGE_CODE_QR, maskPattern: maskPattern as QRCode.QRCodeMaskPattern, version }).modules);
  const modules = masks[0];
  const n = modules.size;
  const known = new Int8Array(n * n);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const fixed = modules.isReserved(r, c) && (!anyMask || masks.every((m) => m.get(r, c) === modules.get(r, c)));
      known[r * n + c] = fixed ? modules.get(r, c) : -1;
    }
  }
  const side = n * MODULE_PT;
  const order = dataOrder(n, (r, c) => modules.isReserved(r, c) === 1);
  if (!anyMask) for (const [k, bit] of knownLeadingBits(version)) {
    const m = order[k];
    known[m] = (bit === 1) !== masked(m, n) ? 1 : 0;
  }
  const unknown = [...known.keys()].filter((k) => known[k] < 0);
  return { version, anyMask, size: n, known, unknown, x0: PAGE_CODE_RECT.x + (PAGE_CODE_RECT.w - side) / 2, y0: PAGE_CODE_RECT.y + (PAGE_CODE_RECT.h - side) / 2, order };
}

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';

/**
 * The bits every page code's data starts with (page-code.ts: "AC1/…", upper case, digits and '/',
 * so the alphanumeric mode): the mode 0010, the character count's top bits (a version-1 symbol holds
 * at most 20 characters, a version-2 one 38: the count's 9 bits start with 4 or 3 zeros), and the
 * pairs "AC" and "1/" (11 bits each). As [bit index in the data stream, bit].
 */
function knownLeadingBits(version: 1 | 2): [number, number][] {
  const out: [number, number][] = [];
  const put = (value: number, length: number, at: number) => {
    for (let i = 0; i < length; i++) out.push([at + i, (value >> (length - 1 - i)) & 1]);
  };
  const pair = (text: string) => 45 * ALPHANUMERIC.indexOf(text[0]) + ALPHANUMERIC.indexOf(text[1]);
  const head = `${PAGE_CODE_PREFIX}/`;
  put(0b0010, 4, 0);
  put(0, version === 1 ? 4 : 3, 4);
  put(pair(head.slice(0, 2)), 11, 13);
  put(pair(head.slice(2, 4)), 11, 24);
  return out;
}

/** The print's own symbols first (mask 0, the page code's leading bits known too), then any mask. */
export const SYMBOL_PLANS: readonly SymbolPlan[] = [planOf(1, false), planOf(2, false), planOf(1, true), planOf(2, true)];

/** Photo pixels around the symbol, each with its place on the module grid (u: column, v: row; module (c, r) spans [c, c + 1] × [r, r + 1]). */
type Samples = { count: number; u: Float64Array; v: Float64Array; grey: Float64Array };

function samplesOf(image: GrayImage, toImage: Homography, plan: SymbolPlan): Samples {
  const n = plan.size;
  const back = invertHomography(toImage);
  const corners = [
    [-QUIET, -QUIET],
    [n + QUIET, -QUIET],
    [n + QUIET, n + QUIET],
    [-QUIET, n + QUIET],
  ].map(([c, r]) => applyHomography(toImage, { x: plan.x0 + c * MODULE_PT, y: plan.y0 + r * MODULE_PT }));
  const x0 = Math.max(0, Math.floor(Math.min(...corners.map((p) => p.x))));
  const x1 = Math.min(image.width - 1, Math.ceil(Math.max(...corners.map((p) => p.x))));
  const y0 = Math.max(0, Math.floor(Math.min(...corners.map((p) => p.y))));
  const y1 = Math.min(image.height - 1, Math.ceil(Math.max(...corners.map((p) => p.y))));
  const cap = Math.max(0, (x1 - x0 + 1) * (y1 - y0 + 1));
  const u = new Float64Array(cap);
  const v = new Float64Array(cap);
  const grey = new Float64Array(cap);
  let count = 0;
  // applyHomography's arithmetic written out: no point made for each of the ~10⁵ pixels.
  const [h0, h1, h2, h3, h4, h5, h6, h7, h8] = back;
  for (let y = y0; y <= y1; y++) {
    const py = y + 0.5;
    for (let x = x0; x <= x1; x++) {
      const px = x + 0.5;
      const w = h6 * px + h7 * py + h8;
      const mu = ((h0 * px + h1 * py + h2) / w - plan.x0) / MODULE_PT;
      const mv = ((h3 * px + h4 * py + h5) / w - plan.y0) / MODULE_PT;
      if (mu < -QUIET || mv < -QUIET || mu > n + QUIET || mv > n + QUIET) continue;
      u[count] = mu;
      v[count] = mv;
      grey[count] = image.data[y * image.width + x];
      count++;
    }
  }
  return { count, u, v, grey };
}

/**
 * The photo's blur at the page code, in map points: σ fitted on the known patterns of whichever
 * version explains them (`minExplained` of their variance), plus the flat page's own resampling
 * (≈ 0.15 pt). Null when neither version's patterns are where the transform puts them.
 */
export function codeBlurPt(image: GrayImage, toImage: Homography, minExplained = 0.8): number | null {
  for (const anyMask of [false, true]) {
    const [fit] = SYMBOL_PLANS.filter((plan) => plan.anyMask === anyMask)
      .map((plan) => fitKnown(image, toImage, plan))
      .filter((f) => f.explained >= minExplained)
      .sort((a, b) => b.explained - a.explained);
    if (fit) return blurPtOf(fit, toImage);
  }
  return null;
}

/** A fit's blur as σ in map points on the flat page (its resampling included). */
export function blurPtOf(fit: GridFit, toImage: Homography): number {
  const { su, sv } = moduleSigmas(toImage, fit.plan, fit.sigmaPx);
  return Math.hypot(((su + sv) / 2) * MODULE_PT, FLAT_RESAMPLING_PT);
}

/** What cutting the flat page out of the photo (bilinear) adds to the blur, as σ in points. */
const FLAT_RESAMPLING_PT = 0.15;

/** σ of an isotropic blur of `sigmaPx` photo pixels, in modules along the grid's columns and rows (the transform's local scale at the code). */
function moduleSigmas(toImage: Homography, plan: SymbolPlan, sigmaPx: number): { su: number; sv: number } {
  const c = { x: plan.x0 + (plan.size * MODULE_PT) / 2, y: plan.y0 + (plan.size * MODULE_PT) / 2 };
  const o = applyHomography(toImage, c);
  const ex = applyHomography(toImage, { x: c.x + 1, y: c.y });
  const ey = applyHomography(toImage, { x: c.x, y: c.y + 1 });
  // J: map pt → px; covariance on the map = σ² J⁻¹ J⁻ᵀ.
  const a = ex.x - o.x, b = ey.x - o.x, cc = ex.y - o.y, d = ey.y - o.y;
  const det = a * d - b * cc;
  const i00 = d / det, i01 = -b / det, i10 = -cc / det, i11 = a / det;
  const sxx = (i00 * i00 + i01 * i01) * sigmaPx * sigmaPx;
  const syy = (i10 * i10 + i11 * i11) * sigmaPx * sigmaPx;
  return { su: Math.sqrt(sxx) / MODULE_PT, sv: Math.sqrt(syy) / MODULE_PT };
}

/** Φ, the standard normal CDF (erf by Abramowitz & Stegun 7.1.26, |error| < 1.5e-7). */
function erfPhi(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const e = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-z * z);
  return x >= 0 ? 0.5 * (1 + e) : 0.5 * (1 - e);
}

/** Φ, the standard normal CDF, tabulated every 1/128 over ±5 and interpolated (the fits call it millions of times). */
const PHI_STEP = 128;
const PHI_TABLE = Float64Array.from({ length: 10 * PHI_STEP + 2 }, (_, i) => erfPhi(i / PHI_STEP - 5));

export function phi(x: number): number {
  const t = (x + 5) * PHI_STEP;
  if (t <= 0) return 0;
  if (t >= 10 * PHI_STEP) return 1;
  const i = t | 0;
  const f = t - i;
  return PHI_TABLE[i] + (PHI_TABLE[i + 1] - PHI_TABLE[i]) * f;
}

/**
 * The sparse footprint matrix: for each sample, the modules whose blurred square reaches it and how
 * much (the separable integral of the Gaussian over the module). Modules off the grid are paper.
 */
type Footprints = { start: Int32Array; module: Int32Array; weight: Float64Array };

/** Along one axis: the first and last module a sample at `x` (grid units) reaches, and each one's share of its blur, into `out`. */
function axisShares(x: number, sigma: number, n: number, out: Float64Array): { lo: number; hi: number } {
  const lo = Math.max(0, Math.floor(x - REACH * sigma));
  const hi = Math.min(n - 1, Math.floor(x + REACH * sigma));
  for (let i = lo; i <= hi; i++) out[i - lo] = phi((x - i) / sigma) - phi((x - i - 1) / sigma);
  return { lo, hi };
}

function footprints(s: Samples, n: number, su: number, sv: number, du: number, dv: number): Footprints {
  const start = new Int32Array(s.count + 1);
  const modules: number[] = [];
  const weights: number[] = [];
  const wu = new Float64Array(n + 1);
  const wv = new Float64Array(n + 1);
  for (let p = 0; p < s.count; p++) {
    start[p] = modules.length;
    const cols = axisShares(s.u[p] - du, su, n, wu);
    const rows = axisShares(s.v[p] - dv, sv, n, wv);
    for (let r = rows.lo; r <= rows.hi; r++) {
      const a = wv[r - rows.lo];
      if (a < 1e-4) continue;
      for (let c = cols.lo; c <= cols.hi; c++) {
        const w = a * wu[c - cols.lo];
        if (w < 1e-4) continue;
        modules.push(r * n + c);
        weights.push(w);
      }
    }
  }
  start[s.count] = modules.length;
  return { start, module: Int32Array.from(modules), weight: Float64Array.from(weights) };
}

/**
 * How well the known patterns alone explain the pixels that see only known modules (σ and the
 * grid's shift): grey ≈ a plane of paper (a shadow's edge or a gradient across the code) plus the
 * ink contrast × the patterns' blurred footprint, least squares; the residual's mean square.
 */
function knownFit(s: Samples, plan: SymbolPlan, su: number, sv: number, du: number, dv: number, only: Uint8Array): number {
  const n = plan.size;
  const wu = new Float64Array(n + 1);
  const wv = new Float64Array(n + 1);
  // Normal equations of grey = p0 + p1·u + p2·v + k·sum (u, v scaled to the symbol).
  const m = new Float64Array(16);
  const rhs = new Float64Array(4);
  let count = 0, sgg = 0;
  for (let p = 0; p < s.count; p++) {
    if (!only[p]) continue;
    const cols = axisShares(s.u[p] - du, su, n, wu);
    const rows = axisShares(s.v[p] - dv, sv, n, wv);
    let sum = 0;
    for (let r = rows.lo; r <= rows.hi; r++) {
      const a = wv[r - rows.lo];
      if (a < 1e-4) continue;
      for (let c = cols.lo; c <= cols.hi; c++) if (plan.known[r * n + c] === 1) sum += a * wu[c - cols.lo];
    }
    const g = s.grey[p];
    const x1 = s.u[p] / n - 0.5;
    const x2 = s.v[p] / n - 0.5;
    count++;
    m[1] += x1;
    m[2] += x2;
    m[3] += sum;
    m[5] += x1 * x1;
    m[6] += x1 * x2;
    m[7] += x1 * sum;
    m[10] += x2 * x2;
    m[11] += x2 * sum;
    m[15] += sum * sum;
    rhs[0] += g;
    rhs[1] += x1 * g;
    rhs[2] += x2 * g;
    rhs[3] += sum * g;
    sgg += g * g;
  }
  if (count < 20) return Number.POSITIVE_INFINITY;
  m[0] = count;
  const rows = [0, 1, 2, 3].map((i) => [0, 1, 2, 3].map((j) => m[Math.min(i, j) * 4 + Math.max(i, j)]));
  const beta = solveLinear(rows, Array.from(rhs));
  if (!beta || Math.abs(m[15] - (m[3] * m[3]) / count) < 1e-9) return sgg / count - (rhs[0] / count) ** 2;
  // Residual sum of squares = gᵀg − βᵀ(Xᵀg).
  return (sgg - (beta[0] * rhs[0] + beta[1] * rhs[1] + beta[2] * rhs[2] + beta[3] * rhs[3])) / count;
}

/** Samples whose footprint (up to `reach` modules either way) meets no data module. */
function knownOnly(s: Samples, plan: SymbolPlan, reach: number): Uint8Array {
  const n = plan.size;
  const only = new Uint8Array(s.count);
  for (let p = 0; p < s.count; p++) {
    const c0 = Math.max(0, Math.floor(s.u[p] - reach));
    const c1 = Math.min(n - 1, Math.floor(s.u[p] + reach));
    const r0 = Math.max(0, Math.floor(s.v[p] - reach));
    const r1 = Math.min(n - 1, Math.floor(s.v[p] + reach));
    let ok = 1;
    for (let r = r0; r <= r1 && ok; r++) for (let c = c0; c <= c1; c++) if (plan.known[r * n + c] < 0) {
      ok = 0;
      break;
    }
    only[p] = ok;
  }
  return only;
}

/** `sigmaPx`: the blur in photo pixels, `sigmaModules` in modules; `residual`: mean square of the fit's residual (grey levels²); `explained`: the share of the known pixels' variance the fit explains (a wrong turn's or version's patterns explain little). */
export type GridFit = { plan: SymbolPlan; sigmaPx: number; du: number; dv: number; residual: number; explained: number; sigmaModules: number };

/** Under this share explained at the predicted place, no shift of a few tenths of a module will make it the symbol (wrong turns: ≤ 0.25). */
const HOPELESS = 0.3;

const SIGMAS_PX = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.4, 2.8, 3.3, 4];

/**
 * The blur and the grid's shift that best explain the known patterns of this version's symbol
 * (coarse σ at the predicted place, then the shift in tenths of a module, then σ again).
 */
export function fitKnown(image: GrayImage, toImage: Homography, plan: SymbolPlan): GridFit & { samples: Samples } {
  const s = samplesOf(image, toImage, plan);
  const maxSigma = moduleSigmas(toImage, plan, SIGMAS_PX[SIGMAS_PX.length - 1]);
  const only = knownOnly(s, plan, Math.min(4, REACH * Math.max(maxSigma.su, maxSigma.sv)) + 0.5);
  const fit = (sigmaPx: number, du: number, dv: number) => {
    const { su, sv } = moduleSigmas(toImage, plan, sigmaPx);
    return knownFit(s, plan, su, sv, du, dv, only);
  };
  let count = 0, sg = 0, sgg = 0;
  for (let p = 0; p < s.count; p++) if (only[p]) {
    count++;
    sg += s.grey[p];
    sgg += s.grey[p] * s.grey[p];
  }
  const variance = count ? sgg / count - (sg / count) ** 2 : 0;
  const explainedOf = (residual: number) => (variance > 0 ? 1 - residual / variance : 0);
  let best = { sigmaPx: 1, du: 0, dv: 0, residual: Number.POSITIVE_INFINITY };
  for (const sigmaPx of SIGMAS_PX) {
    const residual = fit(sigmaPx, 0, 0);
    if (residual < best.residual) best = { sigmaPx, du: 0, dv: 0, residual };
  }
  // Nothing like this symbol's patterns where the transform puts them (a wrong turn, the other version): not refined.
  const inModules = (sigmaPx: number) => {
    const { su, sv } = moduleSigmas(toImage, plan, sigmaPx);
    return (su + sv) / 2;
  };
  if (explainedOf(best.residual) < HOPELESS) return { plan, ...best, explained: explainedOf(best.residual), sigmaModules: inModules(best.sigmaPx), samples: s };
  for (const step of [0.2, 0.1, 0.05]) {
    const around = { ...best };
    for (let i = -2; i <= 2; i++) for (let j = -2; j <= 2; j++) {
      if (i === 0 && j === 0) continue;
      const du = around.du + i * step;
      const dv = around.dv + j * step;
      const residual = fit(best.sigmaPx, du, dv);
      if (residual < best.residual) best = { ...best, du, dv, residual };
    }
    for (const k of [0.85, 0.92, 1.08, 1.15]) {
      const sigmaPx = best.sigmaPx * k;
      const residual = fit(sigmaPx, best.du, best.dv);
      if (residual < best.residual) best = { ...best, sigmaPx, residual };
    }
  }
  return { plan, ...best, explained: explainedOf(best.residual), sigmaModules: inModules(best.sigmaPx), samples: s };
}

/**
 * What the pixels say of any whole symbol, once solved (solveSymbol: the planes fitted with the solve): a symbol
 * m (one 0/1 a module, known ones included) costs Σ_p (grey_p − paper_p + contrast_p · Σ w·m)² =
 * `constant` + 2 bᵀm + mᵀGm over the code's pixels — `b` one term a module, G kept as each module's
 * diagonal and its neighbours' terms (module index above its own, pairs flattened). `free`: the cost
 * of the solve itself (modules anywhere in [0, 1]: no symbol costs less, but for the planes), `pixels`
 * the samples it is over.
 */
export type SymbolCosts = { n: number; constant: number; b: Float64Array; diag: Float64Array; start: Int32Array; other: Int32Array; pair: Float64Array; free: number; pixels: number };

export function symbolCostsOf(fit: GridFit & { samples: Samples }, solved: SolvedSymbol): SymbolCosts {
  const { value, paper, contrast, f } = solved;
  const s = fit.samples;
  const n = fit.plan.size;
  const b = new Float64Array(n * n);
  const diag = new Float64Array(n * n);
  const pairs = new Map<number, number>();
  let constant = 0;
  let free = 0;
  for (let p = 0; p < s.count; p++) {
    const y = s.grey[p] - paper[p];
    const c = contrast[p];
    constant += y * y;
    let sum = 0;
    for (let e = f.start[p]; e < f.start[p + 1]; e++) {
      const k = f.module[e];
      const w = f.weight[e];
      sum += w * value[k];
      b[k] += y * c * w;
      diag[k] += c * c * w * w;
      for (let e2 = e + 1; e2 < f.start[p + 1]; e2++) {
        const l = f.module[e2];
        const key = k < l ? k * n * n + l : l * n * n + k;
        pairs.set(key, (pairs.get(key) ?? 0) + c * c * w * f.weight[e2]);
      }
    }
    const r = y + c * sum;
    free += r * r;
  }
  const count = new Int32Array(n * n + 1);
  for (const key of pairs.keys()) count[Math.floor(key / (n * n)) + 1]++;
  for (let k = 0; k < n * n; k++) count[k + 1] += count[k];
  const at = count.slice(0, n * n);
  const other = new Int32Array(pairs.size);
  const pair = new Float64Array(pairs.size);
  for (const [key, g] of pairs) {
    const k = Math.floor(key / (n * n));
    other[at[k]] = key % (n * n);
    pair[at[k]++] = g;
  }
  return { n, constant, b, diag, start: count, other, pair, free, pixels: s.count };
}

/** The cost of one whole symbol (modules: 1 dark, 0 light, row-major) under `c`. */
export function symbolCost(c: SymbolCosts, modules: Uint8Array): number {
  let cost = c.constant;
  for (let k = 0; k < modules.length; k++) {
    if (!modules[k]) continue;
    cost += 2 * c.b[k] + c.diag[k];
    for (let e = c.start[k]; e < c.start[k + 1]; e++) if (modules[c.other[e]]) cost += 2 * c.pair[e];
  }
  return cost;
}

/** A solve: each module's `value` (known ones as known) with the planes and footprints it ended with (what symbolCostsOf costs whole symbols under). */
export type SolvedSymbol = { value: Float64Array; paper: Float64Array; contrast: Float64Array; f: Footprints };

/**
 * The data modules solved for, at the fitted blur and shift: each sample's grey = paper − contrast ×
 * (known footprints + Σ data module × its footprint), paper and contrast planes over the code,
 * every data module in [0, 1] (projected coordinate descent, a light pull to a half where the
 * pixels say little).
 */
export function solveSymbol(fit: GridFit & { samples: Samples }, toImage: Homography, sigmaPx = fit.sigmaPx): SolvedSymbol {
  const { plan, samples: s } = fit;
  const n = plan.size;
  const { su, sv } = moduleSigmas(toImage, plan, sigmaPx);
  const f = footprints(s, n, su, sv, fit.du, fit.dv);
  const value = new Float64Array(n * n);
  for (let k = 0; k < n * n; k++) value[k] = plan.known[k] >= 0 ? plan.known[k] : 0.5;
  // Column access for the coordinate descent.
  const counts = new Int32Array(n * n + 1);
  for (let e = 0; e < f.module.length; e++) counts[f.module[e] + 1]++;
  for (let k = 0; k < n * n; k++) counts[k + 1] += counts[k];
  const colPixel = new Int32Array(f.module.length);
  const colWeight = new Float64Array(f.module.length);
  const fillAt = counts.slice(0, n * n);
  for (let p = 0; p < s.count; p++) for (let e = f.start[p]; e < f.start[p + 1]; e++) {
    const k = f.module[e];
    colPixel[fillAt[k]] = p;
    colWeight[fillAt[k]++] = f.weight[e];
  }
  // Paper and contrast planes: grey = P(u, v) − C(u, v)·sum, P and C linear in (u, v) about the centre.
  const mid = n / 2;
  const sum = new Float64Array(s.count);
  const paper = new Float64Array(s.count);
  const contrast = new Float64Array(s.count);
  const recompute = () => {
    for (let p = 0; p < s.count; p++) {
      let t = 0;
      for (let e = f.start[p]; e < f.start[p + 1]; e++) t += f.weight[e] * value[f.module[e]];
      sum[p] = t;
    }
  };
  const fitPlanes = () => {
    // Unknowns p0, p1, p2, c0, c1, c2: grey = p0 + p1·u + p2·v − sum·(c0 + c1·u + c2·v).
    const m = Array.from({ length: 6 }, () => new Array<number>(6).fill(0));
    const b = new Array<number>(6).fill(0);
    const row = new Array<number>(6);
    for (let p = 0; p < s.count; p++) {
      const u = (s.u[p] - mid) / n;
      const v = (s.v[p] - mid) / n;
      row[0] = 1;
      row[1] = u;
      row[2] = v;
      row[3] = -sum[p];
      row[4] = -sum[p] * u;
      row[5] = -sum[p] * v;
      for (let i = 0; i < 6; i++) {
        b[i] += row[i] * s.grey[p];
        for (let j = 0; j < 6; j++) m[i][j] += row[i] * row[j];
      }
    }
    const x = solveLinear(m, b);
    if (!x) return false;
    for (let p = 0; p < s.count; p++) {
      const u = (s.u[p] - mid) / n;
      const v = (s.v[p] - mid) / n;
      paper[p] = x[0] + x[1] * u + x[2] * v;
      contrast[p] = x[3] + x[4] * u + x[5] * v;
    }
    return true;
  };
  // Start: data modules a half, planes from that.
  recompute();
  if (!fitPlanes()) return { value, paper, contrast, f };
  for (let round = 0; round < 4; round++) {
    // Residual r = grey − (paper − contrast·sum); for a module k: ∂/∂value_k = −contrast·w.
    const res = new Float64Array(s.count);
    for (let p = 0; p < s.count; p++) res[p] = s.grey[p] - (paper[p] - contrast[p] * sum[p]);
    const diag = new Float64Array(n * n);
    for (let k = 0; k < n * n; k++) {
      if (plan.known[k] >= 0) continue;
      let h = 0;
      for (let e = counts[k]; e < counts[k + 1]; e++) {
        const a = contrast[colPixel[e]] * colWeight[e];
        h += a * a;
      }
      diag[k] = h;
    }
    let meanDiag = 0;
    let unknown = 0;
    for (let k = 0; k < n * n; k++) if (plan.known[k] < 0) {
      meanDiag += diag[k];
      unknown++;
    }
    const lambda = (0.02 * meanDiag) / Math.max(1, unknown);
    for (let sweep = 0; sweep < 40; sweep++) {
      let moved = 0;
      for (let k = 0; k < n * n; k++) {
        if (plan.known[k] >= 0 || diag[k] <= 0) continue;
        // Newton step on value_k alone: g = Σ a·(−r)… with r = grey − paper + contrast·sum, a = contrast·w.
        let g = 0;
        for (let e = counts[k]; e < counts[k + 1]; e++) g += contrast[colPixel[e]] * colWeight[e] * res[colPixel[e]];
        // d/dvalue of ½Σr² = Σ r·(contrast·w); of ½λ(value − ½)² = λ(value − ½).
        const grad = g + lambda * (value[k] - 0.5);
        const next = Math.min(1, Math.max(0, value[k] - grad / (diag[k] + lambda)));
        const delta = next - value[k];
        if (delta === 0) continue;
        value[k] = next;
        moved = Math.max(moved, Math.abs(delta));
        for (let e = counts[k]; e < counts[k + 1]; e++) res[colPixel[e]] += contrast[colPixel[e]] * colWeight[e] * delta;
      }
      if (moved < 0.002) break;
    }
    recompute();
    if (!fitPlanes()) break;
  }
  return { value, paper, contrast, f };
}

/** A symbol's modules (dark where value > `threshold`) drawn crisp, `px` pixels a module, a 4-module quiet zone: what ZXing then decodes. */
export function drawSymbol(value: Float64Array, n: number, threshold = 0.5, px = 6): GrayImage {
  const side = (n + 8) * px;
  const data = new Uint8Array(side * side).fill(255);
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) {
    if (value[r * n + c] <= threshold) continue;
    for (let y = (r + 4) * px; y < (r + 5) * px; y++) data.fill(0, y * side + (c + 4) * px, y * side + (c + 5) * px);
  }
  return { width: side, height: side, data };
}
