import { LoaderCircleIcon } from 'lucide-react';
import type { UiKey } from '../../i18n/client-translate';
import { useT } from '../../i18n/locale-context';
import { AlertDialog, AlertDialogContent, AlertDialogDescription, AlertDialogTitle } from '../ui/alert-dialog';

/** A modal spinner: the spec's loading modal (a list's first fetch) and the delete flow's 處理中…. */
export function LoadingModal({ open, text = 'cards.loading', testId = 'loading-modal' }: { open: boolean; text?: UiKey; testId?: string }) {
  const t = useT();
  return (
    <AlertDialog open={open}>
      <AlertDialogContent data-testid={testId} className="flex items-center justify-center gap-3 sm:max-w-xs">
        <AlertDialogTitle className="sr-only">{t(text)}</AlertDialogTitle>
        <LoaderCircleIcon className="size-5 animate-spin text-primary" />
        <AlertDialogDescription>{t(text)}</AlertDialogDescription>
      </AlertDialogContent>
    </AlertDialog>
  );
}
