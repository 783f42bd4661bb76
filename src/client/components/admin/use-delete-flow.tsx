import { LoaderCircleIcon } from 'lucide-react';
import { useState } from 'react';
import { showAlert } from '../../feedback/alert-store';
import { useT } from '../../i18n/locale-context';
import { runDeleteSequence } from '../lists/delete-sequence';
import { Dialog, DialogContent, DialogTitle } from '../ui/dialog';

/**
 * The spec's delete flow (§4, timing in runDeleteSequence) with the success shown as an alert,
 * then the list reloads.
 */
export function useDeleteFlow(reload: () => void) {
  const t = useT();
  const [processing, setProcessing] = useState(false);
  const run = async (remove: () => Promise<{ message: string }>) => {
    const result = await runDeleteSequence(remove, setProcessing);
    if (!result.ok) return;
    await showAlert(result.value.message, 'feedback.success');
    reload();
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
