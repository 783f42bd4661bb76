import { LockIcon } from 'lucide-react';
import { DISABLED_REASONS, type CardStatus } from '../../../shared/card/status';
import { Badge } from '../../components/ui/badge';
import type { UiKey } from '../../i18n/client-translate';
import { useT } from '../../i18n/locale-context';

const TONE: Record<CardStatus, string> = {
  draft: 'bg-muted text-muted-foreground',
  converting: 'bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-200',
  converted: 'bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-200',
  failed: 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200',
};

const LOCK_REASON: Record<number, UiKey> = {
  [DISABLED_REASONS.shared]: 'cards.locked.1',
  [DISABLED_REASONS.fixedFormat]: 'cards.locked.2',
  [DISABLED_REASONS.converting]: 'cards.locked.3',
};

/**
 * The PDF state, plus a lock when the content may not be edited (disabled ≠ 0); docs/cards.md.
 * A failed conversion shows its reason, which the server gives in the user's language.
 */
export function StatusBadge({ status, disabled, failure }: { status: CardStatus; disabled: number; failure?: string | null }) {
  const t = useT();
  const badge = (
    <span className="inline-flex items-center gap-1.5" title={t('cards.status.help')}>
      <Badge variant="outline" className={TONE[status]} data-testid="card-status">
        {t(`card.status.${status}`)}
      </Badge>
      {disabled !== 0 && (
        <Badge variant="outline" data-testid="card-locked" title={t(LOCK_REASON[disabled] ?? 'cards.locked')}>
          <LockIcon className="size-3" />
          {t('cards.locked')}
        </Badge>
      )}
    </span>
  );
  if (status !== 'failed' || !failure) return badge;
  return (
    <span className="grid justify-items-start gap-1">
      {badge}
      <span className="max-w-64 text-xs text-destructive" data-testid="card-failure">
        {failure}
      </span>
    </span>
  );
}
