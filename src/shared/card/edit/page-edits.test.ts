import { describe, expect, it } from 'vitest';
import { ZPageComponents, type PageComponents } from '../page-blocks';
import { allIds, locate } from './block-tree';
import { createBlock } from './block-factory';
import { cloneBlock, insertBlocks, moveBlock, relocateBlock, removeBlock, updateBlock } from './page-edits';
import { paletteFor, PALETTE_ITEMS } from './palette-items';

let n = 0;
const id = () => `t${++n}`;
const make = (itemId: string) => createBlock(PALETTE_ITEMS.find((p) => p.id === itemId)!, id);
const page = (): PageComponents => ({ version: 1, blocks: [{ id: 'base', kind: 'otherBase', title: '', height: 765, children: [] }] });
const ok = (r: ReturnType<typeof insertBlocks>) => {
  if (!r.ok) throw new Error(r.message);
  return r.components;
};

describe('page edits', () => {
  it('places rows into a base; a split cell takes choice rows and cell blocks, never a free answer', () => {
    const withSplit = ok(insertBlocks(page(), [make('equalSplit')], { ownerId: 'base', field: 'children' }));
    const split = withSplit.blocks[0].kind === 'otherBase' ? withSplit.blocks[0].children[0] : undefined;
    if (split?.kind !== 'equalSplit') throw new Error('no split');
    const cellId = split.cells[0].id;
    expect(insertBlocks(withSplit, [make('freeAnswer')], { ownerId: cellId, field: 'children' })).toEqual({ ok: false, message: 'editor.drop.notHere' });
    expect(ZPageComponents.safeParse(ok(insertBlocks(withSplit, [make('singleChoice')], { ownerId: cellId, field: 'children' }))).success).toBe(true);
    const withText = ok(insertBlocks(withSplit, [make('text')], { ownerId: cellId, field: 'children' }));
    expect(ZPageComponents.safeParse(withText).success).toBe(true);
  });

  it('never puts a two-column block into a column, nor two side by side', () => {
    const one = ok(insertBlocks(page(), [make('twoColumn')], { ownerId: 'base', field: 'children' }));
    const columnsId = (one.blocks[0] as { children: { id: string }[] }).children[0].id;
    expect(insertBlocks(one, [make('twoColumn')], { ownerId: columnsId, field: 'left' }).ok).toBe(false);
    expect(insertBlocks(one, [make('twoColumn')], { ownerId: 'base', field: 'children' })).toEqual({ ok: false, message: 'card.block.adjacentColumns' });
    const three = ok(insertBlocks(one, [make('text'), make('twoColumn')], { ownerId: 'base', field: 'children' }));
    const textId = (three.blocks[0] as { children: { id: string }[] }).children[1].id;
    expect(removeBlock(three, textId)).toEqual({ ok: false, message: 'card.block.adjacentColumns' });
    expect(moveBlock(three, textId, -1)).toEqual({ ok: false, message: 'card.block.adjacentColumns' });
  });

  it('moves, clones with new ids, relocates and updates without touching the input', () => {
    const a = make('singleChoice');
    const b = make('freeAnswer');
    const start = ok(insertBlocks(page(), [a, b], { ownerId: 'base', field: 'children' }));
    const frozen = JSON.stringify(start);
    const moved = ok(moveBlock(start, b.id, -1));
    expect((moved.blocks[0] as { children: { id: string }[] }).children.map((c) => c.id)).toEqual([b.id, a.id]);
    const cloned = cloneBlock(start, a.id);
    if (!cloned.ok) throw new Error(cloned.message);
    expect(allIds(cloned.components).size).toBe(allIds(start).size + 1);
    expect(locate(cloned.components, cloned.selectId!)?.index).toBe(1);
    const text = make('text');
    const withText = ok(insertBlocks(start, [text], { ownerId: 'base', field: 'children' }));
    const inFree = ok(relocateBlock(withText, text.id, { ownerId: b.id, field: 'children' }));
    expect(locate(inFree, text.id)?.parent?.id).toBe(b.id);
    const renumbered = ok(updateBlock(start, a.id, (node) => ({ ...node, numbering: 'sub' }) as typeof node));
    expect(locate(renumbered, a.id)?.node).toMatchObject({ numbering: 'sub' });
    expect(JSON.stringify(start)).toBe(frozen);
  });
});

describe('palette', () => {
  it('offers the header and first-page base on page 1 only, the other-page base after', () => {
    const first = paletteFor(1, true).map((p) => p.id);
    const later = paletteFor(2, true).map((p) => p.id);
    expect(first).toEqual(expect.arrayContaining(['header', 'firstBase', 'subQuestionGroup']));
    expect(first).not.toContain('otherBase');
    expect(later).toContain('otherBase');
    expect(later).not.toEqual(expect.arrayContaining(['header']));
    expect(later).not.toContain('subQuestionGroup');
  });

  it('hides image-text and 3-/4-column images when the school switch is off, never the grid', () => {
    const off = paletteFor(1, false).map((p) => p.id);
    expect(off).not.toEqual(expect.arrayContaining(['imageLeft']));
    expect(off).not.toContain('imageColumns3');
    expect(off).toEqual(expect.arrayContaining(['grid', 'imageColumns2']));
  });

  it('makes every palette block schema-valid once configured', () => {
    for (const item of PALETTE_ITEMS) {
      const block = createBlock(item, id);
      const filled = block.kind === 'subQuestionGroup' ? { ...block, items: [{ id: id(), label: [], numbering: 'auto' }] } : block;
      const holder = item.category === 'admin' ? [filled] : [{ id: 'base', kind: 'otherBase', children: [filled] }];
      expect(ZPageComponents.safeParse({ version: 1, blocks: holder }).success, item.id).toBe(true);
    }
  });
});
