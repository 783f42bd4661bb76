import { describe, expect, it } from 'vitest';
import { everyKindPage, PNG_ASSET, single } from '../../../../tests/support/card-pages';
import { ZPageComponents } from '../page-blocks';
import { classTags, startTags, tagsWith } from '../../../../tests/support/markup-tags';
import { renderPageHtml } from './render-card-html';
import { optionValues } from './option-values';

const render = (mode: 'print' | 'edit' = 'print', assets = [PNG_ASSET]) => renderPageHtml({ components: everyKindPage(), assets, page: 3, startNumber: 10, mode }).html;
const html = render();
const values = (q: number, showno?: string) =>
  tagsWith(html, { 'data-omr': 'bubble', 'data-q': String(q), ...(showno ? { 'data-showno': showno } : {}) }).map((b) => b.attrs['data-value']);

describe('every block kind', () => {
  it('gives each question its option type: number, true/false, fill-in digits, letters', () => {
    expect(values(10)).toEqual(['1', '2', '3', '4']);
    expect(values(11, '11')).toEqual(['是', '否']);
    expect(values(12)).toEqual([...'0123456789', '-', '±']);
    expect(values(15)).toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  it('prints 自 on sub-questions and reads them under the question before', () => {
    expect(values(11, '自')).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(values(13, '自')).toEqual(['A', 'B', 'C']);
    expect(classTags(html, 'acs-q-no')).toHaveLength(11);
    expect(html.match(/<div class="acs-q-no">自<\/div>/g)).toHaveLength(2);
  });

  it('outlines every question row, free answers included, and no group without a number', () => {
    const groups = tagsWith(html, { 'data-omr': 'group' });
    expect(groups.map((g) => g.attrs['data-showno'])).toEqual(['10', '11', '自', '12', '13', '自', '14', '15', '16', '17', '18']);
    expect(groups.every((g) => Number(g.attrs['data-q']) >= 1)).toBe(true);
    expect(tagsWith(html, { 'data-omr': 'group', 'data-q': '14' })[0].attrs.style).toBe('height:80px');
  });

  it('escapes author text instead of rendering it as markup', () => {
    expect(html).toContain('&lt;b&gt;說明&lt;/b&gt;');
    expect(html).not.toContain('<b>說明');
  });

  it('sizes the writing tools: 34 px cells, the grid by the spec formula', () => {
    expect(classTags(html, 'acs-hw-cell')).toHaveLength(12);
    expect(classTags(html, 'acs-dot-cell')).toHaveLength(8);
    // 3 rows × 10 columns: 15 × 10 + 1 wide, 15 × 3 − 3 + 1 high.
    expect(classTags(html, 'acs-grid')[0].attrs.style).toBe('width:151px;height:43px');
    expect(classTags(html, 'acs-underline')[0].attrs.style).toBe('height:34px');
  });

  it('splits rows by ratio and equally, with the default 50 px height (a minimum once a cell holds questions)', () => {
    const widths = classTags(html, 'acs-split-cell').map((c) => c.attrs.style);
    expect(widths).toEqual(['width:30%', 'width:70%', 'width:33.333%', 'width:33.333%', 'width:33.333%']);
    expect(classTags(html, 'acs-split').map((s) => [s.attrs.class, s.attrs.style])).toEqual([
      ['acs-split acs-split-full', 'height:50px'],
      ['acs-split acs-split-middle', 'min-height:50px'],
    ]);
  });

  it('shows assets as data URLs and the placeholder for none, an unknown id or a remote src', () => {
    const imgs = startTags(html).filter((t) => t.name === 'img');
    expect(imgs.map((i) => i.attrs.alt)).toEqual(['雙擊以更換圖片', 'chart.png', '雙擊以更換圖片', '雙擊以更換圖片', 'chart.png', 'chart.png']);
    expect(imgs.every((i) => i.attrs.src.startsWith('data:image/png;base64,'))).toBe(true);
    const remote = render('print', [{ ...PNG_ASSET, src: 'https://evil.example/a.png' }]);
    expect(remote).not.toContain('evil.example');
    expect(classTags(html, 'acs-image-columns')[0].attrs.style).toBe('height:60px');
    expect(html.match(/width:33\.3%/g)).toHaveLength(3);
    // Text on top of a 100 px image; stored 120 px high, it keeps room for a 30 px text line.
    expect(html).toMatch(/acs-image-text-column" style="height:130px"><div class="acs-text acs-image-text-text">.*?<\/div><div class="acs-image" style="height:100px">/);
  });

  it('labels the ratio chart and the blank blocks', () => {
    for (const label of ['$', '0', '個人花費', '出遊時間(小時)', '此區請勿書寫', '（背面空白，請勿作答）']) expect(html).toContain(label);
  });

  it('adds only hooks and zero-size placeholders in edit mode', () => {
    const edit = render('edit');
    expect(tagsWith(edit, { 'data-block-id': 's1' })).toHaveLength(1);
    expect(tagsWith(edit, { 'data-block-id': 'sq2' })).toHaveLength(1);
    expect(html).not.toContain('data-block-id');
    const stripped = edit
      .replace(/ data-block-id="[^"]*"/g, '')
      .replace(/<span class="acs-placeholder">[^<]*<\/span>/g, '')
      .replace(/<div class="acs-drop-area">[^<]*<\/div>/g, '');
    expect(stripped).toBe(html);
  });

  it('shows an empty column or split cell as a drop area in the editor only (issue 15 part 5)', () => {
    const components = ZPageComponents.parse({
      version: 1,
      blocks: [{ id: 'b', kind: 'otherBase', title: '第二部分', children: [
        { id: 'c', kind: 'twoColumn', left: [], right: [single('q1')] },
        { id: 'e', kind: 'equalSplit', columns: 3, cells: [{ id: 'e1', children: [] }, { id: 'e2', children: [{ id: 't', kind: 'text', content: [[{ text: '甲' }]] }] }, { id: 'e3', children: [] }] },
      ] }],
    });
    const page = (mode: 'print' | 'edit') => renderPageHtml({ components, assets: [], page: 2, startNumber: 1, mode }).html;
    const areas = classTags(page('edit'), 'acs-drop-area');
    expect(areas).toHaveLength(3); // the empty left column, the first and last cells
    expect(page('edit')).toContain('拖曳元件到此');
    expect(page('print')).not.toContain('acs-drop-area');
    // The print markup, and so the PDF and its geometry, is what it was: no room, no class, no text.
    expect(page('edit').replace(/ data-block-id="[^"]*"/g, '').replace(/<div class="acs-drop-area">[^<]*<\/div>/g, '')).toBe(page('print'));
  });

  it('fails loudly for a question rendered without a number', () => {
    expect(() => renderPageHtml({ components: everyKindPage(), assets: [], page: 1, startNumber: -1 })).toThrow();
  });
});

describe('option values', () => {
  it('follows the option types of the choice dialog', () => {
    expect(optionValues({ type: 'en', count: 12 }).join('')).toBe('ABCDEFGHIJKL');
    expect(optionValues({ type: 'number', count: 3 })).toEqual(['1', '2', '3']);
    expect(optionValues({ type: 'truefalse', count: 2 })).toEqual(['是', '否']);
    expect(optionValues({ type: 'chooseNumber', digit: false, minus: true, plusMinus: true })).toEqual(['-', '±']);
  });
});
