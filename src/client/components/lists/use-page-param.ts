import { useEffect, useEffectEvent } from 'react';
import { useSearchParams } from 'react-router-dom';

export type SetPage = (page: number, how?: { replace: boolean }) => void;

/** The list page in the `page` query parameter (so a reload or a shared link keeps it); other parameters stay. */
export function usePageParam(): [number, SetPage] {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const setPage: SetPage = (next, how) =>
    setParams(
      (prev) => {
        const kept = new URLSearchParams(prev);
        // Page 1 is the list's own address: no parameter.
        if (next === 1) kept.delete('page');
        else kept.set('page', String(next));
        return kept;
      },
      { replace: how?.replace ?? false },
    );
  return [page, setPage];
}

/**
 * The one rule for a page beyond the list's end (an old link, rows deleted meanwhile): go to the
 * last page, replacing the address rather than adding a step to the history (pager.tsx).
 */
export function useLastPageRule(current: number, last: number, onPage: SetPage): void {
  // onPage is a new function each render; the rule runs when the numbers change, with the latest onPage.
  const toLast = useEffectEvent((page: number) => onPage(page, { replace: true }));
  useEffect(() => {
    if (current > last && last >= 1) toLast(last);
  }, [current, last]);
}
