import { CircleCheckIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
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
  title: UiKey;
  lines?: UiKey[];
  run: (target: string) => Promise<unknown>;
  /** Reloads the list, once the success dialog shows. */
  onDone: () => void;
}

/** Confirm → processing (0.5 s) → success (after 1 s) → the list reloads. */
export function DeleteFlow({ target, onClose, title, lines = [], run, onDone }: Props) {
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
    setStep('done');
    onDone();
  };

  return (
    <>
      <ConfirmDialog
        open={step === 'confirm'}
        title={t(title)}
        item={target?.name}
        destructive
        testIds={TEST_IDS}
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
