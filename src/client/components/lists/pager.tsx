import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { NAVIGATOR_LINKS } from '../../../shared/limits';
import { useT } from '../../i18n/locale-context';
import { Button } from '../ui/button';
import { pageWindow } from './page-window';
import { useLastPageRule, type SetPage } from './use-page-param';

export interface PageInfo {
  total: number;
  per_page: number;
  current_page: number;
  last_page: number;
}

/** The spec's navigator: up to 5 page links and 'total N records, M per page, K pages'. */
export function Pager({ info, onPage }: { info: PageInfo; onPage: SetPage }) {
  const t = useT();
  useLastPageRule(info.current_page, info.last_page, onPage);
  const pages = pageWindow(info.current_page, info.last_page, NAVIGATOR_LINKS);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 pt-4 text-sm text-muted-foreground">
      <span data-testid="pager-summary">{t('cards.pager', { total: info.total, per: info.per_page, pages: info.last_page })}</span>
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
        <Button variant="outline" size="icon" aria-label={t('cards.pager.next')} disabled={info.current_page >= info.last_page} onClick={() => onPage(info.current_page + 1)}>
          <ChevronRightIcon />
        </Button>
      </nav>
    </div>
  );
}
