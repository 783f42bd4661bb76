import { describe, expect, it } from 'vitest';
import { checkVersionOrder, orderFromText, parseOrderText, toMaster, type OrderQuestion } from './versions';

const Q = (q: number, kind: OrderQuestion['kind'] = 'single', options = ['A', 'B', 'C', 'D']): OrderQuestion => ({ q, showno: String(q), kind, options });
const questions = [Q(1), Q(2), Q(3), Q(4, 'multi'), Q(5, 'truefalse', ['是', '否'])];
const byQ = new Map(questions.map((q) => [q.q, q]));

describe('version order', () => {
  it('takes a complete one-to-one order with option orders', () => {
    const check = checkVersionOrder('B', questions, [
      { q: 1, master: 3 },
      { q: 2, master: 1, options: 'BADC' },
      { q: 3, master: 2, options: 'ABCD' },
      { q: 4, master: 4, options: ['D', 'C', 'B', 'A'] },
      { q: 5, master: 5 },
    ]);
    expect(check).toEqual({
      ok: true,
      value: [
        { q: 1, master: 3, options: null },
        { q: 2, master: 1, options: ['B', 'A', 'D', 'C'] },
        { q: 3, master: 2, options: null },
        { q: 4, master: 4, options: ['D', 'C', 'B', 'A'] },
        { q: 5, master: 5, options: null },
      ],
    });
  });
  it('names the first problem', () => {
    const base = [1, 2, 3, 4, 5].map((q) => ({ q, master: q }));
    const err = (entries: { q: number; master: number; options?: string }[], version = 'B') => {
      const c = checkVersionOrder(version, questions, entries);
      return c.ok ? null : [c.error.key, c.error.params, c.error.index];
    };
    expect(err(base.slice(0, 4))).toEqual(['scores.version.incomplete', { version: 'B', count: 5, showno: '5' }, 4]);
    expect(err([{ q: 1, master: 9 }])).toEqual(['scores.version.unknownMaster', { version: 'B', showno: '1', master: 9 }, 0]);
    expect(err([{ q: 1, master: 2 }, { q: 2, master: 2 }])).toEqual(['scores.version.duplicateMaster', { version: 'B', master: '2', a: '1', b: '2' }, 1]);
    expect(err([{ q: 1, master: 4 }])).toEqual(['scores.version.kindMismatch', { version: 'B', showno: '1', master: '4' }, 0]);
    expect(err([{ q: 1, master: 1, options: 'AABC' }])).toEqual(['scores.version.badOptions', { version: 'B', showno: '1', options: 'AABC', list: 'ABCD' }, 0]);
    expect(err(base, 'A')?.[0]).toBe('scores.version.isMaster');
  });
  it('un-shuffles a sheet into master numbering and options', () => {
    const order = [
      { q: 1, master: 3, options: null },
      { q: 2, master: 1, options: ['B', 'A', 'D', 'C'] },
      { q: 3, master: 2, options: null },
      { q: 4, master: 4, options: ['D', 'C', 'B', 'A'] },
      { q: 5, master: 5, options: null },
    ];
    // Printed B on q2 is master A; printed AB on q4 is master DC → CD in master order.
    expect(toMaster({ 1: 'C', 2: 'B', 3: '', 4: 'AB', 5: '否', 9: 'x' }, { 3: 'blank', 2: 'corrected' }, order, byQ)).toEqual({
      answers: { 9: 'x', 3: 'C', 1: 'A', 2: '', 4: 'CD', 5: '否' },
      flags: { 2: 'blank', 1: 'corrected' },
    });
  });
  it('reads a typed order', () => {
    expect(parseOrderText('3 1，2、5,4')).toEqual(['3', '1', '2', '5', '4']);
    expect(orderFromText(questions, '3 1 2 4 5', '- DCBA')).toEqual({
      ok: true,
      value: [
        { q: 1, master: 3, options: null },
        { q: 2, master: 1, options: 'DCBA' },
        { q: 3, master: 2, options: null },
        { q: 4, master: 4, options: null },
        { q: 5, master: 5, options: null },
      ],
    });
    expect(orderFromText(questions, '3 9', '')).toEqual({ ok: false, error: { key: 'scores.version.badNumber', params: { index: 2, value: '9' } } });
    expect(orderFromText(questions, '1 2 3 4 5 6', '')).toMatchObject({ ok: false, error: { key: 'scores.version.tooMany' } });
  });
});
