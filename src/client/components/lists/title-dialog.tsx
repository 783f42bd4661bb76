import { useEffect, useState, type ReactNode } from 'react';
import type { UiKey } from '../../i18n/client-translate';
import { useT } from '../../i18n/locale-context';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../ui/dialog';
import { Input } from '../ui/input';
import { Label } from '../ui/label';

interface Props {
  open: boolean;
  onClose: () => void;
  heading: UiKey;
  initialTitle: string;
  busy: boolean;
  onSubmit: (title: string) => void;
  /** More fields (the share dialog's school); `ready` says whether they are filled. */
  children?: ReactNode;
  ready?: boolean;
}

/** Asks for a title (copy to collection, share to template, share to a school); confirm waits for input. */
export function TitleDialog({ open, onClose, heading, initialTitle, busy, onSubmit, children, ready = true }: Props) {
  const t = useT();
  const [title, setTitle] = useState(initialTitle);
  useEffect(() => setTitle(initialTitle), [initialTitle, open]);
  const canSubmit = title.trim() !== '' && ready && !busy;
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent closeLabel={t('feedback.close')} data-testid="title-dialog">
        <DialogHeader>
          <DialogTitle>{t(heading)}</DialogTitle>
          <DialogDescription className="sr-only">{t(heading)}</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (canSubmit) onSubmit(title.trim());
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor="copy-title">{t('cards.copy.title')}</Label>
            <Input id="copy-title" data-testid="copy-title" value={title} onChange={(e) => setTitle(e.target.value)} />
          </div>
          {children}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t('cards.cancel')}
            </Button>
            <Button type="submit" data-testid="copy-submit" disabled={!canSubmit}>
              {t('cards.confirm')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
