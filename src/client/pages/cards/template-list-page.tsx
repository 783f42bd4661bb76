import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PAGE_SIZE } from '../../../shared/limits';
import { DeleteFlow, type DeleteTarget } from '../../components/lists/delete-flow';
import { LoadingModal } from '../../components/lists/loading-modal';
import { Pager } from '../../components/lists/pager';
import { usePageParam } from '../../components/lists/use-page-param';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';
import { ShareDialogs } from './share-dialogs';
import { StatusBadge } from './status-badge';

/**
 * /cards/templates: the templates the user may use, 50 per page, each as a card with its actions;
 * those the user may change also convert (轉存PDF) here, as the card list does (docs/cards.md).
 */
export function TemplateListPage() {
  const t = useT();
  const [page, setPage] = usePageParam();
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);
  const [collecting, setCollecting] = useState<{ guid: string; title: string } | null>(null);
  const utils = trpc.useUtils();
  // While an entry converts, the list is read again every few seconds to show the outcome (as the card list).
  const list = trpc.cards.templates.useQuery(
    { page, limit: PAGE_SIZE.templates },
    { refetchInterval: (q) => (q.state.data?.data.some((tpl) => tpl.status === 'converting') ? 3_000 : false) },
  );
  // The answer's message (go to the preview page) is shown as a toast; the entry shows 轉存中.
  const savePdf = trpc.cards.savePdf.useMutation({ onSuccess: () => void utils.cards.templates.invalidate() });
  const remove = trpc.templates.delete.useMutation({ meta: { silentSuccess: true } });

  return (
    <div className="grid gap-4">
      <h1 className="text-xl font-semibold">{t('cards.templates.title')}</h1>
      <LoadingModal open={list.isPending || savePdf.isPending} />
      {list.data?.total === 0 && <p className="py-10 text-center text-muted-foreground">{t('cards.noData')}</p>}
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {list.data?.data.map((tpl) => (
          <Card key={tpl.guid} data-testid={`template-${tpl.guid}`} className="justify-between">
            <CardHeader>
              <CardTitle className="text-base" data-testid="template-title">{tpl.title}</CardTitle>
              <CardDescription className="line-clamp-2 min-h-10">{tpl.description || '—'}</CardDescription>
              <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                <span>{t(`card.privacy.${tpl.privacy}`)}</span>・<span>{tpl.author}</span>
                <StatusBadge status={tpl.status} disabled={tpl.disabled} failure={tpl.pdf_error} />
              </div>
            </CardHeader>
            <CardContent />
            <CardFooter className="flex flex-wrap gap-1.5">
              <Button asChild size="sm" data-testid={`template-make-${tpl.guid}`}>
                <Link to={`/cards/create?template_id=${tpl.guid}`}>{t('cards.action.makeCard')}</Link>
              </Button>
              <Button asChild size="sm" variant="outline" data-testid={`template-preview-${tpl.guid}`}>
                <Link to={`/cards/show/${tpl.guid}`}>{t('cards.action.preview')}</Link>
              </Button>
              {tpl.editable && (
                <Button asChild size="sm" variant="outline" data-testid={`template-modify-${tpl.guid}`}>
                  <Link to={`/client/templates/edit/${tpl.guid}`} state={{ back: '/cards/templates' }}>{t('cards.action.modify')}</Link>
                </Button>
              )}
              {tpl.editable && tpl.disabled === 0 && (
                <Button asChild size="sm" variant="outline" data-testid={`template-content-${tpl.guid}`}>
                  <Link to={`/client/templates/content/${tpl.guid}`}>{t('cards.action.edit')}</Link>
                </Button>
              )}
              {tpl.editable && (
                <Button size="sm" variant="outline" data-testid={`template-pdf-${tpl.guid}`} disabled={savePdf.isPending} onClick={() => savePdf.mutate({ guid: tpl.guid })}>
                  {t('cards.action.exportPdf')}
                </Button>
              )}
              {tpl.disabled === 0 && (
                <Button size="sm" variant="outline" data-testid={`template-collect-${tpl.guid}`} onClick={() => setCollecting(tpl)}>
                  {t('cards.action.collect')}
                </Button>
              )}
              {tpl.editable && (
                <Button size="sm" variant="outline" className="text-destructive" data-testid={`template-delete-${tpl.guid}`} onClick={() => setDeleting({ id: tpl.guid, name: tpl.title })}>
                  {t('cards.action.delete')}
                </Button>
              )}
            </CardFooter>
          </Card>
        ))}
      </div>
      {list.data && list.data.total > 0 && <Pager info={list.data} onPage={setPage} />}
      {collecting && <ShareDialogs card={collecting} kind="toPrivated" onClose={() => setCollecting(null)} />}
      <DeleteFlow
        target={deleting}
        onClose={() => setDeleting(null)}
        title={t('cards.delete.confirm')}
        lines={['cards.delete.irreversible']}
        run={(guid) => remove.mutateAsync({ guid })}
        onDone={() => void utils.cards.templates.invalidate()}
      />
    </div>
  );
}
