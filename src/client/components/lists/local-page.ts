import type { PageInfo } from './pager';

/** Sorting and paging done in the browser (the print log): the same shape as a server page. */
export function localPage<T>(rows: readonly T[], key: keyof T, order: 'asc' | 'desc', page: number, perPage: number): PageInfo & { data: T[] } {
  const sorted = [...rows].sort((a, b) => {
    const x = String(a[key]);
    const y = String(b[key]);
    const cmp = x.localeCompare(y, 'zh-Hant', { numeric: true });
    return order === 'asc' ? cmp : -cmp;
  });
  const last = Math.max(1, Math.ceil(rows.length / perPage));
  const current = Math.min(Math.max(1, page), last);
  return {
    data: sorted.slice((current - 1) * perPage, current * perPage),
    total: rows.length,
    per_page: perPage,
    current_page: current,
    last_page: last,
  };
}
