import { useCallback, useEffect, useState } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { cn } from '../../components/ui/class-names';
import { showAlert } from '../../feedback/alert-store';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/router';
import { nextDraft, reviewKey } from './review-keys';

type ReviewItem = inferRouterOutputs<AppRouter>['scan']['review'][number];

/**
 * The review queue, one item at a time, made for the keyboard (docs/scan-batches.md "Review"):
 * the scanned row (or page) beside the bubbles and their fills; option letters choose, Enter
 * confirms, 0 confirms a blank, D discards the page, ← → move. Decisions are corrections: the read
 * value stays, the answers table shows the decision.
 */
export function ScanReviewPanel({ guid, onChanged, onGoTo }: { guid: string; onChanged: () => void; onGoTo: (tab: 'upload' | 'answers' | 'results') => void }) {
  const t = useT();
  const review = trpc.scan.review.useQuery({ guid });
  const batches = trpc.scan.batches.useQuery({ guid });
  const items = review.data ?? [];
  const [at, setAt] = useState(0);
  const item = items[Math.min(at, items.length - 1)] as ReviewItem | undefined;
  const correct = trpc.scan.correct.useMutation({ meta: { silentSuccess: true }, onSuccess: () => void review.refetch().then(onChanged) });
  const [draft, setDraft] = useState('');
  useEffect(() => setDraft(item?.kind === 'question' ? item.read : ''), [item?.page_id, item?.kind === 'question' ? item.q : 0]); // eslint-disable-line react-hooks/exhaustive-deps

  const save = useCallback(
    (value: string) => item?.kind === 'question' && correct.mutate({ kind: 'answer', pageId: item.page_id, q: item.q, value }),
    [item, correct],
  );
  const discard = useCallback(() => item && correct.mutate({ kind: 'discard', pageId: item.page_id, discard: true }), [item, correct]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!item || correct.isPending || event.target instanceof HTMLInputElement || event.ctrlKey || event.metaKey || event.altKey) return;
      const action = reviewKey(event.key, item.kind === 'question' ? item.options : []);
      if (!action) return;
      event.preventDefault();
      if (action.type === 'move') setAt((i) => Math.max(0, Math.min(items.length - 1, i + action.by)));
      else if (action.type === 'discard') discard();
      else if (action.type === 'blank') save('');
      else if (action.type === 'confirm') save(draft);
      else if (item.kind === 'question') {
        const next = nextDraft(draft, action.option, item.options, item.question_kind === 'multi');
        setDraft(next);
        if (item.question_kind !== 'multi') save(next);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [item, items.length, draft, save, discard, correct.isPending]);

  if (review.isLoading) return null;
  if (!item)
    return (
      <div className="flex flex-col items-center gap-3 py-10 text-center" data-testid="scan-review-empty">
        <p className="text-muted-foreground">{t('scan.review.empty')}</p>
        {/* What comes next: the answers and scores once something was read, else the upload. */}
        {batches.data?.length === 0 ? (
          <Button size="sm" data-testid="scan-review-to-upload" onClick={() => onGoTo('upload')}>
            {t('scan.review.toUpload')}
          </Button>
        ) : (
          <div className="flex flex-wrap justify-center gap-2">
            <Button variant="outline" size="sm" data-testid="scan-review-to-answers" onClick={() => onGoTo('answers')}>
              {t('scan.review.toAnswers')}
            </Button>
            <Button size="sm" data-testid="scan-review-to-results" onClick={() => onGoTo('results')}>
              {t('scan.review.toResults')}
            </Button>
          </div>
        )}
      </div>
    );
  const reason = (item.kind === 'question' ? item.status : item.reason) as 'ambiguous' | 'multiple' | 'unidentified' | 'wrong_card' | 'duplicate';
  return (
    <div className="flex flex-col gap-4" data-testid="scan-review">
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <span className="tabular-nums text-muted-foreground" data-testid="scan-review-position">{t('scan.review.position', { at: Math.min(at, items.length - 1) + 1, total: items.length })}</span>
        <Badge variant={reason === 'wrong_card' || reason === 'multiple' ? 'destructive' : 'default'} data-testid="scan-review-reason">{t(`scan.review.reason.${reason}`)}</Badge>
        <span>{t('scan.review.page', { index: item.index })}</span>
        {item.kind === 'question' && <span className="font-medium">{t('scan.review.question', { showno: item.showno })}</span>}
        {item.student && <span data-testid="scan-review-student">{item.student}</span>}
      </div>
      <ScanImage pageId={item.page_id} q={item.kind === 'question' ? item.q : undefined} />
      {item.kind === 'question' ? (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-muted-foreground">{t('scan.review.read', { answer: item.read || t('scan.review.none') })}</p>
          <div className="flex flex-wrap gap-2" data-testid="scan-review-options">
            {item.options.map((o) => (
              <Button
                key={o}
                variant={draft.includes(o) ? 'default' : 'outline'}
                className="h-14 w-14 flex-col gap-0 text-lg"
                data-testid={`scan-option-${o}`}
                onClick={() => setDraft(nextDraft(draft, o, item.options, item.question_kind === 'multi'))}
              >
                {o}
                <span className="text-[10px] font-normal tabular-nums opacity-70">{Math.round(100 * (item.fills[o] ?? 0))}%</span>
              </Button>
            ))}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button data-testid="scan-review-save" onClick={() => save(draft)} disabled={correct.isPending}>{t('scan.review.save')}</Button>
            <Button variant="outline" data-testid="scan-review-blank" onClick={() => save('')}>{t('scan.review.blank')}</Button>
            <Button variant="ghost" onClick={() => setAt((i) => Math.min(items.length - 1, i + 1))}>{t('scan.review.skip')}</Button>
          </div>
        </div>
      ) : (
        <PageDecision guid={guid} item={item} onAssign={(studentId) => correct.mutate({ kind: 'student', pageId: item.page_id, studentId })} onDiscard={discard} />
      )}
      <p className="text-xs text-muted-foreground">{t('scan.review.keys')}</p>
    </div>
  );
}

function ScanImage({ pageId, q }: { pageId: number; q?: number }) {
  const image = trpc.scan.pageImage.useQuery({ pageId, q });
  return (
    // A question's strip (its number to its last bubble, with a little of the rows around) is shown
    // enlarged so the marks can be judged; wider than a phone it scrolls sideways from its start.
    <div className="flex min-h-24 items-center justify-start overflow-auto rounded border bg-white p-2 sm:justify-center">
      {image.data && <img data-testid="scan-review-image" alt="" className={cn('max-h-[60vh]', q === undefined ? 'max-w-full' : 'h-32 w-auto max-w-none shrink-0 object-contain sm:max-w-full sm:shrink')} src={`data:image/jpeg;base64,${image.data.base64}`} />}
    </div>
  );
}

function PageDecision({ guid, item, onAssign, onDiscard }: { guid: string; item: Extract<ReviewItem, { kind: 'page' }>; onAssign: (studentId: number) => void; onDiscard: () => void }) {
  const t = useT();
  const [number, setNumber] = useState('');
  const utils = trpc.useUtils();
  const assign = async () => {
    const found = number.trim() ? await utils.scan.student.fetch({ guid, number: number.trim() }) : [];
    if (found.length !== 1) return void showAlert(t('scan.studentMissing'));
    onAssign(found[0].id);
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      {item.reason === 'unidentified' && (
        <>
          <Input className="w-48" data-testid="scan-review-number" placeholder={t('scan.review.studentNumber')} value={number} onChange={(e) => setNumber(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && void assign()} />
          <Button variant="outline" data-testid="scan-review-assign" onClick={() => void assign()}>{t('scan.review.assign')}</Button>
        </>
      )}
      <Button variant="destructive" data-testid="scan-review-discard" onClick={onDiscard}>{t('scan.review.discard')}</Button>
    </div>
  );
}
