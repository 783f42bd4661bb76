import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes, type ReadInputBarcodeFormat } from 'zxing-wasm/reader';
import { matchCandidates, matchOnPixels } from './code-candidates';
import { correctedModules } from './code-erasures';
import { blurPtOf, drawSymbol, fitKnown, MODULE_PT, solveSymbol, symbolCostsOf, SYMBOL_PLANS, type SolvedSymbol } from './code-grid';
import type { Homography } from './homography';
import type { GrayImage } from './page-reading';

/**
 * ZXing-C++ (zxing-wasm) as the one barcode reader of the product: page codes (QR) and header
 * barcodes (Code 128, or QR for long numbers). By default the package fetches its .wasm from a CDN,
 * which fails offline; the file shipped in the package is handed over instead, once per process.
 */
let prepared: Promise<unknown> | null = null;

function prepare(): Promise<unknown> {
  if (!prepared) {
    const wasmPath = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
    const wasmBinary = readFileSync(wasmPath);
    prepared = Promise.resolve(prepareZXingModule({ overrides: { wasmBinary: wasmBinary.buffer.slice(wasmBinary.byteOffset, wasmBinary.byteOffset + wasmBinary.byteLength) }, fireImmediately: true }));
  }
  return prepared;
}

export type DecodedCode = { format: string; text: string; position: { x: number; y: number }[] };

/** Every code of `formats` ZXing finds in the image (grey bytes, as a scan arrives). */
export async function readCodes(image: GrayImage, formats: ReadInputBarcodeFormat[] = ['QRCode', 'Code128']): Promise<DecodedCode[]> {
  await prepare();
  const rgba = new Uint8ClampedArray(image.width * image.height * 4);
  for (let i = 0, j = 0; i < image.data.length; i += 1, j += 4) {
    rgba[j] = rgba[j + 1] = rgba[j + 2] = image.data[i];
    rgba[j + 3] = 255;
  }
  const results = await readBarcodes({ data: rgba, width: image.width, height: image.height, colorSpace: 'srgb' } as unknown as ImageData, { formats, tryHarder: true, maxNumberOfSymbols: 8 });
  return results
    .filter((r) => r.isValid)
    .map((r) => ({ format: r.format, text: r.text, position: [r.position.topLeft, r.position.topRight, r.position.bottomRight, r.position.bottomLeft] }));
}

/**
 * An unsharp mask (box blur of radius `r` px, `amount` × the difference added back): a phone photo's
 * code, blurred over half a module, decodes again (docs/scan-reading.md "Photos").
 */
export function sharpened(image: GrayImage, r = 3, amount = 2): GrayImage {
  const { width: w, height: h, data } = image;
  const tmp = new Float32Array(w * h);
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let sum = 0;
      const lo = Math.max(0, x - r);
      const hi = Math.min(w - 1, x + r);
      for (let xx = lo; xx <= hi; xx++) sum += data[y * w + xx];
      tmp[y * w + x] = sum / (hi - lo + 1);
    }
  }
  for (let y = 0; y < h; y++) {
    const lo = Math.max(0, y - r);
    const hi = Math.min(h - 1, y + r);
    for (let x = 0; x < w; x++) {
      let sum = 0;
      for (let yy = lo; yy <= hi; yy++) sum += tmp[yy * w + x];
      const i = y * w + x;
      out[i] = Math.max(0, Math.min(255, data[i] + amount * (data[i] - sum / (hi - lo + 1))));
    }
  }
  return { width: w, height: h, data: out };
}

/** A version's known patterns must explain this share of their pixels' variance for its data to be solved for (measured: the right turn 0.94–0.98, a wrong turn or version ≤ 0.64). */
const GRID_MIN_EXPLAINED = 0.8;
/**
 * Past this blur (σ in modules) no solve brings the data modules back (the finest pattern keeps
 * under half a per cent of its contrast): not tried. The corpus's codes read on their grid reach 0.8.
 */
const GRID_MAX_SIGMA_MODULES = 1.05;
/** Up to this blur the code is still matched whole on its pixels (code-candidates.ts matchOnPixels; the corpus's own codes fit there up to 1.11). */
const WHOLE_MAX_SIGMA_MODULES = 1.25;
/** Blurs tried around the fitted one (its estimate from the known patterns is within ±10 %). */
const GRID_SIGMA_STEPS = [1, 0.9, 1.1];

/**
 * The page code read on its known grid (code-grid.ts), where the transform `toImage` (map →
 * image) puts it: for a photo's code blurred past what ZXing's binariser reads. Each version's
 * known patterns fitted (blur, the grid's last fraction of a module), the data modules solved for
 * at that blur and a little either side, drawn crisp and decoded by ZXing: its Reed–Solomon check
 * decides, a symbol with more wrong modules than the code corrects gives nothing. `offsetMm`: how
 * far the fitted grid lies from where the transform put it; `sigmaPt`, the blur measured there (code-grid.ts blurPtOf).
 * `codes`: the page codes the upload's pages can carry (ReadPageInput.codes), for a symbol past even
 * the erasures.
 */
export async function readCodeOnGrid(image: GrayImage, toImage: Homography, codes?: () => Promise<readonly string[]>): Promise<{ text: string; offsetMm: number; sigmaPt: number } | null> {
  // The print's mask first; a symbol of another mask (an older print) only where one of the
  // print's own fitted (the symbol is there) and yet read nothing.
  let there = false;
  for (const anyMask of [false, true]) {
    if (anyMask && !there) break;
    const fits = SYMBOL_PLANS.filter((plan) => plan.anyMask === anyMask)
      .map((plan) => fitKnown(image, toImage, plan))
      .filter((fit) => fit.explained >= GRID_MIN_EXPLAINED)
      .sort((a, b) => b.explained - a.explained);
    there = fits.length > 0;
    // The version whose patterns fit best (the other one's overlap with it rarely explains as much).
    for (const fit of fits.slice(0, 1)) {
      if (fit.sigmaModules > WHOLE_MAX_SIGMA_MODULES) return null;
      const found = (code: DecodedCode) => ({ text: code.text, offsetMm: (Math.hypot(fit.du, fit.dv) * MODULE_PT * 25.4) / 72, sigmaPt: blurPtOf(fit, toImage) });
      // Past any solve's reach, the codes this page can carry costed whole on its pixels (code-candidates.ts
      // matchOnPixels), under the solve at the fitted blur (the one already made below, where there is one).
      const whole = async (solved: SolvedSymbol = solveSymbol(fit, toImage)) => {
        const match = !anyMask && codes ? matchOnPixels(symbolCostsOf(fit, solved), fit.plan, await codes()) : null;
        return match ? found({ format: 'QRCode', text: match.text, position: [] }) : null;
      };
      if (fit.sigmaModules > GRID_MAX_SIGMA_MODULES) return whole();
      // Solved at the fitted blur first (GRID_SIGMA_STEPS[0] = 1).
      const solved: SolvedSymbol[] = [];
      for (const k of GRID_SIGMA_STEPS) {
        const solve = solveSymbol(fit, toImage, fit.sigmaPx * k);
        const [code] = await readCodes(drawSymbol(solve.value, fit.plan.size), ['QRCode']);
        if (code) return found(code);
        solved.push(solve);
      }
      // More wrong codewords than ZXing corrects blind: the least sure ones erased (the print's own mask only).
      for (const { value } of anyMask ? [] : solved) {
        const corrected = correctedModules(value, fit.plan.size, fit.plan.version, fit.plan.order);
        const [code] = corrected ? await readCodes(drawSymbol(corrected, fit.plan.size), ['QRCode']) : [];
        if (code) return found(code);
      }
      // Past what erasures bring back: the codes this page can carry, matched whole (code-candidates.ts).
      const match = !anyMask && codes ? matchCandidates(solved[0].value, fit.plan, await codes()) : null;
      if (match) return found({ format: 'QRCode', text: match.text, position: [] });
      const onPixels = await whole(solved[0]);
      if (onPixels) return onPixels;
    }
  }
  return null;
}
