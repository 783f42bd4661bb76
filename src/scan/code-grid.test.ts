import QRCode from 'qrcode';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { rngFrom } from '../../tests/support/scan-corpus/pencil';
import { formatPageCode } from '../shared/geometry/page-code';
import { PAGE_CODE_MODULE_MM, PAGE_CODE_RECT, PT_PER_MM } from '../shared/geometry/scan-layout';
import { codeBlurPt, fitKnown, SYMBOL_PLANS } from './code-grid';
import { readCodeOnGrid } from './code-reader';
import { applyHomography, homographyFrom4, invertHomography, type Homography } from './homography';
import type { GrayImage } from './page-reading';

// Issue 29: a photo's page code blurred past what ZXing's own binariser reads (σ over ~0.55 of a
// module) is read on its known grid — blur and the grid's last shift fitted on the known
// patterns, the data modules solved for, a crisp symbol decoded by ZXing (its Reed–Solomon check decides).

const MODULE_PT = PAGE_CODE_MODULE_MM * PT_PER_MM;
const SHORT = formatPageCode({ document: 7301, layout: '50QB', page: 1, student: 9007 });
// A long payload needs version 2 (25 modules): a big document and student id, a version letter.
const LONG = formatPageCode({ document: 1_700_000_000, layout: 'Z9Z9', page: 12, student: 2_000_000_000, version: 'B' });

/** Map points → photo pixels: the code's square about 4 px a module, turned `turnDeg`, a little keystone. */
function cameraAt(modulePx: number, turnDeg: number): Homography {
  const k = modulePx / MODULE_PT;
  const a = (turnDeg * Math.PI) / 180;
  const grow = 4 * PT_PER_MM;
  const r = { x: PAGE_CODE_RECT.x - grow, y: PAGE_CODE_RECT.y - grow, w: PAGE_CODE_RECT.w + 2 * grow, h: PAGE_CODE_RECT.h + 2 * grow };
  const corners = [{ x: r.x, y: r.y }, { x: r.x + r.w, y: r.y }, { x: r.x + r.w, y: r.y + r.h }, { x: r.x, y: r.y + r.h }];
  const c = { x: r.x + r.w / 2, y: r.y + r.h / 2 };
  const side = r.w * k;
  const to = corners.map((p, i) => {
    const dx = (p.x - c.x) * k * (i === 1 || i === 2 ? 1.04 : 0.97);
    const dy = (p.y - c.y) * k;
    return { x: side * 0.75 + dx * Math.cos(a) - dy * Math.sin(a), y: side * 0.75 + dx * Math.sin(a) + dy * Math.cos(a) };
  });
  return homographyFrom4(corners, to)!;
}

/** The printed symbol (as src/pdf draws it: M, mask 0, centred in its square) photographed through `toImage`, blurred by σ px, with sensor noise. */
async function photographCode(text: string, toImage: Homography, sigmaPx: number, seed = 1): Promise<GrayImage> {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M', maskPattern: 0 });
  const n = modules.size;
  const x0 = PAGE_CODE_RECT.x + (PAGE_CODE_RECT.w - n * MODULE_PT) / 2;
  const y0 = PAGE_CODE_RECT.y + (PAGE_CODE_RECT.h - n * MODULE_PT) / 2;
  const back = invertHomography(toImage);
  const far = applyHomography(toImage, { x: PAGE_CODE_RECT.x + PAGE_CODE_RECT.w + 12, y: PAGE_CODE_RECT.y + PAGE_CODE_RECT.h + 12 });
  const size = Math.ceil(Math.max(far.x, far.y) * 1.3);
  const data = new Uint8Array(size * size);
  const sub = 4;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let ink = 0;
      for (let j = 0; j < sub; j++) for (let i = 0; i < sub; i++) {
        const m = applyHomography(back, { x: x + (i + 0.5) / sub, y: y + (j + 0.5) / sub });
        const c = Math.floor((m.x - x0) / MODULE_PT);
        const r = Math.floor((m.y - y0) / MODULE_PT);
        if (c >= 0 && r >= 0 && c < n && r < n && modules.get(r, c)) ink++;
      }
      data[y * size + x] = 225 - (180 * ink) / (sub * sub);
    }
  }
  const blurred = sigmaPx >= 0.3 ? await sharp(data, { raw: { width: size, height: size, channels: 1 } }).blur(sigmaPx).toColourspace('b-w').raw().toBuffer() : Buffer.from(data);
  const rng = rngFrom(seed);
  const out = new Uint8Array(size * size);
  for (let i = 0; i < out.length; i++) out[i] = Math.max(0, Math.min(255, Math.round(blurred[i] + (rng() + rng() + rng() - 1.5) * 8)));
  return { width: size, height: size, data: out };
}

describe('the page code read on its known grid', { timeout: 60_000 }, () => {
  it.each([0.5, 0.6, 0.7, 0.8])('decodes a symbol blurred by σ %s of a module (4 px a module, turned, keystoned, noisy)', async (sigmaModules) => {
    const toImage = cameraAt(4, 23);
    const image = await photographCode(SHORT, toImage, sigmaModules * 4);
    const found = await readCodeOnGrid(image, toImage);
    expect(found?.text).toBe(SHORT);
    expect(found!.offsetMm).toBeLessThan(0.2);
    // The blur is measured on the known patterns (finders, timing, format, quiet zone) within a fifth.
    const fit = fitKnown(image, toImage, SYMBOL_PLANS[0]);
    expect(fit.explained).toBeGreaterThan(0.9);
    expect(fit.sigmaPx / (sigmaModules * 4)).toBeGreaterThan(0.8);
    expect(fit.sigmaPx / (sigmaModules * 4)).toBeLessThan(1.25);
    expect(codeBlurPt(image, toImage)).toBeCloseTo(Math.hypot(sigmaModules * MODULE_PT, 0.15), 0);
  });

  it('past what the code can carry (σ 1.3 modules) gives nothing, or the right text — never another', async () => {
    const toImage = cameraAt(4, 40);
    for (const seed of [6, 7, 8]) {
      const found = await readCodeOnGrid(await photographCode(SHORT, toImage, 1.3 * 4, seed), toImage);
      if (found) expect(found.text).toBe(SHORT);
    }
  });

  it('a version-2 symbol (25 modules) at σ 0.6 of a module, at 3 px a module', async () => {
    const toImage = cameraAt(3, -70);
    const image = await photographCode(LONG, toImage, 0.6 * 3, 2);
    expect((await readCodeOnGrid(image, toImage))?.text).toBe(LONG);
  });

  it('finds the grid where the transform is a few tenths of a module off', async () => {
    const toImage = cameraAt(4, 5);
    const image = await photographCode(SHORT, toImage, 0.6 * 4, 3);
    // The transform the reader has: the map moved by 0.25 mm (0.4 of a module).
    const off = 0.25 * PT_PER_MM;
    const h = toImage;
    const moved: Homography = [h[0], h[1], h[0] * off + h[2], h[3], h[4], h[3] * off + h[5], h[6], h[7], h[6] * off + h[8]];
    const found = await readCodeOnGrid(image, moved);
    expect(found?.text).toBe(SHORT);
    expect(found!.offsetMm).toBeGreaterThan(0.15);
    expect(found!.offsetMm).toBeLessThan(0.35);
  });

  it('gives nothing where the transform puts no symbol, or a wrong turn of it (never a guess)', async () => {
    const toImage = cameraAt(4, 0);
    const image = await photographCode(SHORT, toImage, 0.6 * 4, 4);
    // Two modules' widths off: the known patterns no longer fit there.
    const off = 2 * MODULE_PT;
    const h = toImage;
    expect(await readCodeOnGrid(image, [h[0], h[1], h[0] * off + h[2], h[3], h[4], h[3] * off + h[5], h[6], h[7], h[6] * off + h[8]])).toBeNull();
    // The symbol's square turned a half round about its centre: its finder patterns in the wrong corners.
    const c = { x: PAGE_CODE_RECT.x + PAGE_CODE_RECT.w / 2, y: PAGE_CODE_RECT.y + PAGE_CODE_RECT.h / 2 };
    const half: Homography = [-1, 0, 2 * c.x, 0, -1, 2 * c.y, 0, 0, 1];
    const turned = [0, 1, 2].map((r) => [0, 1, 2].map((col) => [0, 1, 2].reduce((s, k) => s + h[3 * r + k] * half[3 * k + col], 0))).flat();
    expect(await readCodeOnGrid(image, turned)).toBeNull();
    // Paper and noise only.
    const blank = await photographCode(SHORT, cameraAt(4, 0), 1, 5);
    blank.data.fill(220);
    expect(await readCodeOnGrid(blank, toImage)).toBeNull();
  });
});
