import { CircleCheckIcon } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { showAlert } from '../../feedback/alert-store';
import type { UiKey } from '../../i18n/client-translate';
import { useT } from '../../i18n/locale-context';
import { ConfirmDialog } from '../admin/confirm-dialog';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../ui/alert-dialog';
import { runDeleteSequence } from './delete-sequence';
import { LoadingModal } from './loading-modal';

type Step = 'closed' | 'confirm' | 'processing' | 'done';
export interface DeleteTarget {
  id: string;
  name: string;
}
const TEST_IDS = { dialog: 'delete-confirm', ok: 'delete-ok', cancel: 'delete-cancel' };

interface Props {
  /** Open the confirmation by setting a target (its id, and its name shown in the dialog); null when closed. */
  target: DeleteTarget | null;
  onClose: () => void;
  /** The confirmation's question, in words (the caller translates it: it may carry a count or a name). */
  title: string;
  lines?: UiKey[];
  /** More of the confirmation (what a school holds, why it cannot go). */
  children?: ReactNode;
  /** False when deleting is not possible: only cancel is offered. */
  canConfirm?: boolean;
  run: (target: string) => Promise<unknown>;
  /** Reloads the list, once success shows. */
  onDone: () => void;
  /**
   * How success is told (back-office.md §4): the lists' done dialog 「刪除成功」 (`dialog`), or the
   * server's own message in the global alert (`alert`: school administration, teachers).
   */
  success?: 'dialog' | 'alert';
  testIds?: { dialog: string; ok: string; cancel: string };
}

/** The one delete flow of every list: confirm → processing (0.5 s) → success (after 1 s) → the list reloads. */
export function DeleteFlow({ target, onClose, title, lines = [], children, canConfirm, run, onDone, success = 'dialog', testIds = TEST_IDS }: Props) {
  const t = useT();
  const [step, setStep] = useState<Step>('closed');
  // The confirm dialog closes itself after a confirm; that close must not end the flow.
  const confirming = useRef(false);
  useEffect(() => {
    confirming.current = false;
    setStep(target ? 'confirm' : 'closed');
  }, [target]);

  const confirm = async () => {
    if (!target) return;
    const result = await runDeleteSequence(() => run(target.id), (open) => setStep(open ? 'processing' : 'closed'));
    if (!result.ok) return onClose();
    if (success === 'dialog') {
      setStep('done');
      return onDone();
    }
    // The server's own message (already in the user's language), e.g. 「已刪除 2 位教師」.
    const message = (result.value as { message?: unknown } | null)?.message;
    await showAlert(typeof message === 'string' ? message : t('cards.delete.done'), 'feedback.success');
    onDone();
    onClose();
  };

  return (
    <>
      <ConfirmDialog
        open={step === 'confirm'}
        title={title}
        item={target?.name || undefined}
        canConfirm={canConfirm}
        destructive
        testIds={testIds}
        onClose={() => !confirming.current && onClose()}
        onConfirm={() => {
          confirming.current = true;
          void confirm();
        }}
      >
        {lines.map((line) => (
          <p key={line} className={line === 'cards.delete.unread' ? 'font-medium text-destructive' : undefined}>
            {t(line)}
          </p>
        ))}
        {children}
      </ConfirmDialog>
      <LoadingModal open={step === 'processing'} text="cards.delete.processing" testId="delete-processing" />
      <AlertDialog open={step === 'done'} onOpenChange={(open) => !open && onClose()}>
        <AlertDialogContent data-testid="delete-done" className="sm:max-w-xs">
          <AlertDialogHeader className="items-center">
            <CircleCheckIcon className="size-10 text-green-600" />
            <AlertDialogTitle>{t('cards.delete.done')}</AlertDialogTitle>
            <AlertDialogDescription className="sr-only">{t('cards.delete.done')}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogAction data-testid="delete-done-ok" onClick={onClose}>
              {t('feedback.ok')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
