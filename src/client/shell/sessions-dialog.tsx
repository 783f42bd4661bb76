import { LogOutIcon } from 'lucide-react';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../components/ui/table';
import { notifySuccess } from '../feedback/notify';
import { useLocale, useT } from '../i18n/locale-context';
import { trpc } from '../trpc/trpc';

interface Props {
  open: boolean;
  onClose: () => void;
}

/** The account menu's list of the user's live sessions (device, address, last use), with "sign out elsewhere". */
export function SessionsDialog({ open, onClose }: Props) {
  const t = useT();
  const { locale } = useLocale();
  const sessions = trpc.auth.sessions.useQuery(undefined, { enabled: open });
  const signOutElsewhere = trpc.auth.signOutElsewhere.useMutation({
    onSuccess: async ({ message }) => {
      notifySuccess(message);
      await sessions.refetch();
    },
  });
  const when = new Intl.DateTimeFormat(locale === 'en' ? 'en' : 'zh-TW', { dateStyle: 'medium', timeStyle: 'short' });
  const rows = sessions.data ?? [];
  const others = rows.filter((row) => !row.current).length;

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent closeLabel={t('feedback.close')} className="sm:max-w-2xl" data-testid="sessions-dialog">
        <DialogHeader>
          <DialogTitle>{t('sessions.title')}</DialogTitle>
          <DialogDescription>{t('sessions.description')}</DialogDescription>
        </DialogHeader>
        <div className="max-h-[60vh] overflow-auto">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>{t('sessions.device')}</TableHead>
                <TableHead>{t('sessions.address')}</TableHead>
                <TableHead>{t('sessions.lastUsed')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.key} data-testid={row.current ? 'session-current' : 'session-other'}>
                  <TableCell className="font-medium">
                    {row.device || t('sessions.unknownDevice')}
                    {row.current && (
                      <Badge variant="secondary" className="ms-2">
                        {t('sessions.current')}
                      </Badge>
                    )}
                  </TableCell>
                  <TableCell className="font-mono text-xs">{row.address}</TableCell>
                  <TableCell>{when.format(new Date(row.lastUsedAt))}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
        <DialogFooter className="items-center sm:justify-between">
          <span className="text-sm text-muted-foreground">{others === 0 && sessions.isSuccess ? t('sessions.onlyThis') : ''}</span>
          <Button
            variant="destructive"
            data-testid="sign-out-elsewhere"
            disabled={others === 0 || signOutElsewhere.isPending}
            onClick={() => signOutElsewhere.mutate()}
          >
            <LogOutIcon />
            {t('sessions.signOutElsewhere')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
