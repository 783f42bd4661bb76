import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { useT } from '../../i18n/locale-context';
import { useCan } from '../../session/use-can';
import { trpc } from '../../trpc/trpc';
import { ShareDialogs } from '../cards/share-dialogs';
import { useConvertedPdf } from './use-converted-pdf';
import { BackButton } from './viewer-parts';
import { ViewerLayout } from './viewer-layout';

/** /cards/show/:guid — a usable template: the PDF, back to /cards/templates, add to one's collection. */
export function TemplateShowPage() {
  const t = useT();
  const { guid = '' } = useParams();
  const { bytes } = useConvertedPdf(guid, '/cards/templates');
  const info = trpc.templates.info.useQuery({ guid }, { enabled: guid !== '' });
  const canCollect = useCan('templates.view');
  const [collecting, setCollecting] = useState(false);
  const template = info.data;

  const actions = (
    <>
      <BackButton to="/cards/templates" />
      {canCollect && template?.disabled === 0 && (
        <Button variant="outline" data-testid="show-collect" onClick={() => setCollecting(true)}>
          {t('cards.action.collect')}
        </Button>
      )}
    </>
  );
  return (
    <>
      <ViewerLayout heading="viewer.showTitle" title={template?.title} actions={actions} bytes={bytes} />
      {template && <ShareDialogs card={template} kind={collecting ? 'toPrivated' : null} onClose={() => setCollecting(false)} />}
    </>
  );
}
