import { useState } from 'react';
import { SearchableSelect } from '../../components/searchable-select';
import { TitleDialog } from '../../components/lists/title-dialog';
import { Label } from '../../components/ui/label';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';

export type ShareKind = 'toTemplate' | 'toShare' | 'toPrivated';

interface Props {
  card: { guid: string; title: string };
  kind: ShareKind | null;
  onClose: () => void;
}

/** Share to template, share to a school (confirm waits for title and school), copy to the collection. */
export function ShareDialogs({ card, kind, onClose }: Props) {
  const t = useT();
  const [school, setSchool] = useState('');
  const utils = trpc.useUtils();
  const done = { onSuccess: () => { onClose(); void utils.cards.templates.invalidate(); } };
  const toTemplate = trpc.cards.copyToTemplate.useMutation(done);
  const toShare = trpc.cards.copyToShare.useMutation(done);
  const toPrivated = trpc.cards.copyToPrivated.useMutation(done);
  const schools = trpc.cards.shareSchools.useQuery(undefined, { enabled: kind === 'toShare' });
  const busy = toTemplate.isPending || toShare.isPending || toPrivated.isPending;
  if (!kind) return null;
  const heading = kind === 'toTemplate' ? 'cards.action.shareTemplate' : kind === 'toShare' ? 'cards.action.shareSchool' : 'cards.action.collect';
  const submit = (title: string) => {
    if (kind === 'toTemplate') toTemplate.mutate({ guid: card.guid, title });
    else if (kind === 'toPrivated') toPrivated.mutate({ guid: card.guid, title });
    else toShare.mutate({ guid: card.guid, title, client_id: Number(school) });
  };
  return (
    <TitleDialog open onClose={onClose} heading={heading} initialTitle={card.title} busy={busy} onSubmit={submit} ready={kind !== 'toShare' || school !== ''}>
      {kind === 'toShare' && (
        <div className="grid gap-2">
          <Label htmlFor="share-school">{t('cards.copy.school')}</Label>
          <SearchableSelect
            id="share-school"
            choices={schools.data?.map((s) => ({ value: String(s.id), label: s.name }))}
            value={school}
            onChange={setSchool}
          />
        </div>
      )}
    </TitleDialog>
  );
}
