import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';
import type { RubricView } from '../../../shared/schemas/grading';

type Item = { id?: number; points: number; description: string; grades: number };

/**
 * The question's rubric (docs/grading.md "Rubrics"): items in order (the first nine are keys 1–9),
 * positive from 0 or deductions from the maximum. An edit re-scores every grade that applied the
 * item — each item says how many — and is saved at the version seen.
 */
export function RubricEditor({ guid, q, rubric }: { guid: string; q: number; rubric: RubricView | null }) {
  const t = useT();
  const utils = trpc.useUtils();
  const [open, setOpen] = useState(false);
  const [scoring, setScoring] = useState<'positive' | 'negative'>('positive');
  const [items, setItems] = useState<Item[]>([]);
  useEffect(() => {
    setScoring(rubric?.scoring ?? 'positive');
    setItems(rubric?.items.map((i) => ({ id: i.id, points: i.points, description: i.description, grades: i.grades })) ?? []);
  }, [rubric]);
  const save = trpc.grading.saveRubric.useMutation({
    // Saved: the editor closes (its toast says so) and the keys 1–9 go back to grading.
    onSuccess: () => {
      setOpen(false);
      void Promise.all([utils.grading.rubric.invalidate({ guid, q }), utils.grading.grades.invalidate({ guid, q }), utils.scores.results.invalidate({ guid })]);
    },
    onError: () => void utils.grading.rubric.invalidate({ guid, q }),
  });
  if (!open) {
    return (
      <Button variant="outline" size="sm" data-testid="rubric-edit" onClick={() => setOpen(true)}>
        {t('grading.rubric.edit')}
      </Button>
    );
  }
  const set = (i: number, patch: Partial<Item>) => setItems((list) => list.map((item, j) => (j === i ? { ...item, ...patch } : item)));
  return (
    <div className="flex flex-col gap-2 rounded-md border p-2" data-testid="rubric-editor">
      <div className="flex gap-1">
        {(['positive', 'negative'] as const).map((s) => (
          <Button key={s} size="sm" variant={scoring === s ? 'default' : 'outline'} onClick={() => setScoring(s)} data-testid={`rubric-scoring-${s}`}>
            {t(`grading.rubric.${s}`)}
          </Button>
        ))}
      </div>
      {items.map((item, i) => (
        <div key={item.id ?? `new-${i}`} className="flex items-center gap-1">
          <span className="w-4 text-xs text-muted-foreground">{i < 9 ? i + 1 : ''}</span>
          <Input type="number" step={0.5} className="h-8 w-16" aria-label={t('grading.rubric.points')} data-testid={`rubric-points-${i + 1}`} value={item.points} onChange={(e) => set(i, { points: Number(e.target.value) })} />
          <Input className="h-8 min-w-0 flex-1" aria-label={t('grading.rubric.description')} data-testid={`rubric-description-${i + 1}`} value={item.description} onChange={(e) => set(i, { description: e.target.value })} />
          {item.grades > 0 && <span className="text-xs text-muted-foreground" title={t('grading.rubric.gradesHint')}>×{item.grades}</span>}
          <Button variant="ghost" size="icon" aria-label={t('grading.rubric.remove')} onClick={() => setItems((list) => list.filter((_, j) => j !== i))}>
            <Trash2Icon />
          </Button>
        </div>
      ))}
      <div className="flex gap-2">
        <Button variant="outline" size="sm" data-testid="rubric-add" onClick={() => setItems((list) => [...list, { points: scoring === 'negative' ? -1 : 1, description: '', grades: 0 }])}>
          <PlusIcon />
          {t('grading.rubric.add')}
        </Button>
        <Button size="sm" className="ms-auto" data-testid="rubric-save" disabled={save.isPending} onClick={() => save.mutate({ guid, q, version: rubric?.version ?? 0, scoring, items: items.map(({ id, points, description }) => ({ ...(id ? { id } : {}), points, description })) })}>
          {t('common.save')}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setOpen(false)}>
          {t('common.cancel')}
        </Button>
      </div>
    </div>
  );
}
