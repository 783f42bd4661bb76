import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/router';
import { useT } from '../../i18n/locale-context';

// What a finished batch (or a phone's capture session) brought, under its state in the scan
// screen's list (docs/scan-batches.md "Batch summary").

export type BatchItem = inferRouterOutputs<AppRouter>['scan']['batches'][number];

type Summary = NonNullable<BatchItem['summary']>;

/** What a finished batch brought: read, to review, set aside and why, already scanned, students without a sheet. */
export function BatchSummary({ summary, warnings, sheets = false }: { summary: Summary; warnings: { kind: string; text: string; pages: number[] }[]; sheets?: boolean }) {
  const t = useT();
  const aside = Object.entries(summary.set_aside).filter(([, n]) => n > 0);
  return (
    <div className="mt-2 flex max-w-sm flex-col gap-1 text-xs" data-testid="scan-batch-summary">
      <p>
        {t('scan.summary.read', { count: summary.read })}
        {summary.to_review > 0 && <span className="text-amber-700 dark:text-amber-400"> · {t('scan.summary.toReview', { count: summary.to_review })}</span>}
        {summary.scanned_twice > 0 && <span> · {t('scan.summary.scannedTwice', { count: summary.scanned_twice })}</span>}
        {sheets && summary.repeated > 0 && <span data-testid="scan-batch-repeated"> · {t('scan.capture.repeated', { count: summary.repeated })}</span>}
      </p>
      {aside.length > 0 && (
        <p className="text-muted-foreground" data-testid="scan-batch-aside">
          {t('scan.summary.setAside')}
          {aside.map(([why, n]) => t(`scan.summary.aside.${why}` as 'scan.summary.aside.blank', { count: n })).join('、')}
        </p>
      )}
      {warnings.map((w) => (
        <p key={w.kind} className="text-amber-700 dark:text-amber-400">{t(sheets ? 'scan.summary.warningSheets' : 'scan.summary.warning', { what: w.text, pages: w.pages.join(', ') })}</p>
      ))}
      {summary.missing.length > 0 && (
        <p data-testid="scan-batch-missing">
          {t('scan.summary.missing', { count: summary.missing.length })}
          {summary.missing.slice(0, 12).map((m) => `${m.grade}-${m.class}-${m.seat} ${m.name}`).join('、')}
          {summary.missing.length > 12 ? '…' : ''}
        </p>
      )}
    </div>
  );
}
