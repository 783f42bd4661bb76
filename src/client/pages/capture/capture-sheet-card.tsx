import { useEffect, useState } from 'react';
import { useT } from '../../i18n/locale-context';
import { isUnderway, stageOf, stepIndex, STEPS, type Stage } from './capture-stage';
import type { Upload } from './upload-queue';
import type { SheetStatus } from './use-capture-queue';

// The capture screen's sheets (docs/scan-batches.md "Capture with a phone"): the chosen one (the
// latest, or one tapped in the row below it) big — its student and score, or where it stands with
// a step bar and the seconds since it was taken — and the earlier ones as a row of chips.

export interface ShownSheet {
  item: Upload;
  status: SheetStatus | undefined;
}

/** Seconds since `from`, counted up while shown. */
function Elapsed({ from }: { from: number }) {
  const t = useT();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 200);
    return () => clearInterval(timer);
  }, []);
  return <span className="tabular-nums text-white/70">{t('capture.elapsed', { seconds: Math.max(0, (now - from) / 1000).toFixed(1) })}</span>;
}

function StepBar({ stage }: { stage: Stage }) {
  const t = useT();
  const at = stepIndex(stage);
  const trouble = stage.step === 'offline' || stage.step === 'refused';
  return (
    <ol className="mt-2 grid grid-cols-4 gap-1 text-[11px] leading-tight" data-testid="capture-steps" data-step={stage.step}>
      {STEPS.map((step, i) => (
        <li key={step} className={i < at ? 'text-emerald-300' : i === at ? (trouble ? 'text-amber-300' : 'text-white') : 'text-white/40'}>
          <span className={`mb-1 block h-1 rounded-full ${i < at ? 'bg-emerald-400' : i === at ? (trouble ? 'bg-amber-400' : 'animate-pulse bg-white') : 'bg-white/20'}`} />
          {t(`capture.step.${step}`)}
        </li>
      ))}
    </ol>
  );
}

/** The sheet's state in words (the big card's line, and a chip's). */
function StageText({ stage, short = false }: { stage: Stage; short?: boolean }) {
  const t = useT();
  switch (stage.step) {
    case 'upload':
      return <span>{stage.percent === null ? t('capture.state.waiting') : t('capture.state.sending', { percent: stage.percent })}</span>;
    case 'offline':
      return <span className="text-amber-300">{t('capture.state.retrying')}</span>;
    case 'refused':
      return <span className="text-red-300">{!short && stage.error ? t('capture.state.refusedWhy', { error: stage.error }) : t('capture.state.refused')}</span>;
    case 'queue':
      return <span>{t('capture.state.queued')}</span>;
    case 'read':
      return <span>{t('capture.state.reading')}</span>;
    case 'missing':
      return <span className="text-amber-300">{t('capture.state.missing')}</span>;
    case 'done': {
      const r = stage.result;
      if (r.kind === 'student') return <span>{r.name}{r.score !== null ? ` · ${r.score}/${r.max}` : ''}</span>;
      const what = t(`capture.unread.${r.why}`);
      return <span className="text-amber-300">{!short && r.error ? t('capture.unread.withError', { what, error: r.error }) : what}</span>;
    }
  }
}

/** The chosen sheet, big: the student and the score, or where its way stands. */
export function SheetCard({ sheet, onRetry, onRemove }: { sheet: ShownSheet | undefined; onRetry: (id: number) => void; onRemove: (id: number) => void }) {
  const t = useT();
  if (!sheet) return <p className="min-h-[4.5rem] rounded-lg bg-white/5 p-3 text-sm text-white/60" data-testid="capture-latest">{t('capture.empty')}</p>;
  const { item, status } = sheet;
  const stage = stageOf(item, status);
  const r = stage.step === 'done' ? stage.result : null;
  const state = stage.step === 'done' ? 'read' : item.state;
  return (
    <div className="min-h-[4.5rem] rounded-lg bg-white/10 p-3" data-testid="capture-latest" data-state={state} data-step={stage.step} data-seq={item.seq} data-key={item.key} data-batch={item.batchId ?? ''} data-captured={item.capturedAt} data-queued={item.queuedAt} data-sent={item.sentAt ?? ''} data-result={r ? status?.at : ''} data-call-ms={r ? status?.callMs : ''}>
      <div className="flex items-center gap-3">
        <span className="shrink-0 text-sm text-white/60 tabular-nums">#{item.seq}</span>
        {r?.kind === 'student' ? (
          <>
            <div className="min-w-0 flex-1">
              <p className="truncate text-lg font-semibold" data-testid="capture-latest-name">{r.name}</p>
              <p className="truncate text-xs text-white/70">
                {t('capture.seat', { grade: r.grade, class: r.class, seat: r.seat })}
                {r.to_check > 0 && <span className="ms-2 text-amber-300">{t('capture.toCheck', { count: r.to_check })}</span>}
              </p>
            </div>
            <p className="shrink-0 text-2xl font-bold tabular-nums" data-testid="capture-latest-score">
              {r.score !== null ? t('capture.score', { score: r.score, max: r.max }) : <span className="text-sm font-normal text-white/70">{t('capture.noKey')}</span>}
            </p>
          </>
        ) : (
          <>
            <p className="min-w-0 flex-1 text-base leading-snug" data-testid="capture-latest-state">
              <StageText stage={stage} />
            </p>
            {isUnderway(stage) && <Elapsed from={item.capturedAt} />}
          </>
        )}
      </div>
      {isUnderway(stage) && <StepBar stage={stage} />}
      {stage.step === 'refused' && (
        <div className="mt-2 flex gap-2">
          <button type="button" data-testid="capture-send-again" onClick={() => onRetry(item.id)} className="min-h-11 flex-1 rounded-md bg-white/90 px-3 text-sm font-medium text-black">
            {t('capture.sendAgain')}
          </button>
          <button type="button" data-testid="capture-remove" onClick={() => onRemove(item.id)} className="min-h-11 rounded-md border border-white/40 px-4 text-sm">
            {t('capture.remove')}
          </button>
        </div>
      )}
    </div>
  );
}

/** The earlier sheets, newest first, as chips; a tap shows one big. */
export function SheetChips({ sheets, chosen, onChoose }: { sheets: readonly ShownSheet[]; chosen: string | null; onChoose: (key: string) => void }) {
  if (sheets.length === 0) return null;
  return (
    <ol className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1" data-testid="capture-queue">
      {sheets.map(({ item, status }) => {
        const stage = stageOf(item, status);
        return (
          <li key={item.key}>
            <button
              type="button"
              data-testid={`capture-item-${item.id}`}
              data-state={stage.step === 'done' ? 'read' : item.state}
              data-seq={item.seq}
              aria-pressed={chosen === item.key}
              onClick={() => onChoose(item.key)}
              className="min-h-9 shrink-0 rounded-md bg-white/10 px-2.5 py-1.5 text-xs whitespace-nowrap aria-pressed:ring-2 aria-pressed:ring-white/70"
            >
              <span className="me-1.5 text-white/60 tabular-nums">#{item.seq}</span>
              <StageText stage={stage} short />
            </button>
          </li>
        );
      })}
    </ol>
  );
}
