import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/class-names';
import { Input } from '../../components/ui/input';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';
import type { Results } from '../../../shared/schemas/scores';
import { LeaveGuard } from '../editor/leave-guard';
import { SelectionFilter, type Selection } from '../scores/selection-filter';
import { cellKey, gridRows, pasteBlock, type GridDraft } from './typed-grid-draft';

/**
 * 分數輸入 (docs/grading.md "Typed entry"): students × written questions for papers graded by
 * hand. Type a cell, or paste a block copied from a spreadsheet into any cell: it fills down and
 * right from there. 儲存 sends the changed cells in one call (`grading.givePoints`, source typed).
 */
export function TypedGrid({ guid, results, selection }: { guid: string; results: Results; selection: Selection }) {
  const t = useT();
  const [draft, setDraft] = useState<GridDraft>({});
  const [outside, setOutside] = useState(0);
  const utils = trpc.useUtils();
  useEffect(() => setDraft({}), [results]);
  const save = trpc.grading.givePoints.useMutation({
    onSuccess: () => void Promise.all([utils.scores.results.invalidate({ guid }), utils.scores.items.invalidate({ guid }), utils.grading.grades.invalidate()]),
  });
  const columns = results.written.map((w) => ({ q: w.q, max: w.points }));
  const students = results.students;
  const shown = (studentId: number, q: number) => students.find((s) => s.student_id === studentId)?.written_points[String(q)] ?? null;
  const { rows, errors } = gridRows(draft, shown, columns);
  const errorCount = Object.keys(errors).length;
  return (
    <div className="flex flex-col gap-3" data-testid="typed-grid">
      <LeaveGuard dirty={rows.length > 0 || errorCount > 0} title={t('scores.key.leaveConfirm')} />
      <div className="flex flex-wrap items-end gap-3">
        <SelectionFilter selection={selection} />
        <span className="text-xs text-muted-foreground">{t('grading.grid.hint')}</span>
        <div className="ms-auto flex items-center gap-3">
          {errorCount > 0 ? (
            <span className="text-sm text-destructive" data-testid="typed-grid-errors">{t('grading.grid.errors', { count: errorCount })}</span>
          ) : (
            rows.length > 0 && <span className="text-sm text-muted-foreground">{t('grading.grid.changed', { count: rows.length })}</span>
          )}
          <Button data-testid="typed-grid-save" disabled={rows.length === 0 || errorCount > 0 || save.isPending} onClick={() => save.mutate({ guid, rows })}>
            {t('common.save')}
          </Button>
        </div>
      </div>
      {outside > 0 && <p className="text-sm text-amber-700 dark:text-amber-400">{t('grading.grid.outside', { count: outside })}</p>}
      <div className="acs-scroll-x max-h-[70vh] overflow-auto rounded-md border">
        <table className="w-full text-sm">
          <TableHeader>
            <TableRow>
              <TableHead className="sticky top-0 bg-background">{t('scores.colSeat')}</TableHead>
              <TableHead className="sticky top-0 bg-background">{t('scores.colName')}</TableHead>
              {results.written.map((w) => (
                <TableHead key={w.q} className="sticky top-0 bg-background text-center">
                  {t('scores.colWrittenQ', { showno: w.showno })}
                  <span className="ms-1 text-xs font-normal text-muted-foreground">{t('grading.grid.max', { max: w.points })}</span>
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {students.map((s, row) => (
              <TableRow key={s.student_id}>
                <TableCell className="tabular-nums">{s.seat}</TableCell>
                <TableCell className="whitespace-nowrap">{s.name}</TableCell>
                {results.written.map((w, column) => {
                  const key = cellKey(s.student_id, w.q);
                  const current = shown(s.student_id, w.q);
                  const error = errors[key];
                  return (
                    <TableCell key={w.q} className="p-1">
                      <Input
                        inputMode="decimal"
                        className={cn('mx-auto h-8 w-20 text-center tabular-nums', draft[key] !== undefined && draft[key] !== '' && !error && 'border-primary', error && 'border-destructive')}
                        aria-label={t('grading.grid.cell', { name: s.name, showno: w.showno })}
                        aria-invalid={Boolean(error) || undefined}
                        title={error ? t(error) : undefined}
                        data-testid={`grid-${s.student_number}-${w.q}`}
                        placeholder={current === null ? '—' : String(current)}
                        value={draft[key] ?? ''}
                        onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value }))}
                        onPaste={(e) => {
                          const text = e.clipboardData.getData('text/plain');
                          if (!text.includes('\t') && !text.includes('\n')) return;
                          e.preventDefault();
                          const pasted = pasteBlock(draft, text, students.map((x) => x.student_id), columns, row, column);
                          setDraft(pasted.draft);
                          setOutside(pasted.outside);
                        }}
                      />
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </table>
      </div>
    </div>
  );
}
