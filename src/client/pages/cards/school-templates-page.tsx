import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PAGE_SIZE } from '../../../shared/limits';
import { DeleteFlow, type DeleteTarget } from '../../components/lists/delete-flow';
import { Pager } from '../../components/lists/pager';
import { usePageParam } from '../../components/lists/use-page-param';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { EmptyRow, ListHead } from '../../components/lists/list-table-parts';
import { Table, TableBody, TableCell, TableRow } from '../../components/ui/table';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';
import { CopyToSchoolDialog } from './copy-to-school-dialog';
import { StatusBadge } from './status-badge';

/** /client/templates: the management table of a school's own templates. */
export function SchoolTemplatesPage() {
  const t = useT();
  const [page, setPage] = usePageParam();
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);
  const [copying, setCopying] = useState<{ guid: string; title: string } | null>(null);
  const targets = trpc.templates.copyTargets.useQuery();
  const utils = trpc.useUtils();
  const list = trpc.templates.list.useQuery(
    { page, limit: PAGE_SIZE.templates },
    { refetchInterval: (q) => (q.state.data?.data.some((tpl) => tpl.status === 'converting') ? 3_000 : false) },
  );
  const savePdf = trpc.templates.savePdf.useMutation({ onSuccess: () => void utils.templates.list.invalidate() });
  const remove = trpc.templates.delete.useMutation({ meta: { silentSuccess: true } });
  const cols = ['cards.col.title', 'cards.col.privacy', 'cards.col.author', 'cards.col.status', 'cards.col.createdAt'] as const;

  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between">
        <CardTitle className="text-xl">{t('cards.templates.school')}</CardTitle>
        <Button asChild data-testid="template-create">
          <Link to="/client/templates/create">
            <PlusIcon />
            {t('cards.templates.create')}
          </Link>
        </Button>
      </CardHeader>
      <CardContent>
        <Table>
          <ListHead columns={cols} />
          <TableBody>
            {list.data?.data.map((tpl) => (
              <TableRow key={tpl.guid} data-testid={`school-template-${tpl.guid}`}>
                <TableCell className="font-medium whitespace-normal">{tpl.title}</TableCell>
                <TableCell>{t(`card.privacy.${tpl.privacy}`)}</TableCell>
                <TableCell>{tpl.author}</TableCell>
                <TableCell>
                  <StatusBadge status={tpl.status} disabled={tpl.disabled} failure={tpl.pdf_error} />
                </TableCell>
                <TableCell className="tabular-nums">{tpl.created_at}</TableCell>
                <TableCell className="text-end">
                  <div className="inline-flex flex-wrap justify-end gap-1.5">
                    <Button asChild size="sm" variant="outline">
                      <Link to={`/client/templates/preview/${tpl.guid}`}>{t('cards.action.preview')}</Link>
                    </Button>
                    <Button asChild size="sm" variant="outline">
                      <Link to={`/client/templates/edit/${tpl.guid}`}>{t('cards.action.modify')}</Link>
                    </Button>
                    {tpl.disabled === 0 && (
                      <Button asChild size="sm" variant="outline">
                        <Link to={`/client/templates/content/${tpl.guid}`}>{t('cards.action.edit')}</Link>
                      </Button>
                    )}
                    <Button size="sm" variant="outline" data-testid={`template-pdf-${tpl.guid}`} disabled={savePdf.isPending} onClick={() => savePdf.mutate({ guid: tpl.guid })}>
                      {t('cards.action.exportPdf')}
                    </Button>
                    <Button asChild size="sm" variant="outline">
                      <Link to={`/cards/create?template_id=${tpl.guid}`}>{t('cards.action.makeCard')}</Link>
                    </Button>
                    {(targets.data?.length ?? 0) > 0 && (
                      <Button size="sm" variant="outline" data-testid={`template-copy-school-${tpl.guid}`} onClick={() => setCopying(tpl)}>
                        {t('cards.action.copyToSchool')}
                      </Button>
                    )}
                    <Button size="sm" variant="outline" className="text-destructive" onClick={() => setDeleting({ id: tpl.guid, name: tpl.title })}>
                      {t('cards.action.delete')}
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            ))}
            {list.data?.total === 0 && <EmptyRow colSpan={6} text="cards.noData" />}
          </TableBody>
        </Table>
        {list.data && list.data.total > 0 && <Pager info={list.data} onPage={setPage} />}
      </CardContent>
      <CopyToSchoolDialog template={copying} schools={targets.data ?? []} onClose={() => setCopying(null)} />
      <DeleteFlow
        target={deleting}
        onClose={() => setDeleting(null)}
        title={t('cards.delete.confirm')}
        lines={['cards.delete.irreversible']}
        run={(guid) => remove.mutateAsync({ guid })}
        onDone={() => void utils.templates.list.invalidate()}
      />
    </Card>
  );
}
