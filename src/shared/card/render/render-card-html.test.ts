import { describe, expect, it } from 'vitest';
import { firstPage, secondPage } from '../../../../tests/support/card-pages';
import { tagsWith } from '../../../../tests/support/markup-tags';
import { TEXT_FIELDS } from '../../geometry/markup-attributes';
import { BUBBLE_PX } from './render-constants';
import { CARD_CSS } from './card-css';
import { renderDocumentHtml, renderPageHtml } from './render-card-html';

const bubblesOf = (html: string, q: number) => tagsWith(html, { 'data-omr': 'bubble', 'data-q': String(q) });

describe('renderPageHtml', () => {
  const page1 = renderPageHtml({ components: firstPage(), assets: [], page: 1, startNumber: 1, schoolName: '臺北市立示範高中' });

  it('renders page 1: 25 questions of five bubbles A–E, each in its group', () => {
    expect(page1.questionTotal).toBe(25);
    const groups = tagsWith(page1.html, { 'data-omr': 'group' });
    expect(groups.map((g) => g.attrs['data-q'])).toEqual(Array.from({ length: 25 }, (_, i) => String(i + 1)));
    expect(tagsWith(page1.html, { 'data-omr': 'bubble' })).toHaveLength(125);
    for (let q = 1; q <= 25; q++) {
      expect(bubblesOf(page1.html, q).map((b) => [b.attrs['data-value'], b.attrs['data-showno']])).toEqual(['A', 'B', 'C', 'D', 'E'].map((v) => [v, String(q)]));
    }
  });

  it('marks every header field once and the digit grids column by column', () => {
    for (const field of TEXT_FIELDS) expect(tagsWith(page1.html, { 'data-field': field }), field).toHaveLength(1);
    const digits = (field: string) => tagsWith(page1.html, { 'data-field': field }).map((t) => `${t.attrs['data-column']}:${t.attrs['data-digit']}`);
    const column = (c: number) => Array.from({ length: 10 }, (_, d) => `${c}:${d}`);
    expect(digits('grade-bubble')).toEqual(column(0));
    expect(digits('class-bubble')).toEqual([...column(0), ...column(1)]);
    expect(digits('seat-bubble')).toEqual([...column(0), ...column(1)]);
  });

  it("writes the school's name into page 1's header, the stored title and subtitle", () => {
    expect(page1.html).toContain('臺北市立示範高中');
    expect(page1.html).not.toContain('示範高級中學');
    expect(page1.html).toContain('114學年度第一學期期中考 數學科');
    expect(page1.html).toContain('一、單選題（每題4分，共100分）');
    expect(page1.html).toContain('height:527px');
  });

  it('renders page 2 from its start number: 36 questions of 12 bubbles A–L', () => {
    const page2 = renderPageHtml({ components: secondPage(), assets: [], page: 2, startNumber: 26 });
    expect(page2.questionTotal).toBe(61);
    expect(tagsWith(page2.html, { 'data-omr': 'group' })).toHaveLength(36);
    expect(bubblesOf(page2.html, 26).map((b) => b.attrs['data-value']).join('')).toBe('ABCDEFGHIJKL');
    expect(bubblesOf(page2.html, 61)).toHaveLength(12);
    expect(bubblesOf(page2.html, 62)).toHaveLength(0);
    expect(page2.html).toContain('height:765px');
  });

  it('leaves the A4 section to the document, and uses no script or remote URL', () => {
    expect(page1.html).not.toContain('data-card-page');
    for (const text of [page1.html, page1.css]) {
      expect(text).not.toMatch(/<script|javascript:|https?:|url\(|@import/i);
    }
  });
});

describe('the card stylesheet', () => {
  it('frames A4 without margins and gives every bubble one fixed size', () => {
    expect(CARD_CSS).toContain('@page { size: A4; margin: 0; }');
    expect(CARD_CSS).toMatch(/section\[data-card-page\] \{[^}]*width: 210mm; height: 297mm;/);
    expect(CARD_CSS).toMatch(new RegExp(`\\.acs-bubble \\{[^}]*width: ${BUBBLE_PX.w}px; height: ${BUBBLE_PX.h}px;`));
    expect(CARD_CSS).toContain('"Noto Sans CJK TC", "Noto Sans TC", sans-serif');
    expect(CARD_CSS).toContain('rgb(255, 0, 150)');
  });

  it("survives the page store's css sanitiser: no angle brackets, no url()", () => {
    expect(CARD_CSS).not.toMatch(/[<>]|url\(|@import|expression\(/);
  });
});

describe('renderDocumentHtml', () => {
  it('puts every page in its A4 section and numbers on across pages', () => {
    const doc = renderDocumentHtml([
      { components: firstPage(), assets: [], schoolName: '示範高中' },
      { components: secondPage(), assets: [] },
    ]);
    expect(doc.questionTotal).toBe(61);
    expect(tagsWith(doc.html, { 'data-card-page': '' }).map((t) => [t.name, t.attrs['data-card-page']])).toEqual([['section', '1'], ['section', '2']]);
    expect(bubblesOf(doc.html, 26)[0].attrs['data-value']).toBe('A');
    expect(doc.html.match(/<style>/g)).toHaveLength(1);
    expect(doc.html).toMatch(/^<!doctype html>/);
  });
});
