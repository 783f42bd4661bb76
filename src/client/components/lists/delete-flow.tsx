import { CircleCheckIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { UiKey } from '../../i18n/client-translate';
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
import { runDeleteSequence } from './delete-sequence';
import { LoadingModal } from './loading-modal';

type Step = 'closed' | 'confirm' | 'processing' | 'done';

interface Props {
  /** Open the confirmation by setting a target; null when closed. */
  target: string | null;
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
  useEffect(() => setStep(target ? 'confirm' : 'closed'), [target]);

  const confirm = async () => {
    if (!target) return;
    const result = await runDeleteSequence(() => run(target), (open) => setStep(open ? 'processing' : 'closed'));
    if (!result.ok) return onClose();
    setStep('done');
    onDone();
  };

  return (
    <>
      <AlertDialog open={step === 'confirm'} onOpenChange={(open) => !open && onClose()}>
        <AlertDialogContent data-testid="delete-confirm">
          <AlertDialogHeader>
            <AlertDialogTitle>{t(title)}</AlertDialogTitle>
            {lines.map((line) => (
              <AlertDialogDescription key={line} className={line === 'cards.delete.unread' ? 'font-medium text-destructive' : undefined}>
                {t(line)}
              </AlertDialogDescription>
            ))}
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel data-testid="delete-cancel">{t('cards.cancel')}</AlertDialogCancel>
            <AlertDialogAction data-testid="delete-ok" onClick={(e) => { e.preventDefault(); void confirm(); }}>
              {t('cards.confirm')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
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
