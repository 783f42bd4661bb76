import { describe, expect, it } from 'vitest';
import { laterScans, sheetPageKey } from './sheet-pages';

const page = (id: number, student: number | null, card_page: number | null, extra: { status?: string; copy_no?: number; discarded?: number } = {}) => ({ id, student_id: student, card_page, status: 'read', ...extra });

describe('the same page of the same sheet', () => {
  it("is a student's card page, or with copies a blank copy's; never a blank back, another card, a key sheet or a discarded scan", () => {
    expect(sheetPageKey(page(1, 7, 2))).toBe('s7/2');
    expect(sheetPageKey(page(1, 7, 2, { status: 'unidentified' }))).toBe('s7/2');
    expect(sheetPageKey(page(1, null, 1, { status: 'unidentified', copy_no: 3 }))).toBeNull();
    expect(sheetPageKey(page(1, null, 1, { status: 'unidentified', copy_no: 3 }), true)).toBe('c3/1');
    for (const status of ['blank', 'wrong_card', 'key']) expect(sheetPageKey(page(1, 7, 1, { status }))).toBeNull();
    expect(sheetPageKey(page(1, 7, null))).toBeNull();
    expect(sheetPageKey(page(1, 7, 1, { discarded: 1 }))).toBeNull();
  });

  it('keeps the last scan of each, lists the earlier ones in scan order, and shows each page the scan before it', () => {
    const pages = [page(1, 7, 1), page(2, 8, 1), page(3, 7, 1), page(4, 7, 2), page(5, 7, 1, { status: 'review' }), page(6, 8, 1, { discarded: 1 })];
    const seen: [number, number | undefined][] = [];
    const { winners, earlier } = laterScans(pages, { each: (p, before) => seen.push([p.id, before?.id]) });
    expect(winners.map((p) => p.id)).toEqual([5, 2, 4]);
    expect(earlier.map((p) => p.id)).toEqual([1, 3]);
    expect(seen).toEqual([[1, undefined], [2, undefined], [3, 1], [4, undefined], [5, 3]]);
  });
});
