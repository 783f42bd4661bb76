import { EllipsisIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../components/ui/dropdown-menu';
import { useT } from '../../i18n/locale-context';
import { useCan } from '../../session/use-can';
import { trpc } from '../../trpc/trpc';
import { ShareDialogs, type ShareKind } from './share-dialogs';

interface RowCard {
  guid: string;
  title: string;
  disabled: number;
  share: number;
}

/** Preview, modify, edit (content; only when disabled is 0), export PDF, log, delete, and the share actions. */
export function CardRowActions({ card, onDelete }: { card: RowCard; onDelete: () => void }) {
  const t = useT();
  const [sharing, setSharing] = useState<ShareKind | null>(null);
  const canShare = useCan('cards.share');
  const canScan = useCan('cards.scan');
  const utils = trpc.useUtils();
  // The answer's message (go to the preview page) is shown as a toast; the list shows 轉存中.
  const savePdf = trpc.cards.savePdf.useMutation({ onSuccess: () => void utils.cards.list.invalidate() });
  const toTemplate = canShare && card.disabled === 0;
  const toSchool = canShare && card.share === 1;
  const link = (to: string, label: Parameters<typeof t>[0], id: string) => (
    <Button asChild variant="outline" size="sm" data-testid={`${id}-${card.guid}`}>
      <Link to={to}>{t(label)}</Link>
    </Button>
  );
  return (
    <div className="inline-flex flex-wrap justify-end gap-1.5">
      {link(`/cards/preview/${card.guid}`, 'cards.action.preview', 'card-preview')}
      {link(`/cards/edit/${card.guid}`, 'cards.action.modify', 'card-modify')}
      {card.disabled === 0 && link(`/cards/content/${card.guid}`, 'cards.action.edit', 'card-content')}
      <Button variant="outline" size="sm" data-testid={`card-pdf-${card.guid}`} disabled={savePdf.isPending} onClick={() => savePdf.mutate({ guid: card.guid })}>
        {t('cards.action.exportPdf')}
      </Button>
      {link(`/cards/log/${card.guid}`, 'cards.action.log', 'card-log')}
      {link(`/cards/print/${card.guid}`, 'print.submit', 'card-print')}
      {canScan && link(`/cards/scan/${card.guid}`, 'scan.action', 'card-scan')}
      {canScan && link(`/cards/capture/${card.guid}`, 'capture.action', 'card-capture')}
      <Button variant="outline" size="sm" className="text-destructive" data-testid={`card-delete-${card.guid}`} onClick={onDelete}>
        {t('cards.action.delete')}
      </Button>
      {(toTemplate || toSchool) && (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="sm" aria-label={t('cards.action.more')} data-testid={`card-more-${card.guid}`}>
              <EllipsisIcon />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            {toTemplate && (
              <DropdownMenuItem data-testid="card-share-template" onSelect={() => setSharing('toTemplate')}>
                {t('cards.action.shareTemplate')}
              </DropdownMenuItem>
            )}
            {toSchool && (
              <DropdownMenuItem data-testid="card-share-school" onSelect={() => setSharing('toShare')}>
                {t('cards.action.shareSchool')}
              </DropdownMenuItem>
            )}
          </DropdownMenuContent>
        </DropdownMenu>
      )}
      <ShareDialogs card={card} kind={sharing} onClose={() => setSharing(null)} />
    </div>
  );
}
