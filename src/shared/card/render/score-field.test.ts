import { describe, expect, it } from 'vitest';
import { scoreBoxFirstPage, scoreBoxSecondPage } from '../../../../tests/support/score-box-card';
import { classTags, tagsWith } from '../../../../tests/support/markup-tags';
import { renderPageHtml } from './render-card-html';

const page1 = renderPageHtml({ components: scoreBoxFirstPage(), assets: [], page: 1, startNumber: 1, schoolName: '示範國民中學' });
const page2 = renderPageHtml({ components: scoreBoxSecondPage(), assets: [], page: 2, startNumber: page1.questionTotal + 1 });
const scoreBubbles = (html: string, q: number) => tagsWith(html, { 'data-omr': 'score', 'data-q': String(q) }).map((t) => `${t.attrs['data-column']}:${t.attrs['data-value']}`);

describe('score fields in the card markup', () => {
  it('marks each field with its free answer’s number and max, inside the answer area', () => {
    const fields = tagsWith(page1.html, { 'data-omr': 'score-field' });
    expect(fields.map((f) => [f.attrs['data-q'], f.attrs['data-showno'], f.attrs['data-max']])).toEqual([
      ['9', '9', '5'],
      ['10', '10', '10'],
      ['11', '11', '15'],
      ['12', '12', '20.5'],
    ]);
    expect(page1.html).toMatch(/<div class="acs-free-area"><div class="acs-score" data-omr="score-field"/);
    expect(classTags(page1.html, 'acs-score-caption')).toHaveLength(4);
  });

  it('prints the bubbles of its layout, each marked with the points it adds, in the card’s bubble class', () => {
    expect(scoreBubbles(page1.html, 9)).toEqual(['points:0', 'points:1', 'points:2', 'points:3', 'points:4', 'points:5']);
    expect(scoreBubbles(page1.html, 10)).toEqual([...Array.from({ length: 11 }, (_, i) => `points:${i}`), 'half:0.5']);
    expect(scoreBubbles(page1.html, 12)).toEqual(['tens:0', 'tens:10', 'tens:20', 'half:0.5', ...Array.from({ length: 10 }, (_, i) => `units:${i}`)]);
    expect(tagsWith(page1.html, { 'data-omr': 'score' }).every((t) => t.attrs.class.split(' ').includes('acs-bubble'))).toBe(true);
  });

  it('keys a sub-part’s field under the question before it, and leaves a free answer without one as it was', () => {
    const fields = tagsWith(page2.html, { 'data-omr': 'score-field' });
    expect(fields.map((f) => [f.attrs['data-q'], f.attrs['data-showno']])).toEqual([['13', '13'], ['13', '自']]);
    expect(tagsWith(page2.html, { 'data-omr': 'group', 'data-q': '14' })).toHaveLength(1);
    expect(scoreBubbles(page2.html, 14)).toEqual([]);
  });

  it('renders the same field in the editor, with only the editor’s hooks added', () => {
    const edit = renderPageHtml({ components: scoreBoxFirstPage(), assets: [], page: 1, startNumber: 1, schoolName: '示範國民中學', mode: 'edit' });
    const strip = (html: string) => html.replace(/ data-block-id="[^"]*"/g, '').replace(/<span class="acs-placeholder[^<]*<\/span>/g, '');
    const field = (html: string) => html.slice(html.indexOf('<div class="acs-score"'), html.indexOf('</div></div></div>', html.indexOf('<div class="acs-score"')));
    expect(field(strip(edit.html))).toBe(field(page1.html));
  });
});
