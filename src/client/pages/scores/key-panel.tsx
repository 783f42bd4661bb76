import { DownloadIcon, ScanLineIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { downloadFile } from '../../feedback/download';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';
import { LeaveGuard } from '../editor/leave-guard';
import type { KeyQuestion, WrittenKeyRow } from '../../../shared/schemas/scores';
import { maxScore, round2 } from '../../../shared/scoring/rules';
import { writtenMax } from '../../../shared/scoring/written-questions';
import { applyFills, isDirty, isWrittenDirty, setPoints, toSaveInput, toWrittenInput } from './key-draft';
import { KeyFastEntry } from './key-fast-entry';
import { KeyTable } from './key-table';
import { KeyVersions } from './key-versions';
import { KeyWrittenTable } from './key-written-table';
import { PanelRefused } from './no-key';

/**
 * Tab 答案與配分 (docs/scores.md): the key as a table with fast entry, saved as a whole
 * with 儲存. Unsaved edits ask before the tab, the page or the browser is left (LeaveGuard; the
 * page asks for the tabs, told through `onDirty`).
 */
export function KeyPanel({ guid, onDirty }: { guid: string; onDirty: (dirty: boolean) => void }) {
  const t = useT();
  const key = trpc.scores.key.useQuery({ guid });
  const utils = trpc.useUtils();
  const [draft, setDraft] = useState<KeyQuestion[]>([]);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [written, setWritten] = useState<WrittenKeyRow[]>([]);
  useEffect(() => setDraft(key.data?.questions ?? []), [key.data]);
  useEffect(() => setWritten(key.data?.written ?? []), [key.data]);
  const dirty = key.data !== undefined && (isDirty(draft, key.data.questions) || isWrittenDirty(written, key.data.written));
  useEffect(() => onDirty(dirty), [dirty, onDirty]);
  const saved = () => void Promise.all([utils.scores.key.invalidate({ guid }), utils.scores.results.invalidate({ guid }), utils.scores.items.invalidate({ guid })]);
  const save = trpc.scores.saveKey.useMutation({ onSuccess: saved });
  const scannedKey = trpc.scores.useScannedKey.useMutation({ onSuccess: saved });

  if (key.error) return <PanelRefused message={key.error.message} />;
  if (!key.data) return null;
  if (key.data.questions.length === 0 && key.data.written.length === 0) return <p className="py-10 text-center text-muted-foreground">{t('scores.key.noQuestions')}</p>;
  const scanned = key.data.scanned_key;
  return (
    <div className="flex flex-col gap-4" data-testid="key-panel">
      <LeaveGuard dirty={dirty} title={t('scores.key.leaveConfirm')} />
      <div className="flex flex-wrap items-center gap-3">
        <span className="text-lg font-semibold tabular-nums" data-testid="key-total">
          {t('scores.key.total', { total: round2(maxScore(draft) + writtenMax(written)) })}
        </span>
        {dirty ? (
          <Badge variant="destructive" data-testid="key-unsaved">{t('scores.key.unsaved')}</Badge>
        ) : (
          key.data.updated_at && <span className="text-xs text-muted-foreground">{t('scores.key.savedAt', { time: key.data.updated_at })}</span>
        )}
        <div className="ms-auto flex flex-wrap gap-2">
          {scanned && (
            <Button variant="outline" data-testid="key-use-scanned" title={t('scores.scanned.at', { time: scanned.scanned_at })} disabled={scannedKey.isPending} onClick={() => scannedKey.mutate({ guid })}>
              <ScanLineIcon />
              {t('scores.scanned.use')}
            </Button>
          )}
          <Button data-testid="key-save" disabled={!dirty || save.isPending} onClick={() => save.mutate({ guid, questions: toSaveInput(draft), written: toWrittenInput(written) })}>
            {t('common.save')}
          </Button>
        </div>
      </div>
      <KeyFastEntry questions={draft} chosen={chosen.size} dirty={dirty} onFill={(fills) => setDraft((d) => applyFills(d, fills))} onPoints={(points) => setDraft((d) => setPoints(d, points, chosen))} />
      {draft.length > 0 && <KeyTable rows={draft} chosen={chosen} onChoose={setChosen} onChange={(row) => setDraft((d) => d.map((r) => (r.q === row.q ? row : r)))} />}
      <KeyWrittenTable rows={written} onChange={(row) => setWritten((d) => d.map((r) => (r.q === row.q ? row : r)))} />
      <KeyVersions guid={guid} questions={key.data.questions} versions={key.data.versions} onSaved={saved} />
      <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed p-3 text-sm text-muted-foreground sm:flex-row sm:items-center">
        <Button variant="outline" size="sm" data-testid="key-sheet-download" onClick={() => void downloadFile('cards', { method: 'download', action: 'keySheet', guid })}>
          <DownloadIcon />
          {t('scores.keySheet.download')}
        </Button>
        <span className="min-w-0 sm:flex-1">{t('scores.keySheet.hint')}</span>
      </div>
    </div>
  );
}
