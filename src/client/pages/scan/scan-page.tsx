import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';
import { ScanAnswersPanel } from './scan-answers-panel';
import { ScanBatchesPanel } from './scan-batches-panel';
import { ScanReviewPanel } from './scan-review-panel';

type Tab = 'upload' | 'review' | 'answers';

/**
 * /cards/scan/:guid — read scanned cards back (docs/scan-batches.md): upload a scan file and watch
 * its batch read, review what the reader could not decide, see the answers per class.
 */
export function ScanPage() {
  const t = useT();
  const { guid = '' } = useParams();
  const [tab, setTab] = useState<Tab>('upload');
  const info = trpc.cards.info.useQuery({ guid }, { enabled: guid !== '' });
  const review = trpc.scan.review.useQuery({ guid }, { enabled: guid !== '' });
  const utils = trpc.useUtils();
  const refresh = useCallback(() => {
    void utils.scan.review.invalidate({ guid });
    void utils.scan.answers.invalidate({ guid });
  }, [utils, guid]);
  const tabs: { id: Tab; label: string }[] = [
    { id: 'upload', label: t('scan.tab.upload') },
    { id: 'review', label: t('scan.tab.review', { count: review.data?.length ?? 0 }) },
    { id: 'answers', label: t('scan.tab.answers') },
  ];
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between">
        <CardTitle className="text-xl">
          {t('scan.title')}
          {info.data && <span className="ms-3 text-base font-normal text-muted-foreground">{info.data.title}</span>}
        </CardTitle>
        <Button asChild variant="outline">
          <Link to="/cards/lists">{t('cards.form.back')}</Link>
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <div role="tablist" className="flex gap-1 border-b">
          {tabs.map((x) => (
            <button
              key={x.id}
              role="tab"
              type="button"
              aria-selected={tab === x.id}
              data-testid={`scan-tab-${x.id}`}
              onClick={() => setTab(x.id)}
              className={`-mb-px border-b-2 px-4 py-2 text-sm ${tab === x.id ? 'border-primary font-medium text-foreground' : 'border-transparent text-muted-foreground hover:text-foreground'}`}
            >
              {x.label}
            </button>
          ))}
        </div>
        {tab === 'upload' && <ScanBatchesPanel guid={guid} onRead={refresh} />}
        {tab === 'review' && <ScanReviewPanel guid={guid} onChanged={refresh} />}
        {tab === 'answers' && <ScanAnswersPanel guid={guid} />}
      </CardContent>
    </Card>
  );
}
