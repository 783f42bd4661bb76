import { describe, expect, it } from 'vitest';
import { ZRichText } from '../../../../shared/card/block-parts';
import { fromDoc, toDoc, type RichText } from './rich-text-doc';

describe('rich text ⇄ tiptap document', () => {
  it('round-trips paragraphs, styles, sizes and blank lines', () => {
    const text: RichText = [[{ text: '第一大題', bold: true, size: 18 }, { text: '：選擇題' }], [], [{ text: '注意', underline: true, italic: true }]];
    expect(fromDoc(toDoc(text))).toEqual(text);
    expect(fromDoc(toDoc([]))).toEqual([]);
  });

  it("keeps a paragraph's alignment and only the three the schema knows (issue 15 part 6)", () => {
    const text: RichText = [{ align: 'center', runs: [{ text: '置中', bold: true }] }, [{ text: '預設' }], { align: 'right', runs: [] }];
    expect(toDoc(text).content?.[0]?.attrs).toEqual({ textAlign: 'center' });
    expect(fromDoc(toDoc(text))).toEqual(text);
    const justified = { type: 'doc', content: [{ type: 'paragraph', attrs: { textAlign: 'justify' }, content: [{ type: 'text', text: 'x' }] }] };
    expect(fromDoc(justified)).toEqual([[{ text: 'x' }]]);
    expect(ZRichText.safeParse(text).success).toBe(true);
  });

  it('cleans what a paste may leave: other nodes give their text, foreign marks and sizes drop, equal runs merge', () => {
    const pasted = {
      type: 'doc',
      content: [
        { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: '甲', marks: [{ type: 'link', attrs: { href: 'javascript:x' } }] }] }] }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'a', marks: [{ type: 'bold' }] }, { type: 'text', text: 'b', marks: [{ type: 'bold' }, { type: 'fontSize', attrs: { size: 13 } }] }] },
      ],
    };
    const text = fromDoc(pasted);
    expect(text).toEqual([[{ text: '甲' }], [{ text: 'ab', bold: true }]]);
    expect(ZRichText.safeParse(text).success).toBe(true);
  });

  it('keeps the schema caps so a save never fails on a long paste', () => {
    const long = { type: 'doc', content: Array.from({ length: 60 }, () => ({ type: 'paragraph', content: [{ type: 'text', text: 'x'.repeat(3000) }] })) };
    const text = fromDoc(long);
    expect(text).toHaveLength(50);
    expect(ZRichText.safeParse(text).success).toBe(true);
  });
});
