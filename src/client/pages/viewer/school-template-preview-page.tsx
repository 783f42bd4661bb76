import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { useT } from '../../i18n/locale-context';
import { useCan } from '../../session/use-can';
import { trpc } from '../../trpc/trpc';
import { ShareUserDialog } from './share-user-dialog';
import { useConvertedPdf } from './use-converted-pdf';
import { BackButton } from './viewer-parts';
import { ViewerLayout } from './viewer-layout';

/** /client/templates/preview/:guid — a school template: the PDF, go back, share to a user. */
export function SchoolTemplatePreviewPage() {
  const t = useT();
  const { guid = '' } = useParams();
  const { bytes, goBack } = useConvertedPdf(guid, '/client/templates');
  const info = trpc.templates.info.useQuery({ guid }, { enabled: guid !== '' });
  const canShareUser = useCan('templates.manage');
  const [sharing, setSharing] = useState(false);

  const actions = (
    <>
      <BackButton onClick={goBack} />
      {canShareUser && (
        <Button variant="outline" data-testid="template-share-user" onClick={() => setSharing(true)}>
          {t('viewer.shareUser')}
        </Button>
      )}
    </>
  );
  return (
    <>
      <ViewerLayout heading="viewer.schoolTemplateTitle" title={info.data?.title} actions={actions} bytes={bytes} />
      <ShareUserDialog guid={guid} open={sharing} onClose={() => setSharing(false)} />
    </>
  );
}
