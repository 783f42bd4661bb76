import sharp from 'sharp';
import { locatePage } from '../../src/scan/page-transform';
import { renderPdfPage } from '../../src/scan/pdf-pages';
import type { GrayImage } from '../../src/scan/page-reading';
import { renderPageHtml } from '../../src/shared/card/render/render-card-html';
import type { CardGeometryV2 } from '../../src/shared/geometry/card-geometry';
import { scanReadyPdfs } from '../../src/pdf/scan-ready-pdf';
import type { SlipCard, SlipStudent } from '../../src/pdf/slip-types';
import { BrowserHost } from '../../src/worker/render/browser-host';
import { PdfRenderer } from '../../src/worker/render/pdf-renderer';
import { pencilFill } from './pencil-fill';
import { scoreBoxPages } from './score-box-card';

// A class to make slips for, the way phase 2 will hand one over: the score-field card rendered by
// the real renderer with its scan marks, each student's two pages rasterised at `dpi` (greyscale,
// as the scan job stores them), pencilled, stored as JPEG, with the reader's own homography from
// its registration marks; choice answers scored against a key, written grades with CJK rubric
// items and comments. Deterministic: student i always marks the same.

export interface SlipClass {
  card: SlipCard;
  students: SlipStudent[];
  pdf: Uint8Array;
}

const KEY = (q: number) => 'ABCD'[q % 4];
const NAMES = ['王小明', '陳怡君', '林志強', '歐陽娜娜', '張家豪', '李美玲', '黃柏翰', '吳佳穎'];
const WRITTEN = [
  { q: 9, max: 5 },
  { q: 10, max: 10 },
  { q: 11, max: 15 },
  { q: 12, max: 20 },
  { q: 13, max: 30 },
];
const CHOICE_POINTS = 2.5;

/** The score-field card as the conversion makes it: PDF with scan marks and page codes, and its map. */
export async function renderSlipCard(): Promise<{ pdf: Uint8Array; map: CardGeometryV2 }> {
  const host = new BrowserHost({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', restartEvery: 10 });
  try {
    let start = 1;
    const pages = scoreBoxPages().map((components, i) => {
      const page = renderPageHtml({ components, assets: [], page: i + 1, startNumber: start, schoolName: '示範國民中學' });
      start = page.questionTotal + 1;
      return { html: page.html, css: page.css };
    });
    const rendered = await new PdfRenderer(host, 30_000).render({ pages });
    return { pdf: (await scanReadyPdfs(rendered.pdf, rendered.geometry, 4242)).card, map: rendered.geometry };
  } finally {
    await host.close();
  }
}

export async function slipClass(size: number, dpi = 150, rendered?: { pdf: Uint8Array; map: CardGeometryV2 }): Promise<SlipClass> {
  const { pdf, map } = rendered ?? (await renderSlipCard());
  const blank = [await renderPdfPage(pdf, 1, dpi), await renderPdfPage(pdf, 2, dpi)];
  const questions = Array.from({ length: 8 }, (_, i) => ({ q: i + 1, showno: String(i + 1), kind: 'single' as const, key: [KEY(i + 1)], max: i === 7 ? null : CHOICE_POINTS }));
  const written = WRITTEN.map((w) => ({ ...w, showno: String(w.q) }));
  const card: SlipCard = {
    title: '八年級數學 第二次段考',
    map,
    questions,
    written,
    choiceMax: CHOICE_POINTS * 7,
    writtenMax: WRITTEN.reduce((s, w) => s + w.max, 0),
    maxScore: CHOICE_POINTS * 7 + WRITTEN.reduce((s, w) => s + w.max, 0),
    classSize: size,
  };
  const students: SlipStudent[] = [];
  for (let i = 0; i < size; i++) {
    const marked = (q: number) => ((q + i) % 3 === 0 ? 'ABCD'[(q + 1) % 4] : (q + i) % 7 === 0 ? '' : KEY(q));
    const answers = Object.fromEntries(questions.map((x) => [x.q, { marked: marked(x.q) ? [marked(x.q)] : [], points: x.max === null ? null : marked(x.q) === KEY(x.q) ? CHOICE_POINTS : 0 }]));
    const grades: SlipStudent['written'] = Object.fromEntries(
      WRITTEN.map((w, k): [number, SlipStudent['written'][number]] => {
        if ((i + k) % 9 === 4) return [w.q, { points: null, items: [], comment: '' }];
        const points = Math.max(0, w.max - ((i + k) % 4) * 1.5);
        const items = points < w.max ? [{ description: '計算過程有誤', points: -1.5 * ((i + k) % 4) }] : [{ description: '列式與計算皆正確', points: w.max }];
        return [w.q, { points, items, comment: k === 3 ? '單位換算要再注意，答案請寫上單位（公分）。' : '' }];
      }),
    );
    const choiceTotal = Object.values(answers).reduce((s, a) => s + (a.points ?? 0), 0);
    const writtenTotal = Object.values(grades).reduce((s, g) => s + (g.points ?? 0), 0);
    const pages = [];
    for (const [index, page] of blank.entries()) {
      const image: GrayImage = { ...page, data: new Uint8Array(page.data) };
      for (const b of map.bubbles.filter((x) => x.page === index + 1 && answers[x.q]?.marked.includes(x.value))) pencilFill(image, b.rect, dpi);
      const [placement] = locatePage(image);
      const jpeg = await sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), { raw: { width: image.width, height: image.height, channels: 1 } }).jpeg({ quality: 75 }).toBuffer();
      pages.push({ page: index + 1, jpeg: new Uint8Array(jpeg), toImage: placement.toImage });
    }
    students.push({ name: NAMES[i % NAMES.length], number: `81030${String(i + 1).padStart(2, '0')}`, className: '8年3班', seat: i + 1, pages, answers, written: grades, choiceTotal, writtenTotal, total: choiceTotal + writtenTotal, rank: null });
  }
  const ranked = [...students].sort((a, b) => b.total - a.total);
  for (const s of students) s.rank = ranked.findIndex((r) => r.total === s.total) + 1;
  return { card, students, pdf };
}
