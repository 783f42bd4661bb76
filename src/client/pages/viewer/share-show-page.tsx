import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { useT } from '../../i18n/locale-context';
import { useCan } from '../../session/use-can';
import { trpc } from '../../trpc/trpc';
import { ShareDialogs } from '../cards/share-dialogs';
import { ShareUserDialog } from './share-user-dialog';
import { useConvertedPdf } from './use-converted-pdf';
import { BackButton } from './viewer-parts';
import { ViewerLayout } from './viewer-layout';

/**
 * /cards/shareShow?guid= (the shares list links so; /cards/shareShow/:guid too) — a copy another
 * school shared: the PDF, back to /cards/shares, add to one's collection, share to a user.
 */
export function ShareShowPage() {
  const t = useT();
  const params = useParams();
  const [search] = useSearchParams();
  const guid = params.guid ?? search.get('guid') ?? '';
  const { bytes } = useConvertedPdf(guid, '/cards/shares');
  const info = trpc.templates.info.useQuery({ guid }, { enabled: guid !== '' });
  const canCollect = useCan('templates.view');
  const canShareUser = useCan('templates.manage');
  const [open, setOpen] = useState<'collect' | 'user' | null>(null);
  const shared = info.data;

  const actions = (
    <>
      <BackButton to="/cards/shares" />
      {canCollect && (
        <Button variant="outline" data-testid="share-show-collect" onClick={() => setOpen('collect')}>
          {t('cards.action.collect')}
        </Button>
      )}
      {canShareUser && (
        <Button variant="outline" data-testid="share-show-user" onClick={() => setOpen('user')}>
          {t('viewer.shareUser')}
        </Button>
      )}
    </>
  );
  return (
    <>
      <ViewerLayout heading="viewer.shareShowTitle" title={shared?.title} actions={actions} bytes={bytes} />
      {shared && <ShareDialogs card={shared} kind={open === 'collect' ? 'toPrivated' : null} onClose={() => setOpen(null)} />}
      <ShareUserDialog guid={guid} open={open === 'user'} onClose={() => setOpen(null)} />
    </>
  );
}
