import { useState } from 'react';
import { StudentSheetDialog } from './sheet-view';
import { EmptyRow } from '../../components/lists/list-table-parts';
import { Button } from '../../components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { cn } from '../../components/ui/class-names';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';

/** Cells that need a look: still unsure or blank (amber), or set by hand in review (blue). */
const FLAG_CLASS: Record<string, string> = {
  blank: 'bg-amber-100 dark:bg-amber-900/40',
  multiple: 'bg-amber-200 dark:bg-amber-800/50',
  ambiguous: 'bg-amber-200 dark:bg-amber-800/50',
  corrected: 'bg-sky-100 dark:bg-sky-900/40',
};

/**
 * The answers per class (docs/scan-batches.md "Answers"): student number, seat, name and one
 * column per question, after review's corrections; a student's scanned sheets one click away.
 */
export function ScanAnswersPanel({ guid, onChanged }: { guid: string; onChanged: () => void }) {
  const t = useT();
  const answers = trpc.scan.answers.useQuery({ guid });
  const [klass, setKlass] = useState<string | null>(null);
  const [sheets, setSheets] = useState<{ name: string; studentId: number } | null>(null);
  const rows = answers.data ?? [];
  const classes = [...new Set(rows.map((r) => `${r.grade}-${r.class}`))];
  const shown = klass === null ? rows : rows.filter((r) => `${r.grade}-${r.class}` === klass);
  const questions = [...new Set(rows.flatMap((r) => Object.keys(r.answers)))].sort((a, b) => Number(a) - Number(b));
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2" data-testid="scan-answer-classes">
        <Button size="sm" variant={klass === null ? 'default' : 'outline'} onClick={() => setKlass(null)}>{t('scan.answers.all')}</Button>
        {classes.map((c) => {
          const [grade, cls] = c.split('-');
          return (
            <Button key={c} size="sm" variant={klass === c ? 'default' : 'outline'} data-testid={`scan-answer-class-${c}`} onClick={() => setKlass(c)}>
              {t('scores.classOf', { grade, class: cls })}
            </Button>
          );
        })}
        <span className="ms-auto text-xs text-muted-foreground">{t('scan.answers.legend')}</span>
      </div>
      <div className="overflow-x-auto">
        <Table data-testid="scan-answers">
          <TableHeader>
            <TableRow>
              <TableHead>{t('scan.answers.class')}</TableHead>
              <TableHead>{t('scan.answers.number')}</TableHead>
              <TableHead>{t('scan.answers.seat')}</TableHead>
              <TableHead>{t('scan.answers.name')}</TableHead>
              {questions.map((q) => <TableHead key={q} className="px-1 text-center tabular-nums">{q}</TableHead>)}
              <TableHead>{t('scan.answers.sheets')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {shown.map((r) => (
              <TableRow key={r.student_id} data-testid={`scan-answer-${r.student_number}`}>
                <TableCell className="whitespace-nowrap">{t('scores.classOf', { grade: r.grade, class: r.class })}</TableCell>
                <TableCell className="tabular-nums">{r.student_number}</TableCell>
                <TableCell className="tabular-nums">{r.seat}</TableCell>
                <TableCell className="whitespace-nowrap">{r.name}</TableCell>
                {questions.map((q) => (
                  <TableCell key={q} data-testid={`scan-cell-${r.student_number}-${q}`} data-flag={r.flags[q] ?? ''} className={cn('px-1 text-center font-mono', FLAG_CLASS[r.flags[q] ?? ''])}>
                    {r.answers[q] ?? ''}
                  </TableCell>
                ))}
                <TableCell>
                  <Button size="sm" variant="link" className="h-auto p-0" data-testid={`scan-sheets-${r.student_number}`} onClick={() => setSheets({ name: `${r.student_number} ${r.name}`, studentId: r.student_id })}>
                    {t('scan.answers.sheets')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
            {rows.length === 0 && <EmptyRow colSpan={5 + questions.length} text="scan.answers.empty" />}
          </TableBody>
        </Table>
      </div>
      {sheets && <StudentSheetDialog guid={guid} studentId={sheets.studentId} title={sheets.name} onClose={() => setSheets(null)} onChanged={onChanged} />}
    </div>
  );
}
