import { describe, expect, it } from 'vitest';
import { cardGeometryFromMarks } from './card-geometry-from-marks';
import type { RawMark } from './measure-marks';

const mark = (over: Partial<RawMark>): RawMark => ({
  page: 1, omr: null, field: null, q: null, value: null, showno: null, qkind: null, column: null, digit: null, x: 100, y: 200, w: 13, h: 13, ...over,
});

describe('cardGeometryFromMarks', () => {
  it('converts CSS px from the page corner to PDF points', () => {
    const g = cardGeometryFromMarks([mark({ omr: 'bubble', q: '3', value: 'B', showno: '3', x: 10.5, y: 20.333 })], 1);
    expect(g.bubbles).toEqual([{ page: 1, q: 3, value: 'B', showno: '3', rect: { x: 7.88, y: 15.25, w: 9.75, h: 9.75 } }]);
    expect(g.page).toEqual({ w: 595.28, h: 841.89 });
    expect(g.header).toBeNull();
  });

  it('records the scan marks, the page code square and a layout id (version 2)', () => {
    const g = cardGeometryFromMarks([mark({ omr: 'bubble', q: '1', value: 'A', showno: '1' })], 1);
    expect(g.version).toBe(2);
    expect(g.layout).toMatch(/^[0-9A-Z]{4}$/);
    expect(g.marks.map((m) => m.corner)).toEqual(['tl', 'tr', 'bl', 'br']);
    // 7 mm in, 5 mm squares: the top-left mark's centre is 9.5 mm = 26.93 pt from both edges.
    expect(g.marks[0].center).toEqual({ x: 26.93, y: 26.93 });
    expect(g.pageCode.module).toBeCloseTo(1.7, 2);
  });

  it('sorts groups, header fields and digit bubbles into their places', () => {
    const g = cardGeometryFromMarks(
      [
        mark({ omr: 'group', q: '1', showno: '一', page: 2, qkind: 'multi' }),
        mark({ field: 'name', w: 100, h: 20 }),
        mark({ field: 'class-bubble', column: '1', digit: '7' }),
      ],
      2,
    );
    expect(g.groups).toEqual([{ page: 2, q: 1, showno: '一', rect: { x: 75, y: 150, w: 9.75, h: 9.75 }, kind: 'multi' }]);
    expect(g.header?.name).toEqual({ x: 75, y: 150, w: 75, h: 15 });
    expect(g.header?.classBubbles).toEqual([{ column: 1, digit: 7, rect: { x: 75, y: 150, w: 9.75, h: 9.75 } }]);
    expect(g.header?.gradeBubbles).toEqual([]);
  });

  it('refuses marks a scanner could not trust', () => {
    expect(() => cardGeometryFromMarks([mark({ omr: 'bubbel', q: '1' })], 1)).toThrow('unknown data-omr="bubbel"');
    expect(() => cardGeometryFromMarks([mark({ field: 'name', page: 2 })], 2)).toThrow('belong on page 1');
    expect(() => cardGeometryFromMarks([mark({ field: 'seat' }), mark({ field: 'seat' })], 1)).toThrow('appears twice');
    expect(() => cardGeometryFromMarks([mark({ field: 'seat-bubble', digit: '3' })], 1)).toThrow(/header\.seatBubbles\.0\.column/);
    expect(() => cardGeometryFromMarks([mark({ omr: 'bubble', value: 'A' })], 1)).toThrow(/bubbles\.0\.q/);
    expect(() => cardGeometryFromMarks([mark({ omr: 'bubble', q: '1', value: 'A', w: 0 })], 1)).toThrow(/bubbles\.0\.rect\.w/);
    expect(() => cardGeometryFromMarks([mark({ omr: 'group', q: '1', qkind: 'essay' })], 1)).toThrow('data-qkind="essay"');
  });
});

describe('cardGeometryFromMarks: score fields', () => {
  const free = mark({ omr: 'group', q: '9', showno: '9', qkind: 'free', x: 0, y: 0, w: 700, h: 100 });
  const outline = mark({ omr: 'score-field', q: '9', showno: '9', max: '2', x: 500, y: 10, w: 100, h: 20 });
  const bubble = (column: string, value: string, x: number) => mark({ omr: 'score', q: '9', column, value, x, y: 14, w: 16, h: 12 });
  const field = [outline, bubble('points', '0', 510), bubble('half', '0.5', 570), bubble('points', '1', 530), bubble('points', '2', 550)];

  it('records each field with its bubbles in layout order, and only maps that have one carry the key', () => {
    const g = cardGeometryFromMarks([free, ...field], 1);
    expect(g.scoreFields).toHaveLength(1);
    expect(g.scoreFields![0]).toMatchObject({ page: 1, q: 9, showno: '9', max: 2, rect: { x: 375, y: 7.5, w: 75, h: 15 } });
    expect(g.scoreFields![0].bubbles.map((b) => `${b.column}:${b.points}`)).toEqual(['points:0', 'points:1', 'points:2', 'half:0.5']);
    expect('scoreFields' in cardGeometryFromMarks([free], 1)).toBe(false);
  });

  it('gives a card a new layout id when a field is added or moved', () => {
    const without = cardGeometryFromMarks([free], 1).layout;
    const withField = cardGeometryFromMarks([free, ...field], 1).layout;
    const moved = cardGeometryFromMarks([free, ...field.map((m) => (m.omr === 'score' ? { ...m, x: m.x + 4 } : m))], 1).layout;
    expect(new Set([without, withField, moved]).size).toBe(3);
  });

  it('refuses a field a reader would misread', () => {
    expect(() => cardGeometryFromMarks([...field], 1)).toThrow('not inside a free-answer question');
    expect(() => cardGeometryFromMarks([free, ...field.slice(0, 4)], 1)).toThrow('has bubbles points:0,points:1,half:0.5 instead of points:0,points:1,points:2,half:0.5');
    expect(() => cardGeometryFromMarks([free, ...field, bubble('points', '3', 300)], 1)).toThrow('outside its score field');
    expect(() => cardGeometryFromMarks([free, ...field.slice(0, 4), bubble('pints', '2', 550)], 1)).toThrow('data-column="pints"');
    expect(() => cardGeometryFromMarks([free, { ...outline, max: null }, ...field.slice(1)], 1)).toThrow('has data-max="null"');
    expect(() => cardGeometryFromMarks([free, { ...outline, max: '2.3' }, ...field.slice(1)], 1)).toThrow(/scoreFields\.0\.max/);
  });
});
