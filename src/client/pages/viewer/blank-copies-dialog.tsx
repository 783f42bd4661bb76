import { useState } from 'react';
import { BLANK_COPIES_MAX } from '../../../shared/limits';
import { ZBlankCopiesInput } from '../../../shared/schemas/viewer';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { RadioChoices } from '../../components/radio-choices';
import { versionChoices } from '../print/version-choices';
import { saveBase64 } from '../../feedback/download';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';

interface Props {
  guid: string;
  open: boolean;
  onClose: () => void;
}

/** Print without student data: asks how many copies, then downloads them as one PDF. */
export function BlankCopiesDialog({ guid, open, onClose }: Props) {
  const t = useT();
  const [copies, setCopies] = useState('1');
  const [versions, setVersions] = useState('1');
  const make = trpc.viewer.blankCopies.useMutation({ onSuccess: (file) => (saveBase64(file), onClose()) });
  const valid = ZBlankCopiesInput.safeParse({ guid, copies }).success;
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent closeLabel={t('feedback.close')} data-testid="blank-dialog">
        <DialogHeader>
          <DialogTitle>{t('viewer.copies.title')}</DialogTitle>
          <DialogDescription>{t('viewer.note.scale')}</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (valid && !make.isPending) make.mutate({ guid, copies: Number(copies), versions: Number(versions) });
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor="blank-copies">{t('viewer.copies.label', { max: BLANK_COPIES_MAX })}</Label>
            <Input
              id="blank-copies"
              data-testid="blank-copies"
              type="number"
              inputMode="numeric"
              min={1}
              max={BLANK_COPIES_MAX}
              value={copies}
              aria-invalid={!valid}
              onChange={(e) => setCopies(e.target.value)}
            />
            {!valid && <p className="text-sm text-destructive" data-testid="blank-copies-error">{t('viewer.copies.range')}</p>}
          </div>
          <RadioChoices
            id="blank-versions"
            label={t('print.versions')}
            choices={versionChoices(t)}
            value={versions}
            onChange={setVersions}
          />
          {versions !== '1' && <p className="text-sm text-muted-foreground">{t('viewer.copies.versionsNote')}</p>}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>{t('cards.cancel')}</Button>
            <Button type="submit" data-testid="blank-submit" disabled={!valid || make.isPending}>{t('viewer.copies.submit')}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
