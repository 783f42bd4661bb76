import type { ReactNode } from 'react';
import { useT } from '../../i18n/locale-context';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../ui/alert-dialog';
import { buttonVariants } from '../ui/button';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The thing acted on (a card's title, a file name), shown in bold so the user sees what goes. */
  item?: string;
  children?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
  /** False when the action is not possible (e.g. a school with sub-schools): only cancel is offered. */
  canConfirm?: boolean;
  /** Deleting and other actions that cannot be undone: the confirm button is red. */
  destructive?: boolean;
  testIds?: { dialog: string; ok: string; cancel: string };
}

export const CONFIRM_TEST_IDS = { dialog: 'confirm-dialog', ok: 'confirm-ok', cancel: 'confirm-cancel' };

/**
 * The app's one confirm modal (delete, disable, import, print again, leave unsaved…): nothing
 * happens until the user agrees. The dialog closes itself after a confirm (onClose follows onConfirm).
 */
export function ConfirmDialog({ open, title, item, children, onConfirm, onClose, canConfirm = true, destructive = false, testIds = CONFIRM_TEST_IDS }: ConfirmDialogProps) {
  const t = useT();
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && onClose()}>
      <AlertDialogContent data-testid={testIds.dialog}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div className="grid gap-2">
              {item !== undefined && (
                <p className="font-semibold break-all text-foreground" data-testid="confirm-item">
                  {item}
                </p>
              )}
              {children}
            </div>
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel data-testid={testIds.cancel}>{t('common.cancel')}</AlertDialogCancel>
          {canConfirm && (
            <AlertDialogAction
              data-testid={testIds.ok}
              className={destructive ? buttonVariants({ variant: 'destructive' }) : undefined}
              onClick={onConfirm}
            >
              {t('common.confirm')}
            </AlertDialogAction>
          )}
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
