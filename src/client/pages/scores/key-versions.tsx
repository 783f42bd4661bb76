import { ScanLineIcon } from 'lucide-react';
import { useState } from 'react';
import type { KeyQuestion, VersionView } from '../../../shared/schemas/scores';
import { orderFromText } from '../../../shared/scoring/versions';
import { RadioChoices } from '../../components/radio-choices';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';

const OTHER_VERSIONS = ['B', 'C', 'D'] as const;

/**
 * 卷別題序 (docs/scores.md "Versions"): A is the master (the key above); for B–D, the master
 * question numbers in that version's printed order and, if the options were shuffled, each
 * question's option order. Saved whole per version; the server names any problem.
 */
export function KeyVersions({ guid, questions, versions, onSaved }: { guid: string; questions: readonly KeyQuestion[]; versions: readonly VersionView[]; onSaved: () => void }) {
  const t = useT();
  const [version, setVersion] = useState<string>(versions[0]?.version ?? 'B');
  const view = versions.find((v) => v.version === version);
  const showno = new Map(questions.map((q) => [q.q, q.showno]));
  const [order, setOrder] = useState('');
  const [options, setOptions] = useState('');
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const save = trpc.scores.saveVersion.useMutation({
    meta: { inlineErrors: true, silentSuccess: true },
    onSuccess: (r) => (setMessage({ error: false, text: r.message }), setOrder(''), setOptions(''), onSaved()),
    onError: (e) => setMessage({ error: true, text: e.message }),
  });
  const fromSheet = trpc.scores.useScannedKey.useMutation({
    meta: { inlineErrors: true, silentSuccess: true },
    onSuccess: (r) => (setMessage({ error: false, text: r.message }), onSaved()),
    onError: (e) => setMessage({ error: true, text: e.message }),
  });
  const submit = () => {
    const parsed = orderFromText(questions, order, options);
    if (!parsed.ok) return setMessage({ error: true, text: t(parsed.error.key, parsed.error.params) });
    save.mutate({ guid, version, questions: parsed.value });
  };
  return (
    <section className="grid gap-3 rounded-lg border p-4" aria-label={t('scores.versions.title')} data-testid="key-versions">
      <div className="flex flex-wrap items-baseline gap-3">
        <h3 className="font-semibold">{t('scores.versions.title')}</h3>
        <span className="text-xs text-muted-foreground">{t('scores.versions.hint')}</span>
      </div>
      <ul className="flex flex-col gap-1 text-sm" data-testid="key-versions-status">
        {versions.map((v) => (
          <li key={v.version} className={v.questions ? undefined : 'font-medium text-destructive'} data-testid={`key-version-status-${v.version}`}>
            {v.questions
              ? t('scores.versions.ordered', { version: v.version, students: v.students, order: v.questions.map((e) => showno.get(e.master) ?? e.master).join(' ') })
              : t('scores.versions.unordered', { version: v.version, students: v.students })}
          </li>
        ))}
      </ul>
      <RadioChoices id="key-version" label={t('scores.versions.which')} choices={OTHER_VERSIONS.map((v) => ({ value: v, label: `${v} 卷` }))} value={version} onChange={(v) => (setVersion(v), setMessage(null))} />
      <div className="grid gap-2 md:grid-cols-2">
        <div className="grid gap-1">
          <Label htmlFor="key-version-order">{t('scores.versions.order', { version })}</Label>
          <Input id="key-version-order" data-testid="key-version-order" value={order} placeholder={view?.questions ? view.questions.map((e) => showno.get(e.master) ?? e.master).join(' ') : questions.map((q) => q.showno).join(' ')} onChange={(e) => setOrder(e.target.value)} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="key-version-options">{t('scores.versions.options')}</Label>
          <Input id="key-version-options" data-testid="key-version-options" value={options} placeholder="- DCBA - …" onChange={(e) => setOptions(e.target.value)} />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" data-testid="key-version-save" disabled={order.trim() === '' || save.isPending} onClick={submit}>
          {t('scores.versions.save', { version })}
        </Button>
        {view?.scanned_key && (
          <Button variant="outline" data-testid="key-version-use-sheet" title={t('scores.versions.sheetHint', { version, time: view.scanned_key.scanned_at })} disabled={fromSheet.isPending} onClick={() => (setMessage(null), fromSheet.mutate({ guid, version }))}>
            <ScanLineIcon />
            {t('scores.versions.useSheet', { version })}
          </Button>
        )}
        {message && (
          <span className={message.error ? 'text-sm text-destructive' : 'text-sm text-emerald-700 dark:text-emerald-400'} data-testid="key-version-message" role={message.error ? 'alert' : 'status'}>
            {message.text}
          </span>
        )}
      </div>
    </section>
  );
}

/** 成績 and 試題分析: the versions whose students are left out until their order is given (docs/scores.md "Versions"). */
export function UnorderedVersions({ versions }: { versions: readonly { version: string; students: number; ordered: boolean }[] | undefined }) {
  const t = useT();
  return (versions ?? [])
    .filter((v) => !v.ordered)
    .map((v) => (
      <p key={v.version} role="alert" className="text-sm font-medium text-destructive" data-testid={`scores-unordered-${v.version}`}>
        {t('scores.versions.left', { version: v.version, students: v.students })}
      </p>
    ));
}
