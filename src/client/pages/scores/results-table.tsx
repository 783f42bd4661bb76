import { ArrowDownIcon, ArrowUpIcon, ChevronRightIcon } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { cn } from '../../components/ui/class-names';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { useScrollEdges } from '../../components/ui/use-scroll-edges';
import type { UiKey } from '../../i18n/client-translate';
import { useT } from '../../i18n/locale-context';
import type { Results } from '../../../shared/schemas/scores';
import { nextSort, type ResultsView, type SortKey, type Student } from './results-view';
import { round2 } from '../../../shared/scoring/rules';
import { PartCells, PartHeads, WrittenCells, WrittenHeads } from './results-written';

// The first columns stay put while the questions scroll sideways. On a phone the student number
// and the class (the selection names it) are left out, and 分數 stays beside seat and name while
// the questions scroll, so a 375 px screen always shows whose score it is.
const STICKY: Partial<Record<SortKey, string>> = {
  number: 'hidden sm:table-cell sm:sticky sm:start-0 sm:w-24 sm:min-w-24',
  class: 'hidden sm:table-cell',
  score: 'sticky start-36 w-14 min-w-14 border-e bg-background sm:static sm:w-auto sm:min-w-0 sm:border-e-0',
  seat: 'sticky start-0 w-12 min-w-12 sm:start-24',
  name: 'sticky start-12 w-24 min-w-24 sm:start-36 border-e',
};
const COLUMNS: { key: SortKey; label: UiKey; numeric?: boolean }[] = [
  { key: 'number', label: 'scores.colNumber' },
  { key: 'seat', label: 'scores.colSeat', numeric: true },
  { key: 'name', label: 'scores.colName' },
  { key: 'class', label: 'scores.colClass' },
  { key: 'score', label: 'scores.colScore', numeric: true },
  { key: 'rank', label: 'scores.colRank', numeric: true },
];

interface ResultsTableProps {
  /** The 缺考 / 補考 rows under the scored students (docs/scores.md "Absent students"). */
  absentRows?: ReactNode;
  results: Results;
  students: Student[];
  view: ResultsView;
  onView: (view: ResultsView) => void;
}

/** Students × questions, ✓ / ✗ per question (partial credit as its points), every column sortable. */
export function ResultsTable({ results, students, view, onView, absentRows }: ResultsTableProps) {
  const t = useT();
  // Its own box scrolling both ways (the header row stays too), showing it as the app's tables do.
  const box = useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(box);
  const head = (key: SortKey, label: ReactNode, className?: string) => (
    <TableHead key={key} className={cn('sticky top-0 z-10 bg-background p-0', STICKY[key] && key !== 'class' && 'z-20', STICKY[key], className)} aria-sort={view.sort === key ? (view.desc ? 'descending' : 'ascending') : undefined}>
      <button type="button" data-testid={`results-sort-${key}`} className="flex h-10 w-full items-center justify-center gap-1 px-2 whitespace-nowrap hover:text-foreground" onClick={() => onView(nextSort(view, key))}>
        {label}
        {view.sort === key && (view.desc ? <ArrowDownIcon className="size-3" /> : <ArrowUpIcon className="size-3" />)}
      </button>
    </TableHead>
  );
  return (
    <div className="relative">
      <div ref={box} className="acs-scroll-x max-h-[70vh] overflow-auto rounded-md border" data-testid="results-scroll">
        <table className="w-full caption-bottom text-sm" data-testid="results-table">
          <TableHeader>
            <TableRow>
              {COLUMNS.map((c) => head(c.key, t(c.label)))}
              <PartHeads results={results} />
              {results.questions.map((q) => head(`q${q.q}`, q.showno, 'min-w-9 tabular-nums'))}
              <WrittenHeads results={results} />
            </TableRow>
          </TableHeader>
          <TableBody>
            {students.map((s) => (
              <TableRow key={s.student_id} data-testid={`results-row-${s.student_number}`}>
                <TableCell className={cn('bg-background tabular-nums', STICKY.number)}>{s.student_number}</TableCell>
                <TableCell className={cn('bg-background text-center tabular-nums', STICKY.seat)}>{s.seat}</TableCell>
                <TableCell className={cn('truncate bg-background', STICKY.name)}>{s.name}</TableCell>
                <TableCell className={cn('whitespace-nowrap', STICKY.class)}>{t('scores.classOf', { grade: s.grade, class: s.class })}</TableCell>
                <TableCell className={cn('text-center font-semibold tabular-nums', STICKY.score)} data-testid={`results-score-${s.student_number}`}>{formatScore(s.score)}</TableCell>
                <TableCell className="text-center tabular-nums">{s.rank}</TableCell>
                <PartCells results={results} student={s} />
                {results.questions.map((q) => (
                  <QuestionCell key={q.q} student={s} q={String(q.q)} full={q.points} />
                ))}
                <WrittenCells results={results} student={s} />
              </TableRow>
            ))}
            {absentRows}
            {students.length === 0 && (
              <TableRow>
                <TableCell colSpan={COLUMNS.length + results.questions.length + results.written.length + (results.written.length > 0 ? 2 : 0)} className="py-10 text-center text-muted-foreground">{t('scores.results.empty')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </table>
      </div>
      {edges.right && (
        <div aria-hidden data-testid="table-more-right" className="pointer-events-none absolute inset-y-0 right-0 w-6 rounded-e-md bg-gradient-to-l from-foreground/15 to-transparent">
          <ChevronRightIcon className="absolute top-2.5 right-0 size-5 rounded-full bg-background/90 text-muted-foreground shadow" />
        </div>
      )}
    </div>
  );
}

/** ✓ full points, ✗ none, the points where a rule gave part; the student's answer on hover. */
function QuestionCell({ student, q, full }: { student: Student; q: string; full: number }) {
  // A dropped question, or one without an answer in the key, counts for no one.
  if (!(q in student.points)) return <TableCell className="px-1 text-center text-muted-foreground">–</TableCell>;
  const points = student.points[q];
  const partial = points > 0 && points < full;
  const right = student.correct[q] === true;
  return (
    <TableCell
      title={student.answers[q] || '—'}
      data-testid={`results-cell-${student.student_number}-${q}`}
      className={cn('px-1 text-center font-medium', partial ? 'text-amber-600 dark:text-amber-400' : right ? 'text-emerald-600 dark:text-emerald-400' : 'bg-red-50 text-red-600 dark:bg-red-950/30 dark:text-red-400')}
    >
      {partial ? formatScore(points) : right ? '✓' : '✗'}
    </TableCell>
  );
}

/** Scores with at most two decimals (partial credit makes fifths). */
export const formatScore = (value: number) => String(round2(value));
