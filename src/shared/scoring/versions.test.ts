import { describe, expect, it } from 'vitest';
import { checkVersionOrder, orderFromKeySheet, orderFromText, parseOrderText, toMaster, type OrderQuestion } from './versions';

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

describe('a version order from its scanned key sheet', () => {
  // Master key: 1 B, 2 C, 3 A, 4 AC, 5 是.
  const master = new Map([[1, 'B'], [2, 'C'], [3, 'A'], [4, 'AC'], [5, '是']]);
  const scoreOf = (entries: ReturnType<typeof orderFromKeySheet>, sheet: Record<string, string>) => {
    if (!entries.ok) throw new Error(entries.error.key);
    const un = toMaster(sheet, {}, entries.value, byQ);
    return [...master].filter(([q, a]) => un.answers[String(q)] === a).length;
  };
  it('without a saved order: the master order, the moved options swapped; the version key scores full marks', () => {
    const sheet = { 1: 'D', 2: 'C', 3: 'B', 4: 'BC', 5: '否' };
    const got = orderFromKeySheet('B', questions, master, sheet, null);
    expect(got).toEqual({
      ok: true,
      changed: 4,
      sameOrder: true,
      value: [
        { q: 1, master: 1, options: ['A', 'D', 'C', 'B'] },
        { q: 2, master: 2, options: null },
        { q: 3, master: 3, options: ['B', 'A', 'C', 'D'] },
        { q: 4, master: 4, options: ['B', 'A', 'C', 'D'] },
        { q: 5, master: 5, options: ['否', '是'] },
      ],
    });
    expect(scoreOf(got, sheet)).toBe(5);
    // A wrong answer on the version stays wrong.
    expect(scoreOf(got, { ...sheet, 1: 'B', 4: 'AC' })).toBe(3);
    if (got.ok) expect(checkVersionOrder('B', questions, got.value).ok).toBe(true);
  });
  it('keeps a saved question order and an option order that agrees; a blank question keeps its entry', () => {
    const saved = [
      { q: 1, master: 3, options: null },
      { q: 2, master: 1, options: ['B', 'A', 'D', 'C'] },
      { q: 3, master: 2, options: null },
      { q: 4, master: 4, options: null },
      { q: 5, master: 5, options: null },
    ];
    // Printed 1 is master 3 (A) marked A; printed 2 is master 1 (B): printed A stands for B already; printed 3 is master 2 (C) marked D.
    const got = orderFromKeySheet('B', questions, master, { 1: 'A', 2: 'A', 3: 'D', 4: '' }, saved);
    expect(got).toMatchObject({ ok: true, changed: 1, sameOrder: false });
    if (got.ok) expect(got.value).toEqual([saved[0], saved[1], { q: 3, master: 2, options: ['A', 'B', 'D', 'C'] }, saved[3], saved[4]]);
  });
  it('refuses a question the master key has no answer for, or marked a different number of times', () => {
    expect(orderFromKeySheet('C', questions, new Map([[1, 'B']]), { 2: 'A' }, null)).toEqual({ ok: false, error: { key: 'scores.version.sheetNoMasterAnswer', params: { version: 'C', showno: '2', master: '2' } } });
    expect(orderFromKeySheet('B', questions, master, { 4: 'ABD' }, null)).toEqual({ ok: false, error: { key: 'scores.version.sheetMarkCount', params: { version: 'B', showno: '4', marks: 'ABD', master: '4', answer: 'AC' } } });
  });
});
