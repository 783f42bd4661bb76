import { describe, expect, it } from 'vitest';
import { scanCorpus, type CorpusPage, type ScanProfile } from '../../tests/support/scan-corpus/corpus';
import { CLEAN } from '../../tests/support/scan-corpus/degrade';
import { scanCardMap } from '../../tests/support/scan-corpus/scan-card-map';
import { tally } from '../../tests/support/scan-corpus/score';
import { paperWhite } from './bubble-fills';
import type { Homography } from './homography';
import type { GrayImage } from './page-reading';
import { locatePage, type PageTransform } from './page-transform';
import { readPage, readPageCode } from './read-page';
import { VERIFY } from './reading-thresholds';
import { verifyTransform } from './verify-transform';

// A transform that does not fit is never read (issue 23 part 6): the bubbles' own printed outlines
// must be where the transform puts them, or the page is `unreadable` with 'transform-unverified'.

const map = scanCardMap();
const mapFor = async () => map;

async function pages(o: { rotationDeg?: number; seed?: number } = {}): Promise<CorpusPage[]> {
  const profile: ScanProfile = { name: 'test', jpegQuality: null, degradation: () => ({ ...CLEAN, rotationDeg: o.rotationDeg ?? 0.8, marginMm: 3, blur: true, noise: 8 }) };
  const out: CorpusPage[] = [];
  for await (const page of scanCorpus({ map, document: 41, students: 1, dpi: 200, profile, seed: o.seed ?? 3 })) out.push(page);
  return out;
}

/** The same transform with the map moved by (dx, dy) points first: a fit that is off by that much. */
function shifted(t: PageTransform, dx: number, dy: number): PageTransform {
  const h = t.toImage;
  const toImage: Homography = [h[0], h[1], h[0] * dx + h[1] * dy + h[2], h[3], h[4], h[3] * dx + h[4] * dy + h[5], h[6], h[7], h[6] * dx + h[7] * dy + h[8]];
  return { ...t, toImage };
}

/** A sheet lying curled on the glass: rows drop more and more towards the right edge (a keystone of `pct` % of the height). */
function keystone(image: GrayImage, pct: number): GrayImage {
  const out = new Uint8Array(image.data.length).fill(255);
  const { width, height } = image;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const f = 1 + (pct / 100) * (x / width);
      const sy = Math.round(height / 2 + (y - height / 2) / f);
      if (sy >= 0 && sy < height) out[y * width + x] = image.data[sy * width + x];
    }
  }
  return { width, height, data: out };
}

describe('transform verification', { timeout: 60_000 }, () => {
  it('holds on an ordinary scan, both pages', async () => {
    for (const page of await pages()) {
      const [t] = locatePage(page.image);
      const check = verifyTransform(page.image, t, map, page.code!.page, paperWhite(page.image));
      expect(check.ok).toBe(true);
      expect(check.checked).toBeGreaterThanOrEqual(10);
      expect(check.found / check.checked).toBeGreaterThanOrEqual(0.9);
      expect(check.medianOffsetPt).toBeLessThanOrEqual(0.5);
    }
  });

  it.each([
    ['a bubble pitch to the right', 16, 0],
    ['a bubble pitch to the left', -16, 0],
    ['a row down', 0, 19],
    ['1.5 mm', 4.25, 0],
    ['1.5 mm diagonally', 3, 3],
  ])('fails when the fit is off by %s (the outlines, or the page code where they cannot tell)', async (_name, dx, dy) => {
    const [page] = await pages();
    const [t] = locatePage(page.image);
    const off = shifted(t, dx, dy);
    const outlines = verifyTransform(page.image, off, map, 1, paperWhite(page.image)).ok;
    const code = await readPageCode(page.image, off);
    const codeHolds = code !== null && code.offsetMm !== null && code.offsetMm <= VERIFY.maxCodeOffsetMm;
    expect(outlines && codeHolds).toBe(false);
    expect((await readPageCode(page.image, t))?.offsetMm).toBeLessThan(0.5);
  });

  it.each([
    ['down', 19],
    ['up', -19],
  ])('the outlines alone refuse a fit a row %s (every other row lands on its neighbour: the column ends decide)', async (_name, dy) => {
    for (const page of await pages()) {
      const [t] = locatePage(page.image);
      expect(verifyTransform(page.image, shifted(t, 0, dy), map, page.code!.page, paperWhite(page.image)).ok).toBe(false);
    }
  });

  it('a curled sheet (keystone) is read right or set aside as transform-unverified, never read wrong', async () => {
    let aside = 0;
    for (const pct of [1, 2, 3, 4]) {
      for (const page of await pages({ rotationDeg: 0.3, seed: pct })) {
        const reading = await readPage({ image: keystone(page.image, pct), mapFor });
        if (reading.status !== 'read') {
          expect(reading).toMatchObject({ reason: 'transform-unverified' });
          expect(reading.flags).toContain('transform-unverified');
          aside++;
          continue;
        }
        const t = tally(page.expected.map((e) => [e, reading.questions.find((q) => q.q === e.q)]));
        expect(t.wrong, `${pct} % keystone, page ${page.code!.page}`).toBe(0);
      }
    }
    expect(aside).toBeGreaterThan(0);
  });
});
