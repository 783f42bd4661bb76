import { useState } from 'react';
import { SearchableSelect } from '../../components/searchable-select';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Label } from '../../components/ui/label';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';

interface Props {
  template: { guid: string; title: string } | null;
  schools: { id: number; name: string }[];
  onClose: () => void;
}

/** 複製到學校 (copy toClient): the school gets its own editable copy of the template. */
export function CopyToSchoolDialog({ template, schools, onClose }: Props) {
  const t = useT();
  const [school, setSchool] = useState('');
  const copy = trpc.templates.copyToClient.useMutation({ onSuccess: () => { setSchool(''); onClose(); } });
  return (
    <Dialog open={template !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t('feedback.close')} data-testid="copy-school-dialog">
        <DialogHeader>
          <DialogTitle>{t('cards.action.copyToSchool')}</DialogTitle>
          <DialogDescription>{template?.title}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor="copy-school">{t('cards.copy.school')}</Label>
          <SearchableSelect id="copy-school" choices={schools.map((s) => ({ value: String(s.id), label: s.name }))} value={school} onChange={setSchool} />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t('cards.cancel')}
          </Button>
          <Button
            data-testid="copy-school-submit"
            disabled={!school || copy.isPending}
            onClick={() => template && copy.mutate({ guid: template.guid, client: Number(school) })}
          >
            {t('cards.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
