import { KeyRoundIcon } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { useT } from '../../i18n/locale-context';

/** What 成績 and 試題分析 show before a key is saved: where to go to make one. */
export function NoKey({ onGoToKey }: { onGoToKey: () => void }) {
  const t = useT();
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-6 py-12 text-center" data-testid="scores-no-key">
      <KeyRoundIcon className="size-8 text-muted-foreground" />
      <h3 className="font-semibold">{t('scores.noKey.title')}</h3>
      <p className="max-w-md text-sm text-muted-foreground">{t('scores.noKey.text')}</p>
      <Button data-testid="scores-go-key" onClick={onGoToKey}>{t('scores.noKey.go')}</Button>
    </div>
  );
}

/** A tab whose data the server refused (a card not converted yet): its message in place of the tab. */
export function PanelRefused({ message }: { message: string }) {
  return <p className="py-10 text-center text-muted-foreground" data-testid="scores-refused">{message}</p>;
}
