import { useEffect, useMemo, useRef, useState } from 'react';
import type { inferRouterOutputs } from '@trpc/server';
import { needsReview } from '../../../scan/page-reading';
import type { AppRouter } from '../../../server/trpc/router';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { cn } from '../../components/ui/class-names';
import { showAlert } from '../../feedback/alert-store';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';
import { parseSeat, useCorrect } from './review-decisions';
import { ScanPageImage } from './scan-page-image';

type Sheet = inferRouterOutputs<AppRouter>['scan']['sheet'];
type SheetPage = Sheet['pages'][number];

/** The colour of an answer drawn on the scan: open (amber), decided by a person (blue), read (green). */
const TAG: Record<string, string> = {
  open: 'bg-amber-300 text-black',
  corrected: 'bg-sky-300 text-black',
  read: 'bg-emerald-200/90 text-black',
};
const tagOf = (flag: string | null) => (flag === 'corrected' ? 'corrected' : needsReview(flag) ? 'open' : 'read');

/** One scanned page with each question's answer drawn beside its row (`overrides`: answers being typed). */
function PageWithAnswers({ page, overrides }: { page: SheetPage; overrides?: Record<string, string> }) {
  const t = useT();
  return (
    <div className="flex flex-col gap-1">
      <p className="text-sm text-muted-foreground">{page.card_page ? t('scan.answers.page', { page: page.card_page }) : ''}</p>
      <div className="relative w-full overflow-hidden rounded border bg-white" data-testid={`scan-sheet-page-${page.page_id}`}>
        <ScanPageImage pageId={page.page_id} testId="scan-sheet-image" className="block w-full" placeholder={<div className="aspect-[210/297] animate-pulse bg-muted" />} />
        {page.questions.map((q) => {
          if (!q.box) return null;
          const shown = overrides?.[String(q.q)] ?? q.answer;
          // A proposal not yet accepted stays amber; only an answer typed otherwise is blue.
          const tag = overrides && String(q.q) in overrides && shown !== (q.proposal ?? q.answer) ? 'corrected' : tagOf(q.flag);
          return (
            <span
              key={q.q}
              data-testid={`scan-sheet-tag-${q.q}`}
              className={cn('absolute flex items-center rounded px-1 font-mono text-[10px] leading-none shadow sm:text-xs', TAG[tag])}
              style={{ left: `${Math.min(96, (q.box.x + q.box.w) * 100 + 0.5)}%`, top: `${q.box.y * 100}%`, height: `${Math.max(q.box.h * 100, 1.2)}%` }}
            >
              {shown === '' ? '—' : shown}
            </span>
          );
        })}
      </div>
    </div>
  );
}

/** The sheet view of one scanned page (a review item) with the answers drawn on it. */
export function SheetView({ guid, pageId, overrides }: { guid: string; pageId: number; overrides?: Record<string, string> }) {
  const sheet = trpc.scan.sheet.useQuery({ guid, pageId });
  if (!sheet.data) return <div className="aspect-[210/297] w-full animate-pulse rounded bg-muted" />;
  return (
    <div className="flex flex-col gap-3">
      {sheet.data.pages.map((p) => (
        <PageWithAnswers key={p.page_id} page={p} overrides={overrides} />
      ))}
    </div>
  );
}

/**
 * A student's sheet to check and correct (from 作答結果): the scanned pages with the answers drawn
 * on them; type any answer, or take the reader's proposals for the questions still open ("count
 * ticks/crosses as marks on this sheet"); change the student. Everything is stored as review's
 * corrections (who and when), each undoable.
 */
export function StudentSheetDialog({ guid, studentId, title, onClose, onChanged }: { guid: string; studentId: number; title: string; onClose: () => void; onChanged: () => void }) {
  const t = useT();
  const sheet = trpc.scan.sheet.useQuery({ guid, studentId });
  const correct = useCorrect(onChanged);
  const [typed, setTyped] = useState<Record<string, string>>({});
  const pages = useMemo(() => sheet.data?.pages ?? [], [sheet.data]);
  const questions = useMemo(() => pages.flatMap((p) => p.questions.map((q) => ({ ...q, page_id: p.page_id }))), [pages]);
  useEffect(() => setTyped({}), [sheet.dataUpdatedAt]);
  const changed = questions.filter((q) => String(q.q) in typed && typed[String(q.q)] !== q.answer);
  const save = () => {
    for (const p of pages) {
      const answers = Object.fromEntries(changed.filter((q) => q.page_id === p.page_id).map((q) => [String(q.q), typed[String(q.q)]]));
      if (Object.keys(answers).length) correct.mutate({ kind: 'answers', pageId: p.page_id, answers });
    }
  };
  const takeProposals = () => setTyped((now) => ({ ...now, ...Object.fromEntries(questions.filter((q) => q.proposal !== null && q.flag !== 'corrected').map((q) => [String(q.q), q.proposal!])) }));
  const open = questions.filter((q) => needsReview(q.flag)).length;
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-h-[92vh] max-w-5xl overflow-y-auto" closeLabel={t('print.progress.close')} data-testid="scan-sheet-dialog">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
        </DialogHeader>
        <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(16rem,2fr)]">
          <div className="flex flex-col gap-3">
            {pages.map((p) => (
              <PageWithAnswers key={p.page_id} page={p} overrides={typed} />
            ))}
            {sheet.data && pages.length === 0 && <p className="text-sm text-muted-foreground">{t('scan.sheet.noPages')}</p>}
          </div>
          <div className="flex flex-col gap-3">
            <p className="text-sm text-muted-foreground" data-testid="scan-sheet-help">{t('scan.sheet.help', { count: open })}</p>
            <div className="grid grid-cols-[repeat(auto-fill,minmax(5.5rem,1fr))] gap-2">
              {questions.map((q) => (
                <label key={q.q} className="flex items-center gap-1 text-sm">
                  <span className="w-8 text-end tabular-nums text-muted-foreground">{q.showno}</span>
                  <Input
                    className={cn('h-8 w-14 uppercase', tagOf(q.flag) === 'open' && 'border-amber-500', q.flag === 'corrected' && 'border-sky-500')}
                    data-testid={`scan-sheet-input-${q.q}`}
                    value={typed[String(q.q)] ?? q.answer}
                    onChange={(e) => setTyped((now) => ({ ...now, [String(q.q)]: e.target.value }))}
                  />
                </label>
              ))}
            </div>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" data-testid="scan-sheet-proposals" onClick={takeProposals}>{t('scan.sheet.takeProposals')}</Button>
              <Button data-testid="scan-sheet-save" disabled={changed.length === 0 || correct.isPending} onClick={save}>{t('scan.sheet.save', { count: changed.length })}</Button>
            </div>
            {pages.length > 0 && <ChangeStudent guid={guid} onAssign={(sid) => pages.forEach((p) => correct.mutate({ kind: 'student', pageId: p.page_id, studentId: sid }))} />}
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** Another student for these pages: by number, or class + seat; the field is focused. */
function ChangeStudent({ guid, onAssign }: { guid: string; onAssign: (studentId: number) => void }) {
  const t = useT();
  const [text, setText] = useState('');
  const field = useRef<HTMLInputElement>(null);
  const utils = trpc.useUtils();
  const assign = async () => {
    const at = parseSeat(text);
    const found = at ? await utils.scan.studentAtSeat.fetch({ guid, ...at }) : text.trim() ? await utils.scan.student.fetch({ guid, number: text.trim() }) : [];
    if (found.length !== 1) return void showAlert(t('scan.studentMissing'));
    onAssign(found[0].id);
  };
  return (
    <div className="flex flex-wrap items-center gap-2 border-t pt-3">
      <span className="text-sm">{t('scan.sheet.changeStudent')}</span>
      <Input ref={field} className="w-48" data-testid="scan-sheet-student" placeholder={t('scan.sheet.studentField')} value={text} onChange={(e) => setText(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && void assign()} />
      <Button variant="outline" size="sm" onClick={() => void assign()}>{t('scan.review.assign')}</Button>
    </div>
  );
}
