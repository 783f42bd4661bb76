import { mkdir, writeFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { composeSlips } from '../../src/pdf/compose-slips';
import { renderPdfOnePage } from '../../src/scan/pdf-pages';
import { placeRect, placeScan } from '../../src/pdf/slip-placement';
import type { SlipCard } from '../../src/pdf/slip-types';
import { translate } from '../../src/shared/i18n/translate';
import { pdfFonts, pdfText, rasterPage } from '../support/poppler';
import { slipClass, type SlipClass } from '../support/slip-class';

// The slip engine (docs/grading.md "Slips") on a real class: the score-field card rendered by the
// real renderer, three students' pages rasterised, pencilled and stored as JPEG with the reader's
// own homography, composed into one class PDF; read back by poppler with fontconfig emptied (the
// names must be carried by the PDF's own font) and rasterised to check the marks' colours where
// the map says. PNGs in test-results/slips/ for a person to look at.
const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) => translate('tw', key, params);
const OUT = 'test-results/slips';
let klass: SlipClass;
let pdf: Uint8Array;

beforeAll(async () => {
  klass = await slipClass(3);
  pdf = await composeSlips({ card: klass.card, students: klass.students, options: { summary: true, scans: true }, t });
  await mkdir(OUT, { recursive: true });
  await writeFile(`${OUT}/class.pdf`, pdf);
}, 120_000);

/** Counts of clearly red and clearly green pixels within `grow` pt of a map rectangle of a scan page on PDF page `index` (from 1), at 100 dpi. */
async function colourNear(index: number, cardPage: number, student: number, rect: { x: number; y: number; w: number; h: number }, grow = 3) {
  const scan = klass.students[student].pages.find((p) => p.page === cardPage)!;
  const meta = await sharp(Buffer.from(scan.jpeg)).metadata();
  const at = placeRect(placeScan(meta.width, meta.height, scan.toImage), rect);
  const raster = await pageOf(index);
  const k = 100 / 72;
  let red = 0;
  let green = 0;
  for (let y = Math.floor((841.89 - at.y - at.h - grow) * k); y < Math.ceil((841.89 - at.y + grow) * k); y++) {
    for (let x = Math.floor((at.x - grow) * k); x < Math.ceil((at.x + at.w + grow) * k); x++) {
      const i = (y * raster.info.width + x) * raster.info.channels;
      const [r, g, b] = [raster.data[i], raster.data[i + 1], raster.data[i + 2]];
      if (r > 150 && g < 90 && b < 90) red++;
      if (g > 100 && r < 90 && b < 120) green++;
    }
  }
  return { red, green };
}
const pages = new Map<number, { data: Uint8Array; info: { width: number; channels: number } }>();
/** PDF page `index` at 100 dpi in colour (the one rasteriser of prints), also written as a PNG for a person to look at. */
async function pageOf(index: number) {
  if (!pages.has(index)) {
    const { image, rgb } = await renderPdfOnePage(pdf, index, { dpi: 100, colour: true });
    if (!rgb) throw new Error('a colour render carries its RGB');
    await sharp(rgb, { raw: { width: image.width, height: image.height, channels: 3 } }).png().toFile(`${OUT}/page-${index}.png`);
    pages.set(index, { data: rgb, info: { width: image.width, channels: 3 } });
  }
  return pages.get(index)!;
}
const bubble = (card: SlipCard, q: number, value: string) => card.map.bubbles.find((b) => b.q === q && b.value === value)!.rect;

describe('slips of a class', () => {
  it('gives each student a summary page and the two annotated scans, in roster order', async () => {
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(9);
  });

  it('carries names, totals, rank, points, rubric items and comments as text poppler reads with no fonts installed', () => {
    klass.students.forEach((s, i) => {
      const summary = pdfText(pdf, i * 3 + 1);
      expect(summary.stderr).toBe('');
      for (const text of [s.name, s.number, `總分 ${s.total} / 97.5`, `班級名次 ${s.rank} / 3`, '選擇題', '非選擇題']) expect(summary.stdout).toContain(text);
      const scan = pdfText(pdf, i * 3 + 2);
      expect(scan.stdout).toMatch(new RegExp(`${s.name}\\s+${s.number}`));
      expect(scan.stdout).toMatch(/\d+(\.5)?\/2\.5/);
    });
    for (const text of ['列式與計算皆正確', '計算過程有誤', '單位換算要再注意']) expect(pdfText(pdf, 1).stdout).toContain(text);
    expect(pdfFonts(pdf).stderr).toBe('');
  });

  it('rings the key’s option in green and crosses a wrong mark in red, where the scan shows them', async () => {
    const { card, students } = klass;
    const answer = (q: number) => students[0].answers[q];
    const counted = card.questions.filter((q) => q.max !== null && answer(q.q).marked.length === 1);
    const wrong = counted.find((q) => !q.key.includes(answer(q.q).marked[0]))!;
    const right = counted.find((q) => q.key.includes(answer(q.q).marked[0]))!;
    const untouched = ['A', 'B', 'C', 'D'].find((v) => !wrong.key.includes(v) && !answer(wrong.q).marked.includes(v))!;
    expect((await colourNear(2, 1, 0, bubble(card, wrong.q, wrong.key[0]))).green).toBeGreaterThan(20);
    expect((await colourNear(2, 1, 0, bubble(card, wrong.q, answer(wrong.q).marked[0]))).red).toBeGreaterThan(20);
    // A bubble neither marked nor the key gets nothing (the rings beside it are 2 pt away).
    expect(await colourNear(2, 1, 0, bubble(card, wrong.q, untouched), 0.5)).toEqual({ red: 0, green: 0 });
    expect((await colourNear(2, 1, 0, bubble(card, right.q, right.key[0]))).green).toBeGreaterThan(20);
    expect((await colourNear(2, 1, 0, bubble(card, right.q, right.key[0]))).red).toBe(0);
  });

  it('makes one student’s slips on demand, and a class’s summaries alone', async () => {
    const one = await composeSlips({ card: klass.card, students: [klass.students[1]], options: { summary: true, scans: true }, t });
    expect((await PDFDocument.load(one)).getPageCount()).toBe(3);
    expect(pdfText(one, 1).stdout).toContain(klass.students[1].name);
    expect(pdfText(one, 1).stdout).not.toContain(klass.students[0].name);
    const summaries = await composeSlips({ card: klass.card, students: klass.students, options: { summary: true, scans: false }, t });
    expect((await PDFDocument.load(summaries)).getPageCount()).toBe(3);
  });

  it('keeps a summary of 150 choice and 12 long written answers on its page, cutting the notes short', async () => {
    const card: SlipCard = {
      ...klass.card,
      questions: Array.from({ length: 150 }, (_, i) => ({ q: i + 1, showno: String(i + 1), kind: 'multi', key: ['A', 'C'], max: 1 })),
      written: Array.from({ length: 12 }, (_, i) => ({ q: 151 + i, showno: String(151 + i), max: 10 })),
    };
    const student = {
      ...klass.students[0],
      answers: Object.fromEntries(card.questions.map((q) => [q.q, { marked: ['A'], points: 0.2 }])),
      written: Object.fromEntries(card.written.map((w) => [w.q, { points: 7.5, items: [{ description: '說明不完整'.repeat(12), points: -2.5 }], comment: '請把每一步的理由寫清楚。'.repeat(6) }])),
    };
    const long = await composeSlips({ card, students: [student], options: { summary: true, scans: false }, t });
    const text = pdfText(long, 1).stdout;
    expect(text).toContain('150');
    expect(text).toContain('162');
    expect(text).toContain('…');
    const raster = await rasterPage(long, 1, 50);
    let inkBelow = 0;
    for (let y = raster.height - Math.round((30 / 72) * 50); y < raster.height; y++) for (let x = 0; x < raster.width; x++) if (raster.at(x, y) < 200) inkBelow++;
    expect(inkBelow).toBe(0);
    await writeFile(`${OUT}/long-summary.pdf`, long);
  });
});
