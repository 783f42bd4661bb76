import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { CardGeometryV2 } from '../shared/geometry/card-geometry';
import { translate } from '../shared/i18n/translate';
import { composeSlips } from './compose-slips';
import { placeRect, placeScan } from './slip-placement';
import { scaleTransform, type SlipCard, type SlipStudent } from './slip-types';

const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) => translate('tw', key, params);
const rect = { x: 40, y: 100, w: 500, h: 15 };
const longCard = (choices: number, written: number): SlipCard => ({
  title: '一百五十題的長試卷',
  map: { version: 2, groups: [], bubbles: [], pages: 1 } as unknown as CardGeometryV2,
  questions: Array.from({ length: choices }, (_, i) => ({ q: i + 1, showno: String(i + 1), kind: 'multi', key: ['A', 'C'], max: 1 })),
  written: Array.from({ length: written }, (_, i) => ({ q: choices + i + 1, showno: String(choices + i + 1), max: 10 })),
  choiceMax: choices,
  writtenMax: written * 10,
  maxScore: choices + written * 10,
  classSize: 1,
});
const student = (card: SlipCard, pages: SlipStudent['pages'] = []): SlipStudent => ({
  name: '歐陽娜娜',
  number: '810305',
  className: '8年3班',
  seat: 5,
  pages,
  answers: Object.fromEntries(card.questions.map((q) => [q.q, { marked: ['A'], points: 0.2 }])),
  written: Object.fromEntries(card.written.map((w) => [w.q, { points: 7.5, items: [{ description: '說明不完整，少了關鍵步驟的理由'.repeat(3), points: -2.5 }], comment: '請把每一步的理由寫清楚，並檢查單位與有效位數。'.repeat(4) }])),
  choiceTotal: card.questions.length * 0.2,
  writtenTotal: card.written.length * 7.5,
  total: card.questions.length * 0.2 + card.written.length * 7.5,
  rank: 1,
});

describe('composeSlips', () => {
  it('gives each student the summary, then each scanned page in card order', async () => {
    const card = longCard(3, 1);
    const jpeg = new Uint8Array(await sharp({ create: { width: 170, height: 240, channels: 3, background: '#f4f4f4' } }).jpeg().toBuffer());
    const pages = [2, 1].map((page) => ({ page, jpeg, toImage: scaleTransform(20.6) }));
    const pdf = await PDFDocument.load(await composeSlips({ card, students: [student(card, pages), student(card, pages)], options: { summary: true, scans: true }, t }));
    expect(pdf.getPageCount()).toBe(6);
    const scansOnly = await PDFDocument.load(await composeSlips({ card, students: [student(card, pages)], options: { summary: false, scans: true }, t }));
    expect(scansOnly.getPageCount()).toBe(2);
  });

  it('places a map rectangle on a scan through the page’s homography', () => {
    // A 1700 × 2400 px scan (A4-ish at 205 dpi, letterboxed on A4): 1 pt of the map is 205/72 px.
    const at = placeScan(1700, 2400, scaleTransform(205));
    const placed = placeRect(at, rect);
    const scale = Math.min(595.28 / 1700, 841.89 / 2400) * (205 / 72);
    expect(placed.w).toBeCloseTo(rect.w * scale, 6);
    expect(placed.x).toBeCloseTo(at.x + rect.x * scale, 6);
    expect(placed.y + placed.h).toBeCloseTo(at.y + at.height - rect.y * scale, 6);
  });
});
