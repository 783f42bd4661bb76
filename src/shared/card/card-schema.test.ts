import { describe, expect, it } from 'vitest';
import { ZPageComponents } from './page-blocks';
import { ZPageOptions, referencedAssetIds } from './page-document';

const text = (id: string) => ({ id, kind: 'text', content: [[{ text: '作答說明' }]] });
const single = (id: string, options: unknown = { type: 'en', count: 5 }) => ({ id, kind: 'singleChoice', options });
const page1 = (rows: unknown[]) => ({
  version: 1,
  blocks: [{ id: 'h', kind: 'header', schoolName: '示範高中' }, { id: 'b', kind: 'firstBase', children: rows }],
});
const messages = (value: unknown) => {
  const r = ZPageComponents.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('the block schema', () => {
  it('accepts a full first page with every container and fills defaults', () => {
    const tree = page1([
      { id: 'g', kind: 'questionGroup', children: [single('q1'), single('q2', { type: 'truefalse' }), { id: 'f', kind: 'freeAnswer', children: [{ id: 'hw', kind: 'handwritingGrid', chars: 200 }] }] },
      { id: 'two', kind: 'twoColumn', left: [text('l')], right: [{ id: 'm', kind: 'multiChoice', options: { type: 'chooseNumber', digit: true, minus: false, plusMinus: true } }] },
      { id: 'r', kind: 'ratioSplit', ratio: 3, cells: [{ id: 'c1', children: [text('t1')] }, { id: 'c2', children: [{ id: 'gr', kind: 'grid', rows: 4, cols: 10 }] }] },
      { id: 'e', kind: 'equalSplit', columns: 3, cells: [{ id: 'a', children: [] }, { id: 'b2', children: [] }, { id: 'c', children: [] }] },
      { id: 'ic', kind: 'imageColumns', columns: 2, height: 100, assetIds: ['img1', null] },
      { id: 'it', kind: 'imageText', layout: 'textTop', assetId: 'img1', height: 100, content: [] },
      { id: 'bl', kind: 'blank', variant: 'doNotWrite' },
    ]);
    const parsed = ZPageComponents.parse(tree);
    const base = parsed.blocks[1];
    expect(base.kind === 'firstBase' && base.height).toBe(527);
    expect(referencedAssetIds(parsed)).toEqual(['img1', 'img1']);
  });

  it('refuses unknown kinds and rows where only cell blocks belong', () => {
    expect(messages(page1([{ id: 'x', kind: 'marquee' }]))).not.toEqual([]);
    // A split cell takes text, tools and choice rows (issue 15), never a free answer; a free answer's area takes no rows.
    expect(messages(page1([{ id: 'r', kind: 'ratioSplit', ratio: 5, cells: [{ id: 'a', children: [single('q')] }, { id: 'b', children: [] }] }]))).toEqual([]);
    expect(messages(page1([{ id: 'r', kind: 'ratioSplit', ratio: 5, cells: [{ id: 'a', children: [{ id: 'f', kind: 'freeAnswer' }] }, { id: 'b', children: [] }] }]))).not.toEqual([]);
    expect(messages(page1([{ id: 'f', kind: 'freeAnswer', children: [single('q')] }]))).not.toEqual([]);
    // A two-column block inside a column.
    expect(messages(page1([{ id: 't', kind: 'twoColumn', left: [{ id: 'u', kind: 'twoColumn', left: [], right: [] }], right: [] }]))).not.toEqual([]);
  });

  it('applies the spec limits with its messages', () => {
    expect(messages(page1([single('q', { type: 'en', count: 13 })]))).toContain('card.block.overLimit');
    expect(messages(page1([single('q', { type: 'number' })]))).toContain('card.block.incomplete');
    expect(messages(page1([single('q', { type: 'chooseNumber', digit: false, minus: false, plusMinus: false })]))).toContain('card.block.incomplete');
    expect(messages(page1([{ id: 'h', kind: 'dotUnderline', chars: 201 }]))).toContain('card.block.overLimit');
    expect(messages(page1([{ id: 'r', kind: 'ratioSplit', ratio: 10, cells: [{ id: 'a', children: [] }, { id: 'b', children: [] }] }]))).toContain('card.block.overLimit');
    expect(messages(page1([{ id: 'e', kind: 'equalSplit', columns: 9, cells: [] }]))).toContain('card.block.overLimit');
    expect(messages(page1([{ id: 'e', kind: 'equalSplit', columns: 3, cells: [{ id: 'a', children: [] }] }]))).toContain('card.block.incomplete');
    expect(messages(page1([{ id: 'i', kind: 'image', assetId: null, height: 39 }]))).toContain('card.block.badHeight');
  });

  it('takes a score field (閱卷給分格) on a free answer: 1 to 99.5 points in halves, a .5 max with its .5 bubble', () => {
    const free = (scoreBox: unknown) => page1([{ id: 'f', kind: 'freeAnswer', scoreBox }]);
    expect(messages(free({ max: 10, half: false }))).toEqual([]);
    expect(messages(free({ max: 12.5, half: true }))).toEqual([]);
    expect(messages(free({ max: 100, half: false }))).toContain('card.block.overLimit');
    expect(messages(free({ max: 0, half: false }))).toContain('card.block.incomplete');
    expect(messages(free({ max: 7.3, half: true }))).toContain('card.block.incomplete');
    expect(messages(free({ half: true }))).toContain('card.block.incomplete');
    expect(messages(free({ max: 7.5, half: false }))).toContain('card.block.scoreBoxHalf');
  });

  it('refuses two adjacent two-column rows', () => {
    const two = (id: string) => ({ id, kind: 'twoColumn', left: [], right: [] });
    expect(messages(page1([two('a'), two('b')]))).toContain('card.block.adjacentColumns');
    expect(messages(page1([two('a'), text('t'), two('b')]))).toEqual([]);
  });

  it('keeps image sources local: data URLs or the asset store, never remote', () => {
    const asset = (src: string) => ({ components: page1([]), html: '<p>x</p>', assets: [{ id: 'a', name: 'a.png', type: 'image', src, width: 10, height: 10 }] });
    expect(ZPageOptions.safeParse(asset('data:image/png;base64,iVBORw0KGgo=')).success).toBe(true);
    expect(ZPageOptions.safeParse(asset('/assets/cards/12/a.png')).success).toBe(true);
    for (const bad of ['http://169.254.169.254/latest', 'https://evil.example/a.png', 'file:///etc/passwd', 'javascript:alert(1)', '/assets/cards/../../etc/passwd', 'data:image/svg+xml;base64,PHN2Zz4=']) {
      expect(ZPageOptions.safeParse(asset(bad)).success, bad).toBe(false);
    }
  });

  it('refuses a bad block id', () => {
    expect(messages(page1([text('bad id<script>')]))).toContain('card.block.badId');
  });
});
