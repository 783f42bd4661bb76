import { CameraIcon } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';
import { ScanAnswersPanel } from './scan-answers-panel';
import { ScanBatchesPanel } from './scan-batches-panel';
import { ScanReviewPanel } from './scan-review-panel';
import { ItemsPanel } from '../scores/items-panel';
import { KeyPanel } from '../scores/key-panel';
import { ResultsPanel } from '../scores/results-panel';
import { GradingPanel } from '../grading/grading-panel';

type Tab = 'upload' | 'review' | 'answers' | 'key' | 'grading' | 'results' | 'items';
const TABS: readonly Tab[] = ['upload', 'review', 'answers', 'key', 'grading', 'results', 'items'];
/** `?tab=results` opens that tab (links from 成績總覽 and the home page); anything else opens upload. */
const tabOf = (value: string | null): Tab => TABS.find((x) => x === value) ?? 'upload';

/**
 * /cards/scan/:guid — read scanned cards back (docs/scan-batches.md): upload a scan file and watch
 * its batch read, review what the reader could not decide, see the answers per class; then the
 * key, the scores and the item analysis (docs/scores.md). Unsaved key edits ask before another tab.
 */
export function ScanPage() {
  const t = useT();
  const { guid = '' } = useParams();
  const [search] = useSearchParams();
  const [tab, setTabNow] = useState<Tab>(() => tabOf(search.get('tab')));
  const [keyDirty, setKeyDirty] = useState(false);
  /** The tab asked for while the key has unsaved edits: the confirm dialog is open. */
  const [asked, setAsked] = useState<Tab | null>(null);
  const setTab = (next: Tab) => {
    if (next !== tab && tab === 'key' && keyDirty) return setAsked(next);
    setTabNow(next);
  };
  const info = trpc.cards.info.useQuery({ guid }, { enabled: guid !== '' });
  const review = trpc.scan.review.useQuery({ guid }, { enabled: guid !== '' });
  const utils = trpc.useUtils();
  const refresh = useCallback(() => {
    void utils.scan.review.invalidate({ guid });
    void utils.scan.answers.invalidate({ guid });
    void utils.scan.batches.invalidate({ guid });
    void utils.scores.results.invalidate({ guid });
    void utils.scores.items.invalidate({ guid });
  }, [utils, guid]);
  const tabs: { id: Tab; label: string }[] = [
    { id: 'upload', label: t('scan.tab.upload') },
    { id: 'review', label: t('scan.tab.review', { count: review.data?.length ?? 0 }) },
    { id: 'answers', label: t('scan.tab.answers') },
    { id: 'key', label: t('scores.tab.key') },
    { id: 'grading', label: t('grading.tab') },
    { id: 'results', label: t('scores.tab.results') },
    { id: 'items', label: t('scores.tab.items') },
  ];
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between">
        <CardTitle className="text-xl">
          {t('scan.title')}
          {info.data && <span className="ms-3 text-base font-normal text-muted-foreground">{info.data.title}</span>}
        </CardTitle>
        <div className="flex flex-wrap justify-end gap-2">
          <Button asChild>
            <Link to={`/cards/capture/${guid}`} data-testid="scan-capture-link">
              <CameraIcon />
              {t('capture.action')}
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/cards/lists">{t('cards.form.back')}</Link>
          </Button>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <div role="tablist" className="flex flex-wrap gap-x-1 border-b">
          {tabs.map((x) => (
            <button
              key={x.id}
              role="tab"
              type="button"
              aria-selected={tab === x.id}
              data-testid={`scan-tab-${x.id}`}
              onClick={() => setTab(x.id)}
              className={`-mb-px border-b-2 px-3 py-2 text-sm whitespace-nowrap sm:px-4 ${tab === x.id ? 'border-primary font-medium text-foreground' : 'border-transparent text-muted-foreground hover:text-foreground'}`}
            >
              {x.label}
            </button>
          ))}
        </div>
        {tab === 'upload' && <ScanBatchesPanel guid={guid} onRead={refresh} />}
        {tab === 'review' && <ScanReviewPanel guid={guid} onChanged={refresh} onGoTo={setTab} />}
        {tab === 'answers' && <ScanAnswersPanel guid={guid} onChanged={refresh} />}
        {tab === 'key' && <KeyPanel guid={guid} onDirty={setKeyDirty} />}
        {tab === 'grading' && <GradingPanel guid={guid} onGoToKey={() => setTab('key')} />}
        {tab === 'results' && <ResultsPanel guid={guid} onGoToKey={() => setTab('key')} onGoToReview={() => setTab('review')} />}
        {tab === 'items' && <ItemsPanel guid={guid} onGoToKey={() => setTab('key')} onGoToReview={() => setTab('review')} />}
        <ConfirmDialog
          open={asked !== null}
          title={t('scores.key.leaveConfirm')}
          destructive
          onConfirm={() => {
            setKeyDirty(false);
            setTabNow(asked ?? tab);
          }}
          onClose={() => setAsked(null)}
        />
      </CardContent>
    </Card>
  );
}
