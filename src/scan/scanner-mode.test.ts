import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { scanCorpus, type CorpusPage, type ScanProfile } from '../../tests/support/scan-corpus/corpus';
import { CLEAN } from '../../tests/support/scan-corpus/degrade';
import { scanCardMap } from '../../tests/support/scan-corpus/scan-card-map';
import { tally } from '../../tests/support/scan-corpus/score';
import { batchWarnings } from '../worker/jobs/scan-warnings';
import { decodeImage } from './image-input';
import { readPage } from './read-page';

// Scanner modes (docs/scan-reading.md "Scanner modes"): black-and-white pages told from grey ones
// and flagged (light pencil may be gone), colour pages read on their best channel, the resolution
// from the page transform; the batch gathers the pages' warnings.

const map = scanCardMap();
const mapFor = async () => map;
const office: ScanProfile = { name: 'o', jpegQuality: null, degradation: () => ({ ...CLEAN, rotationDeg: 0.6, marginMm: 2, blur: true, noise: 8 }) };

async function pages(o: { dpi?: number; modes?: { color?: number; bw?: number }; habits?: Record<string, number> }): Promise<CorpusPage[]> {
  const out: CorpusPage[] = [];
  for await (const page of scanCorpus({ map, document: 41, students: 1, dpi: o.dpi ?? 200, profile: office, seed: 9, modes: o.modes, habits: o.habits })) out.push(page);
  return out;
}

describe('scanner modes', { timeout: 60_000 }, () => {
  it('a grey scan: mode gray, its dpi, no scanner flag', async () => {
    for (const dpi of [200, 300]) {
      const [page] = await pages({ dpi });
      const reading = await readPage({ image: page.image, mapFor });
      expect(reading.scanner?.mode).toBe('gray');
      expect(Math.abs(reading.scanner!.dpi! - dpi)).toBeLessThanOrEqual(4);
      expect(reading.flags).not.toContain('bilevel');
    }
  });

  it('a black-and-white scan (two levels): read, flagged bilevel; marks it kept are right, light marks it lost are the only misses', async () => {
    for (const page of await pages({ modes: { bw: 1 }, habits: { light: 1 } })) {
      const reading = await readPage({ image: page.image, mapFor });
      expect(reading.scanner?.mode).toBe('bw');
      expect(reading.flags).toContain('bilevel');
      const t = tally(page.expected.map((e) => [e, reading.questions.find((q) => q.q === e.q)]));
      expect(t.wrong).toBe(0);
    }
  });

  it('a low resolution is flagged low-dpi', async () => {
    const [page] = await pages({ dpi: 200 });
    const small = await sharp(Buffer.from(page.image.data), { raw: { width: page.image.width, height: page.image.height, channels: 1 } }).resize({ width: Math.round(page.image.width * 0.6) }).raw().toBuffer({ resolveWithObject: true });
    const reading = await readPage({ image: { width: small.info.width, height: small.info.height, data: new Uint8Array(small.data) }, mapFor });
    expect(reading.scanner!.dpi!).toBeLessThan(150);
    expect(reading.flags).toContain('low-dpi');
  });

  it('a colour scan (magenta print, blue pen) is read on its best channel: every pen mark right', async () => {
    for (const page of await pages({ modes: { color: 1 }, habits: { pen: 1 } })) {
      const png = await sharp(Buffer.from(page.rgb!), { raw: { width: page.image.width, height: page.image.height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
      const image = await decodeImage(png);
      expect(image.mode).toBe('color');
      const reading = await readPage({ image, mapFor });
      expect(reading.scanner?.mode).toBe('color');
      expect(reading.status).toBe('read');
      const t = tally(page.expected.map((e) => [e, reading.questions.find((q) => q.q === e.q)]));
      expect(t).toMatchObject({ wrong: 0 });
      expect(t.right).toBeGreaterThanOrEqual(t.questions - 1);
    }
  });

  it('gathers the pages\' warnings for the batch, page numbers ascending', () => {
    expect(batchWarnings([{ index: 3, flags: ['bilevel'] }, { index: 1, flags: [] }, { index: 7, flags: ['bilevel', 'low-dpi'] }, { index: 2, flags: ['other-document'] }])).toEqual([
      { kind: 'bilevel', pages: [3, 7] },
      { kind: 'low-dpi', pages: [7] },
      { kind: 'other-document', pages: [2] },
    ]);
  });
});
