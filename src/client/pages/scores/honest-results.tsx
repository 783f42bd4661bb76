import { AlertTriangleIcon } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { TableCell, TableRow } from '../../components/ui/table';
import { cn } from '../../components/ui/class-names';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';
import type { AbsentStudent } from '../../../shared/schemas/scores';

// Results that say they are unfinished (docs/scores.md "Honest results"): the banner while review
// is open, and the students without a sheet as 缺考 / 補考 rows — never a 0, never in statistics.

export function PendingBanner({ count, onGoToReview }: { count: number; onGoToReview?: () => void }) {
  const t = useT();
  if (count <= 0) return null;
  return (
    <div role="status" data-testid="pending-banner" className="flex flex-wrap items-center gap-3 rounded-md border border-amber-400 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200">
      <AlertTriangleIcon className="size-4 shrink-0" />
      <span className="font-medium">{t('scores.pending', { count })}</span>
      <span className="text-amber-800 dark:text-amber-300">{t('scores.pendingHint')}</span>
      {onGoToReview && (
        <Button size="sm" variant="outline" className="ms-auto" data-testid="pending-to-review" onClick={onGoToReview}>
          {t('scores.toReview')}
        </Button>
      )}
    </div>
  );
}

/** The 缺考 / 補考 rows under the results table, each with the other mark one click away. */
export function AbsentRows({ guid, absent, columns, onChanged }: { guid: string; absent: AbsentStudent[]; columns: number; onChanged: () => void }) {
  const t = useT();
  const mark = trpc.scores.attendance.useMutation({ onSuccess: onChanged });
  return absent.map((s) => (
    <TableRow key={s.student_id} data-testid={`results-absent-${s.student_number}`} className="text-muted-foreground">
      <TableCell className="tabular-nums sm:sticky sm:start-0">{s.student_number}</TableCell>
      <TableCell className="sticky start-0 bg-background text-center tabular-nums sm:start-24">{s.seat}</TableCell>
      <TableCell className="sticky start-12 truncate border-e bg-background sm:start-36">{s.name}</TableCell>
      <TableCell className="whitespace-nowrap">{t('scores.classOf', { grade: s.grade, class: s.class })}</TableCell>
      <TableCell className={cn('text-center font-semibold', s.mark === 'absent' ? 'text-red-600 dark:text-red-400' : 'text-sky-700 dark:text-sky-300')} data-testid={`results-score-${s.student_number}`}>
        {t(s.mark === 'makeup' ? 'scores.makeup' : 'scores.absent')}
      </TableCell>
      <TableCell colSpan={Math.max(1, columns - 5)}>
        <Button size="sm" variant="link" className="h-auto p-0" data-testid={`results-mark-${s.student_number}`} onClick={() => mark.mutate({ guid, studentId: s.student_id, mark: s.mark === 'makeup' ? 'absent' : 'makeup' })}>
          {t(s.mark === 'makeup' ? 'scores.markAbsent' : 'scores.markMakeup')}
        </Button>
      </TableCell>
    </TableRow>
  ));
}
