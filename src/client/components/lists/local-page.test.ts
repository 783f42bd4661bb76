import { describe, expect, it } from 'vitest';
import { localPage } from './local-page';

const rows = Array.from({ length: 23 }, (_, i) => ({ id: i + 1, class: `${100 + (i % 5)}`, created_at: `2026-01-${String(i + 1).padStart(2, '0')}` }));

describe('client-side sort and paging of the print log', () => {
  it('pages by 10 and keeps the list shape', () => {
    const p = localPage(rows, 'created_at', 'desc', 3, 10);
    expect(p).toMatchObject({ total: 23, per_page: 10, current_page: 3, last_page: 3 });
    expect(p.data.map((r) => r.id)).toEqual([3, 2, 1]);
  });

  it('sorts numerically and clamps the page', () => {
    const p = localPage(rows, 'class', 'asc', 99, 10);
    expect(p.current_page).toBe(3);
    expect(localPage(rows, 'class', 'asc', 1, 10).data[0].class).toBe('100');
    expect(localPage([], 'id', 'asc', 1, 10)).toMatchObject({ total: 0, last_page: 1, data: [] });
  });
});
