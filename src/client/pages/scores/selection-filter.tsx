import { useSearchParams } from 'react-router-dom';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';

const ALL = 'all';

export interface Selection {
  input: { grade?: number; class?: number };
  label: string;
  grades: number[];
  classes: number[];
  choose: (grade: number | undefined, klass: number | undefined) => void;
}

/**
 * The grade and class the score tabs show, kept in the address (?grade=8&class=3) so it survives a
 * tab switch and a reload; the choices come from the classes that have results.
 */
export function useSelection(guid: string): Selection {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const all = trpc.scores.results.useQuery({ guid });
  const known = all.data?.classes ?? [];
  const grades = [...new Set(known.map((c) => c.grade))].sort((a, b) => a - b);
  const number = (name: string) => (params.get(name) ? Number(params.get(name)) : undefined);
  const grade = grades.includes(number('grade') ?? NaN) ? number('grade') : undefined;
  const classes = known.filter((c) => c.grade === grade).map((c) => c.class).sort((a, b) => a - b);
  const klass = grade !== undefined && classes.includes(number('class') ?? NaN) ? number('class') : undefined;
  const label = grade === undefined ? t('scores.allStudents') : klass === undefined ? t('print.gradeLabel', { grade }) : t('scores.classOf', { grade, class: klass });
  const choose = (g: number | undefined, c: number | undefined) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      for (const [name, value] of [['grade', g], ['class', c]] as const) {
        if (value === undefined) next.delete(name);
        else next.set(name, String(value));
      }
      return next;
    }, { replace: true });
  return { input: { ...(grade !== undefined ? { grade } : {}), ...(klass !== undefined ? { class: klass } : {}) }, label, grades, classes, choose };
}

export function SelectionFilter({ selection }: { selection: Selection }) {
  const t = useT();
  const { input, grades, classes, choose } = selection;
  return (
    <div className="flex flex-wrap items-end gap-3" data-testid="scores-selection">
      <ChoiceSelect
        id="scores-grade"
        label={t('scores.colGrade')}
        value={input.grade}
        choices={grades.map((g) => ({ value: g, label: t('print.gradeLabel', { grade: g }) }))}
        onChoose={(grade) => choose(grade, undefined)}
      />
      <ChoiceSelect
        id="scores-class"
        label={t('scores.colClass')}
        value={input.class}
        disabled={input.grade === undefined}
        choices={classes.map((c) => ({ value: c, label: t('print.classLabel', { class: c }) }))}
        onChoose={(klass) => choose(input.grade, klass)}
      />
    </div>
  );
}

/** One of the two selects: 全部 (undefined) or one of the numbers. */
function ChoiceSelect({ id, label, value, choices, disabled, onChoose }: { id: string; label: string; value: number | undefined; choices: { value: number; label: string }[]; disabled?: boolean; onChoose: (value: number | undefined) => void }) {
  const t = useT();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value === undefined ? ALL : String(value)} disabled={disabled} onValueChange={(v) => onChoose(v === ALL ? undefined : Number(v))}>
        <SelectTrigger id={id} className="w-32" data-testid={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{t('scores.allStudents')}</SelectItem>
          {choices.map((c) => (
            <SelectItem key={c.value} value={String(c.value)}>
              {c.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
