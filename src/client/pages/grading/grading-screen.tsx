import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { cn } from '../../components/ui/class-names';
import { Input } from '../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';
import type { ResultWritten } from '../../../shared/schemas/scores';
import { writtenPoints } from '../../../shared/scoring/written-points';
import { SelectionFilter, type Selection } from '../scores/selection-filter';
import { gradingKey, toggleItem } from './grading-keys';
import { RubricEditor } from './rubric-editor';

/** Answers preloaded after the one on screen, so the next is there when the key is pressed. */
const PRELOAD = 3;

interface Draft {
  item_ids: number[];
  adjustment: number;
  comment: string;
}

/**
 * 逐題閱卷 (docs/grading.md "On-screen grading"): one written question at a time, each student's
 * crop of that answer, the rubric beside it (keys 1–9), a free adjustment and a comment; Enter
 * saves and moves on, the next crops already loaded. Each save names the version it saw: another
 * teacher's grade in between is refused with who and when (the global alert), then reloaded.
 */
export function GradingScreen({ guid, written, selection }: { guid: string; written: ResultWritten[]; selection: Selection }) {
  const t = useT();
  const [q, setQ] = useState(written[0].q);
  const question = written.find((w) => w.q === q) ?? written[0];
  const [anonymous, setAnonymous] = useState(false);
  const [index, setIndex] = useState(0);
  const sheets = trpc.grading.sheets.useQuery({ guid, q, ...selection.input });
  const grades = trpc.grading.grades.useQuery({ guid, q });
  const rubric = trpc.grading.rubric.useQuery({ guid, q });
  const utils = trpc.useUtils();
  const list = useMemo(() => (sheets.data ?? []).filter((s) => s.page_id !== null), [sheets.data]);
  const current = list[Math.min(index, Math.max(0, list.length - 1))];
  const grade = grades.data?.find((g) => g.student_id === current?.student_id);
  const [draft, setDraft] = useState<Draft>({ item_ids: [], adjustment: 0, comment: '' });
  useEffect(() => setDraft({ item_ids: grade?.item_ids ?? [], adjustment: grade?.adjustment ?? 0, comment: grade?.comment ?? '' }), [grade, current?.student_id]);
  const crop = trpc.grading.crop.useQuery({ guid, q, page_id: current?.page_id ?? 1 }, { enabled: current !== undefined, staleTime: Infinity });
  useEffect(() => {
    for (const next of list.slice(index + 1, index + 1 + PRELOAD)) void utils.grading.crop.prefetch({ guid, q, page_id: next.page_id! }, { staleTime: Infinity });
  }, [list, index, guid, q, utils]);
  const save = trpc.grading.saveGrade.useMutation({ meta: { silentSuccess: true } });
  const items = useMemo(() => rubric.data?.items ?? [], [rubric.data]);
  const preview = writtenPoints({ points: null, adjustment: draft.adjustment, itemIds: draft.item_ids }, rubric.data ? { scoring: rubric.data.scoring, items } : null, question.points);
  const graded = grades.data?.length ?? 0;
  const move = useCallback((step: number) => setIndex((i) => Math.max(0, Math.min(list.length - 1, i + step))), [list.length]);
  const submit = useCallback(() => {
    if (!current) return;
    const input = { guid, q, student_id: current.student_id, version: grade?.version ?? 0, points: null, ...draft };
    save.mutate(input, {
      onSuccess: () => {
        void utils.grading.grades.invalidate({ guid, q });
        void utils.scores.results.invalidate({ guid });
        move(1);
      },
      onError: () => void utils.grading.grades.invalidate({ guid, q }),
    });
  }, [current, draft, grade?.version, guid, q, save, utils, move]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable)) return;
      const action = gradingKey(event, Math.min(9, items.length));
      if (!action) return;
      event.preventDefault();
      if (action.kind === 'item') setDraft((d) => ({ ...d, item_ids: toggleItem(d.item_ids, items[action.index].id) }));
      else if (action.kind === 'next') move(1);
      else if (action.kind === 'previous') move(-1);
      else submit();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [items, move, submit]);

  return (
    <div className="flex flex-col gap-4" data-testid="grading-screen">
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm">
          {t('grading.question')}
          <Select value={String(q)} onValueChange={(v) => { setQ(Number(v)); setIndex(0); }}>
            <SelectTrigger className="w-40" data-testid="grading-question">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {written.map((w) => (
                <SelectItem key={w.q} value={String(w.q)}>
                  {t('grading.questionOption', { showno: w.showno, max: w.points })}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </label>
        <SelectionFilter selection={selection} />
        <label className="flex items-center gap-2 text-sm">
          <Checkbox checked={anonymous} onCheckedChange={(on) => setAnonymous(on === true)} data-testid="grading-anonymous" />
          {t('grading.anonymous')}
        </label>
        <span className="ms-auto text-sm tabular-nums" data-testid="grading-progress">
          {t('grading.progress', { graded, total: list.length })}
        </span>
      </div>
      {list.length === 0 ? (
        <p className="py-10 text-center text-muted-foreground">{t('grading.noSheets')}</p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="flex flex-col gap-2">
            <div className="flex items-center gap-2">
              <Button variant="outline" size="icon" aria-label={t('grading.previous')} onClick={() => move(-1)} disabled={index === 0}>
                <ChevronLeftIcon />
              </Button>
              <span className="font-medium" data-testid="grading-student">
                {anonymous ? t('grading.anonymousName', { n: index + 1 }) : `${current.seat} ${current.name}`}
              </span>
              <span className="text-sm text-muted-foreground tabular-nums">
                {index + 1} / {list.length}
              </span>
              <Button variant="outline" size="icon" aria-label={t('grading.next')} onClick={() => move(1)} disabled={index >= list.length - 1}>
                <ChevronRightIcon />
              </Button>
              {grade && <span className="ms-auto text-xs text-muted-foreground">{t('grading.gradedBy', { username: grade.username, time: grade.updated_at, points: grade.points })}</span>}
            </div>
            <div className="min-h-48 overflow-auto rounded-md border bg-white p-1">
              {crop.data ? <img src={`data:image/jpeg;base64,${crop.data.base64}`} alt={t('grading.cropAlt')} data-testid="grading-crop" className="w-full" /> : <div className="h-48 animate-pulse bg-muted" />}
            </div>
            <p className="text-xs text-muted-foreground">{t('grading.keysHint')}</p>
          </div>
          <div className="flex flex-col gap-3">
            <div className="flex items-baseline justify-between">
              <span className="text-2xl font-semibold tabular-nums" data-testid="grading-points">
                {preview.points} / {question.points}
              </span>
              {preview.capped && <span className="text-xs text-amber-700">{t('grading.capped', { raw: preview.raw })}</span>}
            </div>
            <div className="flex flex-col gap-1" data-testid="grading-items">
              {items.map((item, i) => {
                const on = draft.item_ids.includes(item.id);
                return (
                  <button
                    key={item.id}
                    type="button"
                    aria-pressed={on}
                    data-testid={`grading-item-${i + 1}`}
                    onClick={() => setDraft((d) => ({ ...d, item_ids: toggleItem(d.item_ids, item.id) }))}
                    className={cn('flex items-center gap-2 rounded-md border px-2 py-1.5 text-start text-sm', on ? 'border-primary bg-primary/10' : 'hover:bg-muted')}
                  >
                    <kbd className="rounded border px-1.5 text-xs">{i < 9 ? i + 1 : ''}</kbd>
                    <span className={cn('w-12 tabular-nums', item.points < 0 ? 'text-red-600' : 'text-emerald-700')}>{item.points > 0 ? `+${item.points}` : item.points}</span>
                    <span className="min-w-0 flex-1 truncate">{item.description}</span>
                  </button>
                );
              })}
            </div>
            <label className="flex items-center gap-2 text-sm">
              {t('grading.adjustment')}
              <Input type="number" step={0.5} className="h-8 w-24" data-testid="grading-adjustment" value={draft.adjustment} onChange={(e) => setDraft((d) => ({ ...d, adjustment: Number(e.target.value) || 0 }))} />
            </label>
            <Textarea placeholder={t('grading.comment')} data-testid="grading-comment" value={draft.comment} onChange={(e) => setDraft((d) => ({ ...d, comment: e.target.value }))} />
            <Button data-testid="grading-save" disabled={save.isPending} onClick={submit}>
              {t('grading.saveNext')}
            </Button>
            <RubricEditor guid={guid} q={q} rubric={rubric.data ?? null} />
          </div>
        </div>
      )}
    </div>
  );
}
