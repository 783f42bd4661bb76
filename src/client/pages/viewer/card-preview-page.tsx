import { DownloadIcon, FileSearchIcon, PrinterIcon, ScanLineIcon } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { downloadFile, saveBase64 } from '../../feedback/download';
import { useT } from '../../i18n/locale-context';
import { useCan } from '../../session/use-can';
import { trpc } from '../../trpc/trpc';
import { ShareDialogs, type ShareKind } from '../cards/share-dialogs';
import { BackButton, PrintNotes } from './viewer-parts';
import { BlankCopiesDialog } from './blank-copies-dialog';
import { useConvertedPdf } from './use-converted-pdf';
import { ViewerLayout } from './viewer-layout';

/** /cards/preview/:guid — the converted card, its downloads, printing and sharing (back-office.md §2 Preview). */
export function CardPreviewPage() {
  const t = useT();
  const navigate = useNavigate();
  const { guid = '' } = useParams();
  const { bytes, goBack } = useConvertedPdf(guid, '/cards/lists');
  const info = trpc.cards.info.useQuery({ guid }, { enabled: guid !== '' });
  const canShare = useCan('cards.share');
  const canScan = useCan('cards.scan');
  const [sharing, setSharing] = useState<ShareKind | null>(null);
  const [blank, setBlank] = useState(false);
  const download = trpc.viewer.watermarked.useMutation({ onSuccess: (file) => saveBase64(file) });
  const ready = bytes !== undefined;
  const card = info.data;

  const actions = (
    <>
      <BackButton onClick={goBack} />
      <Button variant="outline" data-testid="preview-download" title={t('viewer.downloadHint')} disabled={!ready || download.isPending} onClick={() => download.mutate({ guid })}>
        <DownloadIcon /> {t('viewer.download')}
      </Button>
      <Button data-testid="preview-print" disabled={!ready} onClick={() => void navigate(`/cards/print/${guid}`)}>
        <PrinterIcon /> {t('viewer.printStudents')}
      </Button>
      <Button variant="outline" data-testid="preview-print-blank" disabled={!ready} onClick={() => setBlank(true)}>
        <PrinterIcon /> {t('viewer.printBlank')}
      </Button>
      {canScan && (
        <Button variant="outline" data-testid="preview-scan" disabled={!ready} onClick={() => void navigate(`/cards/scan/${guid}`)}>
          <ScanLineIcon /> {t('scan.action')}
        </Button>
      )}
      <Button variant="outline" data-testid="preview-number-pdf" disabled={!ready} onClick={() => void downloadFile('cards', { method: 'get', action: 'NumberPDF', guid })}>
        <FileSearchIcon /> {t('viewer.numberPdf')}
      </Button>
      {canShare && card?.disabled === 0 && (
        <Button variant="outline" data-testid="preview-share-template" onClick={() => setSharing('toTemplate')}>
          {t('cards.action.shareTemplate')}
        </Button>
      )}
      {canShare && card?.share === 1 && (
        <Button variant="outline" data-testid="preview-share-school" onClick={() => setSharing('toShare')}>
          {t('cards.action.shareSchool')}
        </Button>
      )}
    </>
  );
  return (
    <>
      <ViewerLayout heading="viewer.previewTitle" title={card?.title} actions={actions} notes={<PrintNotes />} bytes={bytes} />
      {card && <ShareDialogs card={card} kind={sharing} onClose={() => setSharing(null)} />}
      <BlankCopiesDialog guid={guid} open={blank} onClose={() => setBlank(false)} />
    </>
  );
}
