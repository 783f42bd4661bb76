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

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
  /** False when the action is not possible (e.g. a school with sub-schools): only cancel is offered. */
  canConfirm?: boolean;
}

/** The confirm modal of delete/disable/enable/import: nothing happens until the user agrees. */
export function ConfirmDialog({ open, title, children, onConfirm, onClose, canConfirm = true }: ConfirmDialogProps) {
  const t = useT();
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && onClose()}>
      <AlertDialogContent data-testid="confirm-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div className="grid gap-2">{children}</div>
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel data-testid="confirm-cancel">{t('common.cancel')}</AlertDialogCancel>
          {canConfirm && (
            <AlertDialogAction data-testid="confirm-ok" onClick={onConfirm}>
              {t('common.confirm')}
            </AlertDialogAction>
          )}
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
