import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { NAVIGATOR_LINKS } from '../../../shared/limits';
import { useT } from '../../i18n/locale-context';
import { useLastPageRule, type SetPage } from '../lists/use-page-param';
import { Button } from '../ui/button';

interface PagerProps {
  page: number;
  last: number;
  total: number;
  onPage: SetPage;
}

/** The spec's page navigator: at most NAVIGATOR_LINKS numbered links around the current page. */
export function Pager({ page, last, total, onPage }: PagerProps) {
  const t = useT();
  useLastPageRule(page, last, onPage);
  const first = Math.max(1, Math.min(page - Math.floor(NAVIGATOR_LINKS / 2), last - NAVIGATOR_LINKS + 1));
  const pages = Array.from({ length: Math.min(NAVIGATOR_LINKS, last) }, (_, i) => first + i);
  return (
    <nav className="flex flex-wrap items-center justify-between gap-2 pt-3 text-sm text-muted-foreground" data-testid="pager">
      <span data-testid="pager-summary">{t('common.page', { page, last, total })}</span>
      <div className="flex items-center gap-1">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label="previous">
          <ChevronLeftIcon />
        </Button>
        {pages.map((p) => (
          <Button key={p} size="sm" variant={p === page ? 'default' : 'outline'} onClick={() => onPage(p)} data-testid={`page-${p}`}>
            {p}
          </Button>
        ))}
        <Button variant="outline" size="sm" disabled={page >= last} onClick={() => onPage(page + 1)} aria-label="next" data-testid="page-next">
          <ChevronRightIcon />
        </Button>
      </div>
    </nav>
  );
}
