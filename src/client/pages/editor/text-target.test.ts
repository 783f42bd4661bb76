import { describe, expect, it } from 'vitest';
import { textOf, withText } from './text-target';

const run = (text: string) => [[{ text }]];

describe('text targets', () => {
  it('reads and writes a text block, one sub-question label and the header subtitle', () => {
    const text = { id: 't', kind: 'text' as const, height: 30, content: run('舊') };
    expect(withText(text, { field: 'content' }, run('新'))).toMatchObject({ content: run('新') });
    const group = { id: 'g', kind: 'subQuestionGroup' as const, options: { type: 'en' as const, count: 4 }, items: [{ id: 'i1', label: [], numbering: 'auto' as const }, { id: 'i2', label: [], numbering: 'auto' as const }] };
    const labelled = withText(group, { field: 'item', itemId: 'i2' }, run('乙'));
    expect(textOf(labelled, { field: 'item', itemId: 'i2' })).toEqual(run('乙'));
    expect(textOf(labelled, { field: 'item', itemId: 'i1' })).toEqual([]);
    const header = { id: 'h', kind: 'header' as const, schoolName: '', title: '期中考' };
    expect(withText(header, { field: 'subtitle', side: 'right' }, run('右'))).toMatchObject({ subtitle: { left: [], right: run('右') } });
  });

  it('leaves blocks without text alone', () => {
    const grid = { id: 'x', kind: 'grid' as const, rows: 2, cols: 2 };
    expect(textOf(grid, { field: 'content' })).toBeUndefined();
    expect(withText(grid, { field: 'content' }, run('x'))).toBe(grid);
  });
});
