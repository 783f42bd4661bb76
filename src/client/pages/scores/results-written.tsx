import { DownloadIcon, Loader2Icon, PenLineIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { showAlert } from '../../feedback/alert-store';
import { saveBase64 } from '../../feedback/download';
import { trpc } from '../../trpc/trpc';
import { cn } from '../../components/ui/class-names';
import { TableCell, TableHead } from '../../components/ui/table';
import { useT } from '../../i18n/locale-context';
import type { Results } from '../../../shared/schemas/scores';
import type { Student } from './results-view';
import { round2 } from '../../../shared/scoring/rules';

// The written half in 成績 (docs/grading.md "Totals"): 選擇題 and 非選擇題 beside the total, each
// written question's points after the choice columns (未評分 in amber while ungraded), and the
// 「尚有 N 題未評分」 notice. Nothing here when the card counts no written question.

const head = 'sticky top-0 z-10 h-10 bg-background px-2 text-center whitespace-nowrap';

export function PartHeads({ results }: { results: Results }) {
  const t = useT();
  if (results.written.length === 0) return null;
  return (
    <>
      <TableHead className={head}>{t('scores.colChoice')}</TableHead>
      <TableHead className={head}>{t('scores.colWritten')}</TableHead>
    </>
  );
}

export function PartCells({ results, student }: { results: Results; student: Student }) {
  if (results.written.length === 0) return null;
  return (
    <>
      <TableCell className="text-center tabular-nums" data-testid={`results-choice-${student.student_number}`}>{round2(student.choice)}</TableCell>
      <TableCell className="text-center tabular-nums" data-testid={`results-written-${student.student_number}`}>{round2(student.written)}</TableCell>
    </>
  );
}

export function WrittenHeads({ results }: { results: Results }) {
  const t = useT();
  return results.written.map((w) => (
    <TableHead key={`w${w.q}`} className={cn(head, 'min-w-12 tabular-nums')} title={t('scores.results.writtenMax', { max: w.points })}>
      {t('scores.colWrittenQ', { showno: w.showno })}
    </TableHead>
  ));
}

export function WrittenCells({ results, student }: { results: Results; student: Student }) {
  const t = useT();
  return results.written.map((w) => {
    const points = student.written_points[String(w.q)];
    return (
      <TableCell key={`w${w.q}`} data-testid={`results-wcell-${student.student_number}-${w.q}`} className={cn('px-1 text-center tabular-nums', points === null || points === undefined ? 'bg-amber-50 text-xs text-amber-700 dark:bg-amber-950/30 dark:text-amber-400' : '')}>
        {points === null || points === undefined ? t('scores.notGraded') : round2(points)}
      </TableCell>
    );
  });
}

/** 「尚有 N 題未評分」: the totals shown are partial until every counted written answer is graded. */
export function UngradedNotice({ count }: { count: number }) {
  const t = useT();
  if (count === 0) return null;
  return (
    <p role="status" data-testid="results-ungraded" className="flex items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:border-amber-800 dark:bg-amber-950/30 dark:text-amber-300">
      <PenLineIcon className="size-4" />
      {t('scores.ungraded', { count })}　{t('scores.results.ungradedHint')}
    </p>
  );
}

/**
 * 成績單 (docs/grading.md "Slips through a job"): the chosen class's slips, with the class rank when
 * asked — composed by the worker (`grading.slipsStart`), its progress shown on the button, the PDF
 * saved once made.
 */
export function SlipsDownload({ guid, selection }: { guid: string; selection: { grade?: number; class?: number } }) {
  const t = useT();
  const [rank, setRank] = useState(false);
  const [job, setJob] = useState<string | null>(null);
  const utils = trpc.useUtils();
  const start = trpc.grading.slipsStart.useMutation({ meta: { silentSuccess: true }, onSuccess: (reply) => setJob(reply.job_id) });
  const status = trpc.grading.slipsStatus.useQuery({ job_id: job ?? '' }, { enabled: job !== null, refetchInterval: (q) => (q.state.data?.state === 'done' || q.state.data?.state === 'failed' ? false : 400) });
  useEffect(() => {
    const s = status.data;
    if (!job || !s || (s.state !== 'done' && s.state !== 'failed')) return;
    setJob(null);
    if (s.state === 'failed') void showAlert(s.error ?? '');
    else void utils.grading.slipsFile.fetch({ job_id: job }).then((file) => saveBase64(file), () => undefined);
  }, [status.data, job, utils]);
  const chosen = selection.class !== undefined && selection.grade !== undefined;
  const busy = job !== null || start.isPending;
  const progress = status.data && job ? status.data : null;
  return (
    <span className="flex items-center gap-2">
      <Button
        variant="outline"
        size="sm"
        data-testid="results-download-slips"
        disabled={!chosen || busy}
        title={chosen ? undefined : t('scores.download.pdfHint')}
        onClick={() => chosen && start.mutate({ guid, grade: selection.grade!, class: selection.class!, rank, scans: true })}
      >
        {busy ? <Loader2Icon className="animate-spin" /> : <DownloadIcon />}
        {busy ? t('scores.download.slipsMaking', { done: progress?.done ?? 0, total: progress?.total || '…' }) : t('scores.download.slips')}
      </Button>
      <label className="flex items-center gap-1 text-xs text-muted-foreground">
        <Checkbox checked={rank} onCheckedChange={(on) => setRank(on === true)} data-testid="results-slips-rank" />
        {t('scores.download.slipsRank')}
      </label>
    </span>
  );
}
