import { describe, expect, it } from 'vitest';
import { applyBorder, applyEqualColumns, applyNumbering, applySubQuestions, gridFilling } from './block-transforms';
import { editReducer, initialEditState } from './edit-history';
import type { PageComponents } from '../page-blocks';

let n = 0;
const id = () => `x${++n}`;
const text = { id: 'tx', kind: 'text' as const, height: 30, content: [] };

describe('block transforms', () => {
  it('generates sub-question items from the dialog, keeping the ones that stay', () => {
    const empty = { id: 'g', kind: 'subQuestionGroup' as const, options: { type: 'en' as const, count: 5 }, items: [] };
    const five = applySubQuestions(empty, { options: { type: 'number', count: 4 }, count: 5 }, id);
    if (five.kind !== 'subQuestionGroup') throw new Error('kind');
    expect(five.items).toHaveLength(5);
    expect(five.options).toEqual({ type: 'number', count: 4 });
    const two = applySubQuestions(five, { options: five.options, count: 2 }, id);
    expect(two.kind === 'subQuestionGroup' && two.items.map((i) => i.id)).toEqual(five.items.slice(0, 2).map((i) => i.id));
  });

  it('re-splits equal columns without losing children', () => {
    const split = { id: 's', kind: 'equalSplit' as const, columns: 4, height: 50, border: 'full' as const, cells: [1, 2, 3, 4].map((i) => ({ id: `c${i}`, children: i === 4 ? [text] : [] })) };
    const three = applyEqualColumns(split, 3, id);
    expect(three.kind === 'equalSplit' && three.cells.map((c) => c.children.length)).toEqual([0, 0, 1]);
    const five = applyEqualColumns(split, 5, id);
    expect(five.kind === 'equalSplit' && five.cells).toHaveLength(5);
  });

  it('sets borders and the numbering of one sub-question item', () => {
    const row = { id: 'q', kind: 'singleChoice' as const, numbering: 'auto' as const, options: { type: 'en' as const, count: 5 } };
    expect(applyBorder(row, { kind: 'row', bottom: false })).toMatchObject({ border: { bottom: false } });
    const group = { id: 'g', kind: 'subQuestionGroup' as const, options: row.options, items: [{ id: 'i1', label: [], numbering: 'auto' as const }] };
    expect(applyNumbering(group, 'sub', 'i1')).toMatchObject({ items: [{ numbering: 'sub' }] });
  });
});

describe('grid activation', () => {
  it('fills the cell with 15 px cells, within the schema limits', () => {
    expect(gridFilling(301, 141)).toEqual({ rows: 10, cols: 20 });
    expect(gridFilling(5000, 5000)).toEqual({ rows: 60, cols: 40 });
    expect(gridFilling(3, 3)).toEqual({ rows: 1, cols: 1 });
  });
});

describe('edit history', () => {
  it('undoes and redoes commits, a new commit clearing the redo stack', () => {
    const a: PageComponents = { version: 1, blocks: [] };
    const b: PageComponents = { version: 1, blocks: [{ id: 'b', kind: 'otherBase', title: '', height: 765, children: [] }] };
    let s = editReducer(initialEditState(a), { type: 'commit', components: b, selectId: 'b' });
    s = editReducer(s, { type: 'undo' });
    expect(s.components).toBe(a);
    s = editReducer(s, { type: 'redo' });
    expect(s.components).toBe(b);
    s = editReducer(editReducer(s, { type: 'undo' }), { type: 'commit', components: a });
    expect(s.future).toEqual([]);
  });
});
