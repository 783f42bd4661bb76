import { LoaderCircleIcon } from 'lucide-react';
import { useState } from 'react';
import { showAlert } from '../../feedback/alert-store';
import { useT } from '../../i18n/locale-context';
import { Dialog, DialogContent, DialogTitle } from '../ui/dialog';

const SPINNER_CLOSES_MS = 500;
const SUCCESS_OPENS_MS = 1000;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The spec's delete flow (§4): after the confirm, a processing spinner that closes after 0.5 s,
 * a success dialog that opens after 1 s, then the list reloads. Failures are reported by whoever
 * made the call (the central handler, or the page's own onError) and just close the spinner.
 */
export function useDeleteFlow(reload: () => void) {
  const t = useT();
  const [processing, setProcessing] = useState(false);
  const run = async (remove: () => Promise<{ message: string }>) => {
    setProcessing(true);
    const started = Date.now();
    try {
      const { message } = await remove();
      await wait(Math.max(0, SPINNER_CLOSES_MS - (Date.now() - started)));
      setProcessing(false);
      await wait(Math.max(0, SUCCESS_OPENS_MS - (Date.now() - started)));
      await showAlert(message, 'feedback.success');
      reload();
    } catch {
      setProcessing(false);
    }
  };
  const spinner = (
    <Dialog open={processing}>
      <DialogContent closeLabel={t('common.cancel')} className="flex w-auto items-center gap-3" data-testid="delete-processing">
        <LoaderCircleIcon className="size-5 animate-spin text-primary" />
        <DialogTitle className="text-base font-normal">{t('common.processing')}</DialogTitle>
      </DialogContent>
    </Dialog>
  );
  return { run, spinner };
}
