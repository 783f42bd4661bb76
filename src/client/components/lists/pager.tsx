import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { NAVIGATOR_LINKS } from '../../../shared/limits';
import { useT } from '../../i18n/locale-context';
import { Button } from '../ui/button';
import { pageWindow } from './page-window';
import { useLastPageRule, type SetPage } from './use-page-param';

/** A list's page as both doors answer it (`{total, per_page, current_page, last_page}`, LEGACY-API.md). */
export interface PageInfo {
  total: number;
  per_page: number;
  current_page: number;
  last_page: number;
}

/**
 * The one page navigator of every list (the spec's): up to NAVIGATOR_LINKS page links around the
 * current page, and its summary in the area's words — `records` 「共 N 筆資料，每頁 M 筆，共 K 頁」
 * (cards, templates, shares, print log), `pages` 「第 p / k 頁，共 N 筆」 (schools, teachers, students).
 */
export function Pager({ info, onPage, summary = 'records' }: { info: PageInfo; onPage: SetPage; summary?: 'records' | 'pages' }) {
  const t = useT();
  useLastPageRule(info.current_page, info.last_page, onPage);
  const pages = pageWindow(info.current_page, info.last_page, NAVIGATOR_LINKS);
  const text =
    summary === 'records'
      ? t('cards.pager', { total: info.total, per: info.per_page, pages: info.last_page })
      : t('common.page', { page: info.current_page, last: info.last_page, total: info.total });
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 pt-4 text-sm text-muted-foreground" data-testid="pager">
      <span data-testid="pager-summary">{text}</span>
      <nav className="flex items-center gap-1" aria-label="pagination">
        <Button variant="outline" size="icon" aria-label={t('cards.pager.prev')} disabled={info.current_page <= 1} onClick={() => onPage(info.current_page - 1)}>
          <ChevronLeftIcon />
        </Button>
        {pages.map((n) => (
          <Button
            key={n}
            size="icon"
            variant={n === info.current_page ? 'default' : 'outline'}
            aria-current={n === info.current_page ? 'page' : undefined}
            data-testid={`pager-${n}`}
            onClick={() => onPage(n)}
          >
            {n}
          </Button>
        ))}
        <Button variant="outline" size="icon" aria-label={t('cards.pager.next')} disabled={info.current_page >= info.last_page} onClick={() => onPage(info.current_page + 1)} data-testid="pager-next">
          <ChevronRightIcon />
        </Button>
      </nav>
    </div>
  );
}
