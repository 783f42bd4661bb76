import { useCallback, type ReactNode } from 'react';
import type { DialogCheck } from '../../../../shared/card/dialog-input';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { showAlert } from '../../../feedback/alert-store';
import type { UiKey } from '../../../i18n/client-translate';
import { useT } from '../../../i18n/locale-context';

interface ShellProps {
  /** `dialog-<name>` is the dialog's test id. */
  name: string;
  title: UiKey;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The frame every editor dialog shares. Its content mounts only while open, so each dialog's form
 * (a child component) starts from the block's current value every time it opens.
 */
export function EditorDialog({ name, title, open, onClose, children }: ShellProps) {
  const t = useT();
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent closeLabel={t('editorDialog.close')} data-testid={`dialog-${name}`} className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t(title)}</DialogTitle>
          <DialogDescription className="sr-only">{t(title)}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

interface FormProps {
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
  /** Ratio and equal split confirm nothing until a choice is picked (§5: not checked). */
  canConfirm?: boolean;
}

/** A form so Enter in a count or height field confirms, as the spec asks. */
export function DialogForm({ onSubmit, onClose, children, canConfirm = true }: FormProps) {
  const t = useT();
  return (
    <form
      className="grid gap-5"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (canConfirm) onSubmit();
      }}
    >
      {children}
      <DialogFooter>
        <Button type="button" variant="outline" data-testid="dialog-close" onClick={onClose}>
          {t('editorDialog.close')}
        </Button>
        <Button type="submit" data-testid="dialog-confirm" disabled={!canConfirm}>
          {t('editorDialog.confirm')}
        </Button>
      </DialogFooter>
    </form>
  );
}

/**
 * Applies a checked value, or shows the check's alert (the dialog stays open, nothing applied),
 * or — where the spec says so — shows it and closes without change.
 */
export function useCheckedConfirm<T>(onConfirm: (value: T) => void, onClose: () => void) {
  const t = useT();
  return useCallback(
    (check: DialogCheck<T>) => {
      if (check.ok) return onConfirm(check.value);
      void showAlert(t(check.message));
      if (check.close) onClose();
    },
    [onConfirm, onClose, t],
  );
}
