import { useState } from 'react';
import { SearchableSelect } from '../../components/searchable-select';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Label } from '../../components/ui/label';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';

interface Props {
  guid: string;
  open: boolean;
  onClose: () => void;
}

/** Share to a user: a teacher of one's own school gets the template in their collection; confirm waits for the choice. */
export function ShareUserDialog({ guid, open, onClose }: Props) {
  const t = useT();
  const [user, setUser] = useState('');
  const users = trpc.viewer.shareUsers.useQuery(undefined, { enabled: open });
  const share = trpc.viewer.shareToUser.useMutation({ onSuccess: () => (setUser(''), onClose()) });
  const ready = user !== '' && !share.isPending;
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent closeLabel={t('feedback.close')} data-testid="share-user-dialog">
        <DialogHeader>
          <DialogTitle>{t('viewer.shareUser')}</DialogTitle>
          <DialogDescription className="sr-only">{t('viewer.shareUser')}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor="share-user">{t('viewer.shareUser.user')}</Label>
          <SearchableSelect
            id="share-user"
            choices={users.data?.map((u) => ({ value: String(u.id), label: u.name, hint: u.account }))}
            value={user}
            onChange={setUser}
          />
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>{t('cards.cancel')}</Button>
          <Button data-testid="share-user-submit" disabled={!ready} onClick={() => share.mutate({ guid, user_id: Number(user) })}>
            {t('cards.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
