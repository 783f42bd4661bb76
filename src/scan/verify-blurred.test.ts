import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { scanCorpus, type CorpusPage } from '../../tests/support/scan-corpus/corpus';
import { CLEAN } from '../../tests/support/scan-corpus/degrade';
import { photograph, type PhotoParams } from '../../tests/support/scan-corpus/photo';
import { rngFrom } from '../../tests/support/scan-corpus/pencil';
import { scanCardMap } from '../../tests/support/scan-corpus/scan-card-map';
import { tally } from '../../tests/support/scan-corpus/score';
import { paperWhite } from './bubble-fills';
import { codeBlurPt } from './code-grid';
import { readCodeOnGrid, readCodes } from './code-reader';
import type { Homography } from './homography';
import type { GrayImage } from './page-reading';
import { locatePage, type PageTransform } from './page-transform';
import { flatPage, flatScale, locatePhoto } from './photo-page';
import { readPage } from './read-page';
import { VERIFY } from './reading-thresholds';
import { blurredNcc, verifyBlurredOutlines } from './verify-blurred';
import { verifyTransform } from './verify-transform';
import { grow, warpRect } from './warp';
import { PAGE_CODE_RECT, PT_PER_MM } from '../shared/geometry/scan-layout';

// Issue 29: a photo blurred so far that the bubbles' thin outlines lose the contrast the scan's
// check asks (verify-transform.ts) is verified against the outlines as they look at the page's own
// blur (verify-blurred.ts); the page code blurred past ZXing is read on its known grid (code-grid.ts).
// A fit off by a pitch, a row or 1.5 mm still does not verify; a fold is never read.

const SLOW = 90_000;
const map = scanCardMap();
const mapFor = async () => map;
const sheets: CorpusPage[] = [];

beforeAll(async () => {
  for await (const page of scanCorpus({ map, document: 29, students: 1, dpi: 200, profile: { name: 'flat', jpegQuality: null, degradation: () => CLEAN }, seed: 31 })) sheets.push(page);
}, SLOW);

// A 3 MP frame, the sheet filling 62 %: blur σ 1.4 px there is 2.8 px of a 12 MP frame (within the limits).
const BLURRED: PhotoParams = { megapixels: 3, tiltDeg: 7, rotationDeg: 205, fraction: 0.62, gradient: 0.2, shadow: 0, shadowDepth: 0, blurPx: 1.4, quality: 90, exif: 1 };

async function shoot(page: CorpusPage, p: Partial<PhotoParams>, seed = 1): Promise<GrayImage> {
  const params = { ...BLURRED, ...p };
  const photo = photograph(page.image, 200, params, rngFrom(seed));
  const data = new Uint8Array(photo.width * photo.height);
  for (let i = 0; i < data.length; i++) data[i] = 0.299 * photo.rgb[3 * i] + 0.587 * photo.rgb[3 * i + 1] + 0.114 * photo.rgb[3 * i + 2];
  const blurred = await sharp(data, { raw: { width: photo.width, height: photo.height, channels: 1 } }).blur(params.blurPx).toColourspace('b-w').raw().toBuffer();
  return { width: photo.width, height: photo.height, data: new Uint8Array(blurred) };
}

/** Fits off by a bubble's pitch, a row, 1.5 mm or 1.1 mm diagonally (pt, on the test card's map): none may verify. */
const MOVES: [string, number, number][] = [
  ['a bubble pitch to the right', 16, 0],
  ['a bubble pitch to the left', -16, 0],
  ['a row down', 0, 19],
  ['a row up', 0, -19],
  ['1.5 mm', 4.25, 0],
  ['1.5 mm down', 0, 4.25],
  ['1.1 mm diagonally', 2.2, 2.2],
];

function shifted(t: PageTransform, dx: number, dy: number): PageTransform {
  const h = t.toImage;
  const toImage: Homography = [h[0], h[1], h[0] * dx + h[1] * dy + h[2], h[3], h[4], h[3] * dx + h[4] * dy + h[5], h[6], h[7], h[6] * dx + h[7] * dy + h[8]];
  return { ...t, toImage };
}

describe('a blurred photo', () => {
  let flat: GrayImage;
  let t: PageTransform;
  let sigmaPt: number;
  let photo: GrayImage;
  let inPhoto: PageTransform;

  beforeAll(async () => {
    photo = await shoot(sheets[0], {}, 3);
    const [turn] = locatePhoto(photo)!;
    inPhoto = { toImage: turn.toImage, upsideDown: false, residualMm: 0, black: turn.black, pxPerPt: turn.pxPerPt, marks: 4 };
    flat = flatPage(photo, turn.toImage, flatScale(turn.toImage));
    [t] = locatePage(flat);
    sigmaPt = codeBlurPt(photo, turn.toImage)!;
  }, SLOW);

  it('has its blur measured on the page code (σ 1.4 px of a 3 MP frame, the sheet at 62 %: about 1 pt on the page)', () => {
    expect(sigmaPt).toBeGreaterThan(0.8);
    expect(sigmaPt).toBeLessThan(1.6);
  });

  it('is past the scan check and ZXing: outlines not found, the code not decoded', async () => {
    expect(verifyTransform(flat, t, map, 1, paperWhite(flat), false, VERIFY.photoRingContrast).ok).toBe(false);
    expect(await readCodes(warpRect(flat, t.toImage, grow(PAGE_CODE_RECT, 3 * PT_PER_MM), 4), ['QRCode'])).toEqual([]);
  });

  it('verifies against its outlines at its own blur, its code found on its grid where the fit puts it', async () => {
    expect((await readCodeOnGrid(photo, inPhoto.toImage))?.offsetMm).toBeLessThan(0.3);
    const check = verifyBlurredOutlines(flat, t, map, 1, paperWhite(flat), sigmaPt);
    expect(check.ok).toBe(true);
    expect(check.found / check.checked).toBeGreaterThanOrEqual(0.8);
    expect(check.medianOffsetPt).toBeLessThanOrEqual(1);
  });

  it.each(MOVES)('does not verify a fit off by %s (the outlines, or the page code on its grid where they cannot tell)', async (_name, dx, dy) => {
    const off = shifted(t, dx, dy);
    const outlines = verifyBlurredOutlines(flat, off, map, 1, paperWhite(flat), sigmaPt).ok;
    // The code is read on the photo, through the photo's transform off by as much.
    const code = await readCodeOnGrid(photo, shifted(inPhoto, dx, dy).toImage);
    expect(outlines && code !== null && code.offsetMm <= VERIFY.maxCodeOffsetMm).toBe(false);
  });

  it('is read: identified by the code on its known grid, verified, nothing silently wrong', async () => {
    for (const [i, page] of sheets.entries()) {
      const reading = await readPage({ image: i === 0 ? photo : await shoot(page, { rotationDeg: 80 }, 9), mapFor });
      expect(reading.status, `page ${i + 1}`).toBe('read');
      expect(reading.code).toEqual(page.code);
      const t = tally(page.expected.map((e) => [e, reading.questions.find((q) => q.q === e.q)]));
      expect(t.wrong).toBe(0);
      expect(t.right / t.questions).toBeGreaterThanOrEqual(0.95);
    }
  }, SLOW);

  it('folded (its middle shifted 2 mm) it does not verify: flagged, never read', async () => {
    const page = sheets[0];
    const bent = { ...page.image, data: page.image.data.slice() };
    const shift = Math.round((2 / 25.4) * 150);
    const { width, height } = bent;
    for (let y = Math.round(height * 0.2); y < height * 0.8; y++) for (let x = width - 1; x >= shift; x--) bent.data[y * width + x] = page.image.data[y * width + x - shift];
    const reading = await readPage({ image: await shoot({ ...page, image: bent }, {}, 5), mapFor });
    expect(reading.status).not.toBe('read');
    expect(reading.questions).toEqual([]);
  }, SLOW);
});

// The corners of the limits at any turn (a 12 MP frame, the turned sheet's box filling 60 %, blur
// 3 px): σ 1.4–1.6 pt on the page, where the true outline's correlation falls to 0.3–0.4 (ruled
// lines and JPEG noise beside a line blurred three times its width) and the threshold with it.
describe('a photo blurred σ ≈ 1.5 pt on the page', () => {
  let flat: GrayImage;
  let t: PageTransform;
  let sigmaPt: number;

  beforeAll(async () => {
    const photo = await shoot(sheets[0], { blurPx: 1.5, rotationDeg: 130 }, 7); // σ 1.42 pt: an end bubble at 0.38, under the 0.45 that σ ≤ 1.1 asks
    const [turn] = locatePhoto(photo)!;
    flat = flatPage(photo, turn.toImage, flatScale(turn.toImage));
    [t] = locatePage(flat);
    sigmaPt = codeBlurPt(photo, turn.toImage)!;
  }, SLOW);

  it('asks less of each outline the more it is blurred, never under 0.30', () => {
    expect(blurredNcc(0.8)).toBe(0.45);
    expect(blurredNcc(1.1)).toBe(0.45);
    expect(blurredNcc(1.3)).toBeCloseTo(0.35);
    expect(blurredNcc(1.4)).toBeCloseTo(0.3);
    expect(blurredNcc(2.5)).toBe(0.3);
  });

  it('verifies at its own blur', () => {
    expect(sigmaPt).toBeGreaterThan(1.3);
    const check = verifyBlurredOutlines(flat, t, map, 1, paperWhite(flat), sigmaPt);
    expect(check.ok).toBe(true);
  });

  it.each(MOVES)('does not verify a fit off by %s on its outlines alone', (_name, dx, dy) => {
    expect(verifyBlurredOutlines(flat, shifted(t, dx, dy), map, 1, paperWhite(flat), sigmaPt).ok).toBe(false);
  });
});
