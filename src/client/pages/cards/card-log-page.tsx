import { ArrowUpDownIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { PAGE_SIZE } from '../../../shared/limits';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { EmptyRow } from '../../components/lists/list-table-parts';
import { localPage } from '../../components/lists/local-page';
import { Pager } from '../../components/lists/pager';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { showAlert } from '../../feedback/alert-store';
import { downloadFile } from '../../feedback/download';
import type { UiKey } from '../../i18n/client-translate';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';

type Col = 'filename' | 'class' | 'username' | 'created_at';
const COLS: [Col, UiKey][] = [
  ['filename', 'cards.col.fileName'],
  ['class', 'cards.col.class'],
  ['username', 'cards.col.printer'],
  ['created_at', 'cards.col.createdAt'],
];

/** /cards/log/:guid: the card's printed files; sorted and paged in the browser, 10 per page. */
export function CardLogPage() {
  const t = useT();
  const { guid = '' } = useParams();
  const [sort, setSort] = useState<{ by: Col; order: 'asc' | 'desc' }>({ by: 'created_at', order: 'desc' });
  const [page, setPage] = useState(1);
  const utils = trpc.useUtils();
  const logs = trpc.cards.logs.useQuery({ guid }, { enabled: guid !== '' });
  const remove = trpc.cards.deleteLog.useMutation({ meta: { silentSuccess: true } });
  const shown = localPage(logs.data ?? [], sort.by, sort.order, page, PAGE_SIZE.printLog);

  const [deleting, setDeleting] = useState<{ id: number; filename: string } | null>(null);
  const del = (id: number) => remove.mutate({ id }, { onSuccess: (r) => void showAlert(r.message).then(() => utils.cards.logs.invalidate()) });

  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between">
        <CardTitle className="text-xl">{t('cards.log.title')}</CardTitle>
        <Button asChild variant="outline">
          <Link to="/cards/lists">{t('cards.form.back')}</Link>
        </Button>
      </CardHeader>
      <CardContent>
        <Table data-testid="log-table">
          <TableHeader>
            <TableRow>
              {COLS.map(([col, label]) => (
                <TableHead key={col}>
                  <button type="button" className="inline-flex items-center gap-1" onClick={() => setSort((s) => ({ by: col, order: s.by === col && s.order === 'asc' ? 'desc' : 'asc' }))}>
                    {t(label)} <ArrowUpDownIcon className="size-3.5 opacity-50" />
                  </button>
                </TableHead>
              ))}
              <TableHead>{t('print.col.versions')}</TableHead>
              <TableHead className="text-end">{t('cards.col.actions')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {shown.data.map((log) => (
              <TableRow key={log.id} data-testid={`log-row-${log.id}`}>
                <TableCell>{log.filename}</TableCell>
                <TableCell>{log.class}</TableCell>
                <TableCell>{log.username}</TableCell>
                <TableCell className="tabular-nums">{log.created_at}</TableCell>
                <TableCell data-testid={`log-versions-${log.id}`}>{log.version_by ? t(`print.printed.versions.${log.version_by}`, { letters: log.versions.join('/') }) : t('print.printed.oneVersion')}</TableCell>
                <TableCell className="text-end">
                  <div className="inline-flex gap-1.5">
                    <Button size="sm" variant="outline" onClick={() => void downloadFile('cards', { method: 'download', action: 'log', id: log.id })}>
                      {t('cards.action.download')}
                    </Button>
                    <Button size="sm" variant="outline" className="text-destructive" data-testid={`log-delete-${log.id}`} onClick={() => setDeleting(log)}>
                      {t('cards.action.delete')}
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            ))}
            {logs.data?.length === 0 && <EmptyRow colSpan={6} text="cards.log.none" />}
          </TableBody>
        </Table>
        {shown.total > 0 && <Pager info={shown} onPage={setPage} />}
      </CardContent>
      <ConfirmDialog
        open={deleting !== null}
        title={t('cards.log.deleteConfirm')}
        item={deleting?.filename}
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && del(deleting.id)}
      />
    </Card>
  );
}
