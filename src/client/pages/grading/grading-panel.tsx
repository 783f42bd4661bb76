import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';
import { PanelRefused } from '../scores/no-key';
import { useSelection } from '../scores/selection-filter';
import { GradingScreen } from './grading-screen';
import { TypedGrid } from './typed-grid';

type Mode = 'screen' | 'grid';

/**
 * Tab 線上閱卷 (docs/grading.md): grade the written questions by question on screen, or type the
 * points of papers graded by hand. Only written questions with a saved maximum are graded.
 */
export function GradingPanel({ guid, onGoToKey }: { guid: string; onGoToKey: () => void }) {
  const t = useT();
  const [mode, setMode] = useState<Mode>('screen');
  const selection = useSelection(guid);
  const key = trpc.scores.key.useQuery({ guid });
  const results = trpc.scores.results.useQuery({ guid, ...selection.input });
  if (key.error) return <PanelRefused message={key.error.message} />;
  if (results.error) return <PanelRefused message={results.error.message} />;
  if (!key.data || !results.data) return null;
  if (key.data.written.length === 0) return <p className="py-10 text-center text-muted-foreground">{t('grading.noWritten')}</p>;
  if (results.data.written.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 py-10 text-muted-foreground" data-testid="grading-no-max">
        <p>{t('grading.noMax')}</p>
        <Button variant="outline" onClick={onGoToKey}>
          {t('scores.tab.key')}
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4" data-testid="grading-panel">
      <div role="radiogroup" className="flex gap-2">
        {(['screen', 'grid'] as const).map((m) => (
          <Button key={m} size="sm" role="radio" aria-checked={mode === m} variant={mode === m ? 'default' : 'outline'} data-testid={`grading-mode-${m}`} onClick={() => setMode(m)}>
            {t(`grading.mode.${m}`)}
          </Button>
        ))}
      </div>
      {mode === 'screen' && <GradingScreen guid={guid} written={results.data.written} selection={selection} />}
      {mode === 'grid' && <TypedGrid guid={guid} results={results.data} selection={selection} />}
    </div>
  );
}
