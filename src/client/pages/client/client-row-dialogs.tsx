import { useState } from 'react';
import { DEFAULT_EXTEND_DAYS, MAX_EXTEND_DAYS } from '../../../shared/limits';
import { ConfirmDialog, CONFIRM_TEST_IDS } from '../../components/admin/confirm-dialog';
import { DeleteFlow } from '../../components/lists/delete-flow';
import { TextField } from '../../components/form-field';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { notifyError } from '../../feedback/notify';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';
import type { ClientRow, RowDialog } from './client-row-menu';

interface Props {
  row: ClientRow;
  dialog: RowDialog;
  onClose: () => void;
}

// School changes the spec reports with a 失敗 toast and the server's text rather than the central alert.
const failure = { meta: { inlineErrors: true }, onError: (e: { message: string }) => notifyError(e.message, 'feedback.failure') };

/** Extend-licence (days, default 0), disable/enable confirm and delete confirm of one school row. */
export function ClientRowDialogs({ row, dialog, onClose }: Props) {
  const t = useT();
  const utils = trpc.useUtils();
  const done = () => {
    void utils.clients.list.invalidate();
    onClose();
  };
  const [days, setDays] = useState(String(DEFAULT_EXTEND_DAYS));
  const extend = trpc.clients.extend.useMutation({ ...failure, onSuccess: done });
  const status = trpc.clients.setStatus.useMutation({ ...failure, onSuccess: done });
  const remove = trpc.clients.delete.useMutation({
    meta: { ...failure.meta, silentSuccess: true },
    onError: (e) => {
      failure.onError(e);
      onClose();
    },
  });
  // One target for the row's whole delete flow (a new object would restart it); no name: the title names the school.
  const [deleteTarget] = useState(() => ({ id: String(row.client_id), name: '' }));
  const holdings = trpc.clients.deletePreview.useQuery({ client_id: row.client_id }, { enabled: dialog === 'delete' });

  if (dialog === 'extend') {
    return (
      <Dialog open onOpenChange={(open) => !open && onClose()}>
        <DialogContent closeLabel={t('common.cancel')} data-testid="extend-dialog">
          <DialogHeader>
            <DialogTitle>{t('school.extend.title')}</DialogTitle>
          </DialogHeader>
          <TextField id="extend-days" label={t('school.extend.days')} type="number" min={0} max={MAX_EXTEND_DAYS} value={days} onValue={setDays} />
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>{t('common.cancel')}</Button>
            <Button data-testid="extend-ok" disabled={extend.isPending} onClick={() => extend.mutate({ client_id: row.client_id, days: Number(days) || 0 })}>
              {t('common.confirm')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    );
  }
  if (dialog === 'delete') {
    const h = holdings.data;
    // The row's dialogs stay until the delete flow ends (the flow's own confirm closing does not close them).
    return (
      <DeleteFlow
        target={deleteTarget}
        onClose={onClose}
        title={t('school.delete.confirm', { name: row.name })}
        canConfirm={Boolean(h) && h!.sub_clients === 0}
        run={(id) => remove.mutateAsync({ client_id: Number(id) })}
        onDone={() => void utils.clients.list.invalidate()}
        success="alert"
        testIds={CONFIRM_TEST_IDS}
      >
        {!h && <p>{t('common.loading')}</p>}
        {h && <p data-testid="delete-holdings">{t('school.delete.holds', { users: h.users, students: h.students, cards: h.cards })}</p>}
        {h && h.sub_clients > 0 && <p className="text-destructive">{t('school.delete.hasSubs', { count: h.sub_clients })}</p>}
      </DeleteFlow>
    );
  }
  const next = dialog === 'disable' ? 'disabled' : 'normal';
  return (
    <ConfirmDialog
      open
      title={t(dialog === 'disable' ? 'school.menu.disable' : 'school.menu.enable')}
      destructive={dialog === 'disable'}
      onClose={onClose}
      onConfirm={() => status.mutate({ client_id: row.client_id, status: next })}
    >
      <p>{t(dialog === 'disable' ? 'school.disable.confirm' : 'school.enable.confirm', { name: row.name })}</p>
    </ConfirmDialog>
  );
}
