import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ZRichText } from '../block-parts';
import { isEmptyRichText, RichTextView } from './rich-text';

describe('rich text', () => {
  it('renders run styles as b, i, u and keeps empty paragraphs as a line', () => {
    const html = renderToStaticMarkup(
      <RichTextView content={[[{ text: '注意', bold: true }, { text: '：' }, { text: '斜體', italic: true, underline: true }], []]} />,
    );
    expect(html).toBe('<div class="acs-para"><b>注意</b>：<u><i>斜體</i></u></div><div class="acs-para">\u00a0</div>');
  });

  it("sets a run's size in px and leaves runs without one (older pages) as they were", () => {
    const html = renderToStaticMarkup(<RichTextView content={[[{ text: '大', size: 20, bold: true }, { text: '小' }]]} />);
    expect(html).toBe('<div class="acs-para"><span style="font-size:20px"><b>大</b></span>小</div>');
  });

  it('aligns a paragraph by its own alignment; plain run lists (older pages) render as before', () => {
    const html = renderToStaticMarkup(<RichTextView content={[{ align: 'center', runs: [{ text: '中' }] }, [{ text: '左' }], { align: 'right', runs: [] }]} />);
    expect(html).toBe('<div class="acs-para" style="text-align:center">中</div><div class="acs-para">左</div><div class="acs-para" style="text-align:right">\u00a0</div>');
    expect(ZRichText.safeParse([{ align: 'justify', runs: [] }]).success).toBe(false);
    expect(ZRichText.safeParse([{ align: 'center;background:url(x)', runs: [] }]).success).toBe(false);
  });

  it('refuses sizes outside the menu', () => {
    expect(ZRichText.safeParse([[{ text: 'x', size: 16 }]]).success).toBe(true);
    expect(ZRichText.safeParse([[{ text: 'x', size: 13 }]]).success).toBe(false);
    expect(ZRichText.safeParse([[{ text: 'x', size: '20px;background:url(x)' }]]).success).toBe(false);
  });

  it('escapes markup and script the author typed', () => {
    const html = renderToStaticMarkup(<RichTextView content={[[{ text: '<img src=x onerror=alert(1)><script>alert(1)</script>' }]]} />);
    expect(html).not.toMatch(/<img|<script/);
    expect(html).toContain('&lt;script&gt;');
  });

  it('treats missing, empty and blank-run text as empty', () => {
    expect(isEmptyRichText(undefined)).toBe(true);
    expect(isEmptyRichText([])).toBe(true);
    expect(isEmptyRichText([[{ text: '' }], []])).toBe(true);
    expect(isEmptyRichText([[{ text: '甲' }]])).toBe(false);
  });
});
