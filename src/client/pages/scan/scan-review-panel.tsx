import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/router';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { cn } from '../../components/ui/class-names';
import { showAlert } from '../../feedback/alert-store';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';
import { ScanPageImage } from './scan-page-image';
import { parseCell } from '../grading/typed-grid-draft';
import { chooseOption } from '../../forms/answer-choice';
import { firstDraft, reviewKey } from './review-keys';
import { parseSeat, useCorrect } from './review-decisions';
import { SheetView } from './sheet-view';

export type ReviewItem = inferRouterOutputs<AppRouter>['scan']['review'][number];
type QuestionItem = Extract<ReviewItem, { kind: 'question' }>;
type PageItem = Extract<ReviewItem, { kind: 'page' }>;
type SheetItem = Extract<ReviewItem, { kind: 'sheet' }>;
type ScoreItem = Extract<ReviewItem, { kind: 'score' }>;
export type ReviewFilter = 'all' | 'question' | 'score' | 'sheet' | 'unidentified' | 'duplicate' | 'wrong_card';
const FILTERS: ReviewFilter[] = ['all', 'question', 'score', 'sheet', 'unidentified', 'duplicate', 'wrong_card'];

const kindOf = (item: ReviewItem): ReviewFilter => (item.kind === 'page' ? item.reason : item.kind);

/**
 * The review queue, one item at a time, made for the keyboard (docs/scan-batches.md "Review"):
 * the scanned row (or page) beside the bubbles and their fills, the likely option pre-selected;
 * option keys choose (是非: O/1 是, X/2 否), Enter confirms, 0 confirms a blank, ← → move, Delete
 * asks to discard the page. A sheet marked throughout in one unusual way is one item: its
 * proposals drawn on the page, one Enter accepts them all. Every decision can be undone.
 */
export function ScanReviewPanel({ guid, onChanged, onGoTo }: { guid: string; onChanged: () => void; onGoTo: (tab: 'upload' | 'answers' | 'results') => void }) {
  const t = useT();
  const review = trpc.scan.review.useQuery({ guid });
  const batches = trpc.scan.batches.useQuery({ guid });
  const [filter, setFilter] = useState<ReviewFilter>('all');
  // A phone's captured sheet is named by its number in its capture session, not by its one-page batch's file.
  const sheetNo = useMemo(() => new Map((batches.data ?? []).flatMap((b) => b.capture?.batches.map((s, i) => [s.batch_id, i + 1] as const) ?? [])), [batches.data]);
  const sourceOf = (i: ReviewItem) => {
    const n = sheetNo.get(i.batch_id);
    return n ? t('scan.review.captured', { n }) : t('scan.review.page', { file: i.filename, index: i.index });
  };
  const all = useMemo(() => review.data ?? [], [review.data]);
  const items = useMemo(() => (filter === 'all' ? all : all.filter((i) => kindOf(i) === filter)), [all, filter]);
  const [at, setAt] = useState(0);
  const item = items[Math.min(at, items.length - 1)] as ReviewItem | undefined;
  const correct = useCorrect(onChanged);
  const [draft, setDraft] = useState('');
  const [asking, setAsking] = useState<ReviewItem | null>(null);
  const [hint, setHint] = useState('');
  const [jump, setJump] = useState('');
  // A fresh draft when another item comes up (not when the same item's data is refetched).
  const resetDraft = useEffectEvent(() => {
    setDraft(item?.kind === 'question' ? firstDraft(item) : '');
    setHint('');
  });
  useEffect(() => resetDraft(), [item?.item_id]);

  const save = useCallback(
    (value: string) => {
      if (item?.kind !== 'question') return;
      correct.mutate({ kind: 'answer', pageId: item.page_id, q: item.q, value });
    },
    [item, correct],
  );
  const acceptSheet = useCallback(
    (sheet: SheetItem, answers: Record<string, string>) => correct.mutate({ kind: 'answers', pageId: sheet.page_id, answers, sheet: sheet.style }),
    [correct],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!item || asking || correct.isPending || event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement || event.ctrlKey || event.metaKey || event.altKey) return;
      if (document.querySelector('[role="alertdialog"], [role="dialog"]')) return;
      const action = reviewKey(event.key, item.kind === 'question' ? item.options : [], item.kind === 'question' ? item.question_kind : undefined);
      if (!action) return;
      event.preventDefault();
      if (action.type === 'move') setAt((i) => Math.max(0, Math.min(items.length - 1, i + action.by)));
      else if (action.type === 'discard') setAsking(item);
      else if (item.kind === 'sheet' && action.type === 'confirm') acceptSheet(item, proposalsOf(item));
      else if (item.kind !== 'question') return;
      else if (action.type === 'blank') save('');
      else if (action.type === 'confirm') {
        // Enter never saves a blank by accident: an empty choice asks for 0 (blank) or an option.
        if (draft === '' && item.read !== '') setHint(t('scan.review.chooseFirst'));
        else save(draft);
      } else if (action.type === 'option') {
        const next = chooseOption(draft, action.option, item.options, item.question_kind === 'multi');
        setDraft(next);
        if (item.question_kind !== 'multi') save(next);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [item, items.length, draft, save, acceptSheet, correct.isPending, asking, t]);

  const counts = useMemo(() => Object.fromEntries(FILTERS.map((f) => [f, f === 'all' ? all.length : all.filter((i) => kindOf(i) === f).length])), [all]);

  if (review.isLoading) return null;
  const filterBar = (
    <div className="flex flex-wrap items-center gap-2" data-testid="scan-review-filters">
      {FILTERS.filter((f) => f === 'all' || counts[f] > 0 || f === filter).map((f) => (
        <Button key={f} size="sm" variant={filter === f ? 'default' : 'outline'} data-testid={`scan-review-filter-${f}`} onClick={() => (setFilter(f), setAt(0))}>
          {t(`scan.review.filter.${f}`)} ({counts[f]})
        </Button>
      ))}
      {items.length > 1 && (
        <form
          className="flex items-center gap-1"
          onSubmit={(e) => {
            e.preventDefault();
            const n = Number(jump);
            if (Number.isInteger(n) && n >= 1 && n <= items.length) setAt(n - 1);
            setJump('');
          }}
        >
          <Input className="h-8 w-20" inputMode="numeric" data-testid="scan-review-jump" placeholder={t('scan.review.jump')} value={jump} onChange={(e) => setJump(e.target.value)} />
        </form>
      )}
    </div>
  );
  if (!item)
    return (
      <div className="flex flex-col gap-4">
        {all.length > 0 && filterBar}
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
      </div>
    );
  const reason = item.kind === 'question' ? item.status : item.kind === 'sheet' ? 'sheet' : item.kind === 'score' ? 'score' : item.reason;
  return (
    <div className="flex flex-col gap-4" data-testid="scan-review">
      {filterBar}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="tabular-nums text-muted-foreground" data-testid="scan-review-position">{t('scan.review.position', { at: Math.min(at, items.length - 1) + 1, total: items.length })}</span>
        <Badge variant={reason === 'wrong_card' || reason === 'multiple' ? 'destructive' : 'default'} data-testid="scan-review-reason">
          {t(`scan.review.reason.${reason}` as 'scan.review.reason.ambiguous')}
        </Badge>
        {item.kind === 'question' && <Badge variant="outline" data-testid="scan-review-kind">{t(`scores.kind.${item.question_kind}` as 'scores.kind.single')}</Badge>}
        <span className="text-muted-foreground" data-testid="scan-review-source">{sourceOf(item)}</span>
        {item.kind === 'score' && <Badge variant="outline" data-testid="scan-review-kind">{t('scan.review.scoreKind')}</Badge>}
        {(item.kind === 'question' || item.kind === 'score') && <span className="font-medium">{t('scan.review.question', { showno: item.showno })}</span>}
        {item.student && <span data-testid="scan-review-student">{item.student}</span>}
      </div>
      {item.kind === 'question' && (
        <QuestionDecision item={item} draft={draft} setDraft={setDraft} busy={correct.isPending} onSave={save} onSkip={() => setAt((i) => Math.min(items.length - 1, i + 1))} onDiscard={() => setAsking(item)} hint={hint} />
      )}
      {item.kind === 'score' && (
        <ScoreDecision item={item} busy={correct.isPending} onSave={(value) => correct.mutate({ kind: 'score', pageId: item.page_id, q: item.q, value })} onSkip={() => setAt((i) => Math.min(items.length - 1, i + 1))} onDiscard={() => setAsking(item)} />
      )}
      {item.kind === 'sheet' && <SheetDecision guid={guid} item={item} busy={correct.isPending} onAccept={(answers) => acceptSheet(item, answers)} onDiscard={() => setAsking(item)} />}
      {item.kind === 'page' && <PageDecision guid={guid} item={item} onAssign={(studentId, cardPage) => correct.mutate({ kind: 'student', pageId: item.page_id, studentId, cardPage })} onDiscard={() => setAsking(item)} />}
      <p className="text-xs text-muted-foreground">{t(item.kind === 'question' && item.question_kind === 'truefalse' ? 'scan.review.keysTrueFalse' : item.kind === 'sheet' ? 'scan.review.keysSheet' : item.kind === 'score' ? 'scan.review.keysScore' : 'scan.review.keys')}</p>
      <ConfirmDialog
        open={asking !== null}
        title={t('scan.review.discardConfirm')}
        item={asking ? sourceOf(asking) + (asking.student ? ` · ${asking.student}` : '') : ''}
        destructive
        testIds={{ dialog: 'scan-discard-dialog', ok: 'scan-discard-ok', cancel: 'scan-discard-cancel' }}
        onConfirm={() => asking && correct.mutate({ kind: 'discard', pageId: asking.page_id, discard: true })}
        onClose={() => setAsking(null)}
      >
        <p className="text-sm text-muted-foreground">{t('scan.review.discardText')}</p>
      </ConfirmDialog>
    </div>
  );
}

/** A sheet item's answers as proposed: the reader's proposal, else what it read. */
const proposalsOf = (item: SheetItem) => Object.fromEntries(item.questions.map((q) => [String(q.q), q.proposal ?? (q.status === 'multiple' && q.question_kind !== 'multi' ? '' : q.read)]));

function QuestionDecision({ item, draft, setDraft, busy, onSave, onSkip, onDiscard, hint }: { item: QuestionItem; draft: string; setDraft: (d: string) => void; busy: boolean; onSave: (v: string) => void; onSkip: () => void; onDiscard: () => void; hint: string }) {
  const t = useT();
  const tf = item.question_kind === 'truefalse' && item.options.length === 2;
  return (
    <>
      <ScanImage pageId={item.page_id} q={item.q} />
      <div className="flex flex-col gap-3">
        <p className="text-sm text-muted-foreground">
          {t('scan.review.read', { answer: item.read || t('scan.review.none') })}
          {item.proposal !== null && <span data-testid="scan-review-proposal"> · {t('scan.review.likely', { answer: item.proposal || t('scan.review.none') })}</span>}
        </p>
        <div className="flex flex-wrap gap-2" data-testid="scan-review-options">
          {item.options.map((o, i) => (
            <Button
              key={o}
              variant={draft.includes(o) ? 'default' : 'outline'}
              className="h-14 min-w-14 flex-col gap-0 text-lg"
              data-testid={`scan-option-${o}`}
              aria-pressed={draft.includes(o)}
              onClick={() => setDraft(chooseOption(draft, o, item.options, item.question_kind === 'multi'))}
            >
              {o}
              <span className="text-[10px] font-normal tabular-nums opacity-70">
                {tf ? `${i === 0 ? 'O/1' : 'X/2'} · ` : ''}
                {Math.round(100 * (item.fills[o] ?? 0))}%
              </span>
            </Button>
          ))}
        </div>
        {hint && <p className="text-sm text-amber-700 dark:text-amber-400" data-testid="scan-review-hint">{hint}</p>}
        <div className="flex flex-wrap gap-2">
          <Button data-testid="scan-review-save" onClick={() => (draft === '' && item.read !== '' ? undefined : onSave(draft))} disabled={busy || (draft === '' && item.read !== '')}>
            {t('scan.review.save')}
          </Button>
          <Button variant="outline" data-testid="scan-review-blank" onClick={() => onSave('')}>{t('scan.review.blank')}</Button>
          <Button variant="ghost" onClick={onSkip}>{t('scan.review.skip')}</Button>
          <Button variant="ghost" className="text-destructive" data-testid="scan-review-discard" onClick={onDiscard}>{t('scan.review.discard')}</Button>
        </div>
      </div>
    </>
  );
}

/**
 * A score field (閱卷給分格) the reader was unsure of: the field's crop, why, and the points typed —
 * half points within the question's maximum, the reader's likely points filled in; Enter saves.
 * 「留待線上閱卷」 leaves the answer ungraded for grading on screen (docs/grading.md "Review of a score field").
 */
function ScoreDecision({ item, busy, onSave, onSkip, onDiscard }: { item: ScoreItem; busy: boolean; onSave: (value: string) => void; onSkip: () => void; onDiscard: () => void }) {
  const t = useT();
  const [text, setText] = useState(item.proposal === null ? '' : String(item.proposal));
  const field = useRef<HTMLInputElement>(null);
  const startItem = useEffectEvent(() => {
    setText(item.proposal === null ? '' : String(item.proposal));
    field.current?.focus();
    field.current?.select();
  });
  useEffect(() => startItem(), [item.item_id]);
  const parsed = parseCell(text, item.max);
  const error = parsed && 'error' in parsed ? t(parsed.error) : '';
  const save = () => {
    if (parsed && 'points' in parsed) onSave(String(parsed.points));
  };
  return (
    <>
      <ScanImage pageId={item.page_id} q={item.q} field />
      <div className="flex flex-col gap-3" data-testid="scan-review-score">
        <p className="text-sm text-muted-foreground">
          <span data-testid="scan-review-score-reason">{t(`scan.review.scoreReason.${item.reason}` as 'scan.review.scoreReason.ambiguous')}</span>
          {item.proposal !== null && <span data-testid="scan-review-proposal"> · {t('scan.review.likely', { answer: String(item.proposal) })}</span>}
        </p>
        <label className="flex flex-wrap items-center gap-2 text-sm">
          <span>{t('scan.review.scorePoints')}</span>
          <Input
            ref={field}
            className={cn('h-12 w-28 text-lg tabular-nums', error && 'border-destructive')}
            inputMode="decimal"
            data-testid="scan-review-score-points"
            aria-invalid={error !== ''}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                save();
              }
            }}
          />
          <span className="text-muted-foreground" data-testid="scan-review-score-max">{t('scan.review.scoreMax', { max: item.max })}</span>
        </label>
        {error && <p className="text-sm text-destructive" data-testid="scan-review-score-error">{error}</p>}
        <div className="flex flex-wrap gap-2">
          <Button data-testid="scan-review-save" onClick={save} disabled={busy || !parsed || 'error' in parsed}>
            {t('scan.review.save')}
          </Button>
          <Button variant="outline" data-testid="scan-review-score-later" onClick={() => onSave('')}>{t('scan.review.scoreLater')}</Button>
          <Button variant="ghost" onClick={onSkip}>{t('scan.review.skip')}</Button>
          <Button variant="ghost" className="text-destructive" data-testid="scan-review-discard" onClick={onDiscard}>{t('scan.review.discard')}</Button>
        </div>
      </div>
    </>
  );
}

/** A whole sheet at once: the page with its proposals drawn over it; accept them all, or change a few first. */
function SheetDecision({ guid, item, busy, onAccept, onDiscard }: { guid: string; item: SheetItem; busy: boolean; onAccept: (answers: Record<string, string>) => void; onDiscard: () => void }) {
  const t = useT();
  const [answers, setAnswers] = useState<Record<string, string>>(() => proposalsOf(item));
  const startItem = useEffectEvent(() => setAnswers(proposalsOf(item)));
  useEffect(() => startItem(), [item.item_id]);
  return (
    <div className="flex flex-col gap-3" data-testid="scan-review-sheet">
      <p className="text-sm">{t('scan.review.sheetText', { style: t(`scan.style.${item.style}` as 'scan.style.tick'), count: item.questions.length })}</p>
      <SheetView guid={guid} pageId={item.page_id} overrides={answers} />
      <div className="grid grid-cols-[repeat(auto-fill,minmax(5.5rem,1fr))] gap-2">
        {item.questions.map((q) => (
          <label key={q.q} className="flex items-center gap-1 text-sm">
            <span className="w-8 text-end tabular-nums text-muted-foreground">{q.showno}</span>
            <Input className="h-8 w-14 uppercase" data-testid={`scan-sheet-answer-${q.q}`} value={answers[String(q.q)] ?? ''} onChange={(e) => setAnswers((a) => ({ ...a, [String(q.q)]: e.target.value }))} />
          </label>
        ))}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button data-testid="scan-review-accept-sheet" disabled={busy} onClick={() => onAccept(answers)}>{t('scan.review.acceptSheet')}</Button>
        <Button variant="ghost" className="text-destructive" data-testid="scan-review-discard" onClick={onDiscard}>{t('scan.review.discard')}</Button>
      </div>
    </div>
  );
}

function ScanImage({ pageId, q, field }: { pageId: number; q?: number; field?: boolean }) {
  return (
    // A question's strip (its number to its last bubble, with a little of the rows around) is shown
    // enlarged so the marks can be judged; wider than a phone it scrolls sideways from its start.
    <div className="flex min-h-24 items-center justify-start overflow-auto rounded border bg-white p-2 sm:justify-center">
      <ScanPageImage pageId={pageId} q={q} field={field} testId="scan-review-image" className={cn('max-h-[60vh]', q === undefined ? 'max-w-full' : 'h-32 w-auto max-w-none shrink-0 object-contain sm:max-w-full sm:shrink')} />
    </div>
  );
}

function PageDecision({ guid, item, onAssign, onDiscard }: { guid: string; item: PageItem; onAssign: (studentId: number, cardPage?: number) => void; onDiscard: () => void }) {
  const t = useT();
  const [number, setNumber] = useState('');
  const [seat, setSeat] = useState('');
  const [cardPage, setCardPage] = useState(item.guess ?? 1);
  const field = useRef<HTMLInputElement>(null);
  const startItem = useEffectEvent(() => {
    setNumber('');
    setSeat('');
    setCardPage(item.guess ?? 1);
    if (item.reason === 'unidentified') field.current?.focus();
  });
  useEffect(() => startItem(), [item.item_id]);
  const utils = trpc.useUtils();
  const assign = async () => {
    const at = seat.trim() ? parseSeat(seat) : null;
    if (seat.trim() && !at) return void showAlert(t('scan.review.seatFormat'));
    const found = at ? await utils.scan.studentAtSeat.fetch({ guid, ...at }) : number.trim() ? await utils.scan.student.fetch({ guid, number: number.trim() }) : [];
    if (found.length !== 1) return void showAlert(t('scan.studentMissing'));
    onAssign(found[0].id, item.card_pages.length > 1 ? cardPage : undefined);
  };
  const enter = (e: React.KeyboardEvent) => e.key === 'Enter' && void assign();
  return (
    <div className="flex flex-col gap-3">
      <ScanImage pageId={item.page_id} />
      {item.reason === 'duplicate' && <p className="text-sm text-muted-foreground">{t('scan.review.duplicateText')}</p>}
      <div className="flex flex-wrap items-center gap-2">
        {item.reason === 'unidentified' && (
          <>
            <Input ref={field} className="w-40" data-testid="scan-review-number" placeholder={t('scan.review.studentNumber')} value={number} onChange={(e) => setNumber(e.target.value)} onKeyDown={enter} />
            <span className="text-sm text-muted-foreground">{t('scan.review.or')}</span>
            <Input className="w-40" data-testid="scan-review-seat" placeholder={t('scan.review.classSeat')} value={seat} onChange={(e) => setSeat(e.target.value)} onKeyDown={enter} />
            {item.card_pages.length > 1 && (
              <select className="h-9 rounded-md border bg-background px-2 text-sm" data-testid="scan-review-card-page" value={cardPage} onChange={(e) => setCardPage(Number(e.target.value))}>
                {item.card_pages.map((p) => (
                  <option key={p} value={p}>{t('scan.answers.page', { page: p })}</option>
                ))}
              </select>
            )}
            <Button variant="outline" data-testid="scan-review-assign" onClick={() => void assign()}>{t('scan.review.assign')}</Button>
          </>
        )}
        <Button variant="destructive" data-testid="scan-review-discard" onClick={onDiscard}>{t(item.reason === 'duplicate' ? 'scan.review.discardEarlier' : 'scan.review.discard')}</Button>
      </div>
    </div>
  );
}
