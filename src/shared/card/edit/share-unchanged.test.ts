import { describe, expect, it } from 'vitest';
import { ZPageComponents, type PageComponents } from '../page-blocks';
import { insertBlocks, removeBlock, updateBlock } from './page-edits';
import { shareUnchanged } from './share-unchanged';

const single = (id: string) => ({ id, kind: 'singleChoice', options: { type: 'en', count: 4 }, numbering: 'auto' });
const page = (): PageComponents =>
  ZPageComponents.parse({
    version: 1,
    blocks: [{ id: 'b', kind: 'otherBase', title: 't', children: [{ id: 'c', kind: 'twoColumn', left: [single('q1'), single('q2')], right: [single('q3')] }, single('q4')] }],
  });
type Column = { left: unknown[]; right: unknown[] };
const rows = (c: PageComponents) => (c.blocks[0] as { children: unknown[] }).children;

describe('shareUnchanged', () => {
  it('hands back the previous objects of every unchanged block, and keeps the new page object', () => {
    const before = page();
    const edit = updateBlock(before, 'q2', (n) => ({ ...n, numbering: 'sub' }) as typeof n);
    if (!edit.ok) throw new Error(edit.message);
    const next = edit.components;
    const json = JSON.stringify(next);
    expect(shareUnchanged(before, next)).toBe(next);
    expect(JSON.stringify(next)).toBe(json);
    const [column, q4] = rows(next) as [Column, unknown];
    const [oldColumn, oldQ4] = rows(before) as [Column, unknown];
    expect(q4).toBe(oldQ4);
    expect(column).not.toBe(oldColumn);
    expect(column.left[0]).toBe(oldColumn.left[0]);
    expect(column.left[1]).not.toBe(oldColumn.left[1]);
    expect(column.right).toBe(oldColumn.right);
  });

  it('matches list entries by id, so the rows after an insert or a removal are still shared', () => {
    const before = page();
    const added = insertBlocks(before, [single('q0') as never], { ownerId: 'c', field: 'left', index: 0 });
    const removed = removeBlock(before, 'q1');
    if (!added.ok || !removed.ok) throw new Error('edit refused');
    const oldLeft = (rows(before)[0] as Column).left;
    expect((rows(shareUnchanged(before, added.components))[0] as Column).left.slice(1)).toEqual(oldLeft);
    expect((rows(added.components)[0] as Column).left[1]).toBe(oldLeft[0]);
    expect((rows(shareUnchanged(before, removed.components))[0] as Column).left[0]).toBe(oldLeft[1]);
  });

  it('never changes the previous page', () => {
    const before = page();
    const json = JSON.stringify(before);
    const edit = removeBlock(before, 'c');
    if (!edit.ok) throw new Error(edit.message);
    shareUnchanged(before, edit.components);
    expect(JSON.stringify(before)).toBe(json);
  });
});

describe('shareUnchanged on a moved block', () => {
  it('takes a block moved into another list as new there, and never writes into it', () => {
    const before = page();
    const q4 = rows(before)[1] as object;
    const frozen = structuredClone(before);
    const deepFreeze = (value: unknown): void => {
      if (typeof value !== 'object' || value === null) return;
      Object.freeze(value);
      Object.values(value).forEach(deepFreeze);
    };
    deepFreeze(before);
    const moved = { ...frozen, blocks: [{ ...frozen.blocks[0], children: [{ ...(rows(frozen)[0] as object), right: [q4, ...(rows(frozen)[0] as Column).right] }] }] } as PageComponents;
    expect(() => shareUnchanged(before, moved)).not.toThrow();
    expect((rows(moved)[0] as Column).right[0]).toBe(q4);
    expect((rows(moved)[0] as Column).left).toBe((rows(before)[0] as Column).left);
  });
});
