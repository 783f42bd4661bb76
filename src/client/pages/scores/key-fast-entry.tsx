import { useState } from 'react';
import { ZPoints } from '../../../shared/schemas/scores';
import { fillFromString, parsePasted, type EntryQuestion, type KeyFill, type Parsed } from '../../../shared/scoring/key-entry';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { useT } from '../../i18n/locale-context';

interface FastEntryProps {
  questions: readonly EntryQuestion[];
  chosen: number;
  onFill: (fills: KeyFill[]) => void;
  onPoints: (points: number) => void;
  /** Whether the key has unsaved changes: 「已填入 N 題（尚未儲存）」 goes once they are saved. */
  dirty: boolean;
}

/**
 * The quick ways to a key (src/client/pages/scores/README.md "Entering a key fast"): a typed string from question N, a
 * pasted spreadsheet column, points for all or the selected questions. An entry applies whole or
 * not at all; its message names the question at fault.
 */
export function KeyFastEntry({ questions, chosen, onFill, onPoints, dirty }: FastEntryProps) {
  const t = useT();
  const [from, setFrom] = useState(questions[0]?.showno ?? '1');
  const [typed, setTyped] = useState('');
  const [pasted, setPasted] = useState('');
  const [points, setPointsText] = useState('');
  const [outcome, setOutcome] = useState<{ error: boolean; text: string } | null>(null);
  const apply = (parsed: Parsed<KeyFill[]>, clear: () => void) => {
    if (!parsed.ok) return setOutcome({ error: true, text: t(parsed.error.key, parsed.error.params) });
    onFill(parsed.value);
    clear();
    setOutcome({ error: false, text: t('scores.fast.applied', { count: parsed.value.length }) });
  };
  const fillTyped = () => apply(fillFromString(questions, from, typed), () => setTyped(''));
  const parsedPoints = points.trim() === '' ? null : ZPoints.safeParse(points.trim());
  const pointsOk = parsedPoints?.success === true;
  const pointsValue = parsedPoints?.success ? parsedPoints.data : 0;
  return (
    <section className="grid gap-4 rounded-lg border p-4 lg:grid-cols-[1fr_1fr_auto]" aria-label={t('scores.fast.title')} data-testid="key-fast">
      <div className="grid content-start gap-2">
        <Label htmlFor="key-string">{t('scores.fast.string')}</Label>
        <div className="flex flex-wrap items-center gap-2">
          <span className="flex shrink-0 items-center gap-1.5 text-sm">
            {t('scores.fast.from')}
            <Input className="w-14" aria-label={t('scores.fast.fromLabel')} data-testid="key-from" value={from} onChange={(e) => setFrom(e.target.value)} />
            {t('scores.fast.fromAfter')}
          </span>
          <div className="flex min-w-48 flex-1 gap-2">
            <Input id="key-string" data-testid="key-string" className="font-mono uppercase placeholder:font-sans placeholder:normal-case" placeholder="ABDCA…" value={typed} onChange={(e) => setTyped(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && fillTyped()} />
            <Button variant="secondary" data-testid="key-string-fill" onClick={fillTyped}>
              {t('scores.fast.fill')}
            </Button>
          </div>
        </div>
        <p className="text-xs text-muted-foreground">{t('scores.fast.stringHint')}</p>
      </div>
      <div className="grid content-start gap-2">
        <Label htmlFor="key-paste">{t('scores.fast.paste')}</Label>
        <Textarea id="key-paste" data-testid="key-paste" className="max-h-40 font-mono placeholder:font-sans" rows={2} placeholder={t('scores.fast.pasteHint')} value={pasted} onChange={(e) => setPasted(e.target.value)} />
        <Button variant="secondary" className="justify-self-start" data-testid="key-paste-apply" disabled={!pasted.trim()} onClick={() => apply(parsePasted(questions, pasted, from), () => setPasted(''))}>
          {t('scores.fast.applyPaste')}
        </Button>
      </div>
      <div className="grid content-start gap-2">
        <Label htmlFor="key-points-all">{t('scores.colPoints')}</Label>
        <Input id="key-points-all" type="number" min={0} step="any" className="w-24" data-testid="key-points-all" value={points} onChange={(e) => setPointsText(e.target.value)} />
        <Button variant="outline" size="sm" data-testid="key-points-apply" disabled={!pointsOk} onClick={() => onPoints(pointsValue)}>
          {chosen > 0 ? t('scores.fast.setSelected', { count: chosen }) : t('scores.fast.setAll')}
        </Button>
      </div>
      {outcome && (outcome.error || dirty) && (
        <p role={outcome.error ? 'alert' : 'status'} data-testid="key-fast-outcome" className={`text-sm lg:col-span-3 ${outcome.error ? 'text-destructive' : 'text-muted-foreground'}`}>
          {outcome.text}
        </p>
      )}
    </section>
  );
}
