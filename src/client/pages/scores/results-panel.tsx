import { DownloadIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { downloadFile } from '../../feedback/download';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';
import { ClassStatsTable } from './class-stats-table';
import { UnorderedVersions } from './key-versions';
import { NoKey, PanelRefused } from './no-key';
import { ScoreHistogram, StatsCard } from './results-stats';
import { ResultsTable } from './results-table';
import { SlipsDownload, UngradedNotice } from './results-written';
import { DEFAULT_VIEW, viewStudents } from './results-view';
import { SelectionFilter, useSelection } from './selection-filter';
import { AbsentRows, PendingBanner } from './honest-results';

/**
 * Tab 成績 (docs/scores.md): a grade or class chosen from the data, its statistics and
 * histogram, the students × questions table, and the downloads for that selection.
 */
export function ResultsPanel({ guid, onGoToKey, onGoToReview }: { guid: string; onGoToKey: () => void; onGoToReview?: () => void }) {
  const t = useT();
  const selection = useSelection(guid);
  const results = trpc.scores.results.useQuery({ guid, ...selection.input });
  const grade = trpc.scores.results.useQuery({ guid, grade: selection.input.grade }, { enabled: selection.input.class !== undefined });
  const [view, setView] = useState(DEFAULT_VIEW);
  const utils = trpc.useUtils();
  const data = results.data;
  if (results.error) return <PanelRefused message={results.error.message} />;
  if (!data) return null;
  if (!data.keyed) return <NoKey onGoToKey={onGoToKey} />;
  const students = viewStudents(data.students, view);
  const download = (format: 'xlsx' | 'csv' | 'pdf') => void downloadFile('cards', { method: 'download', action: 'scores', guid, format, ...selection.input });
  const classChosen = selection.input.class !== undefined;
  return (
    <div className="flex flex-col gap-4" data-testid="results-panel">
      <PendingBanner count={data.pending_review} onGoToReview={onGoToReview} />
      <div className="flex flex-wrap items-end gap-3">
        <SelectionFilter selection={selection} />
        <div className="ms-auto flex flex-wrap gap-2">
          <Button variant="outline" size="sm" data-testid="results-download-xlsx" onClick={() => download('xlsx')}>
            <DownloadIcon />
            {t('scores.download.xlsx')}
          </Button>
          <Button variant="outline" size="sm" data-testid="results-download-csv" onClick={() => download('csv')}>
            <DownloadIcon />
            {t('scores.download.csv')}
          </Button>
          <Button variant="outline" size="sm" data-testid="results-download-pdf" disabled={!classChosen} title={classChosen ? undefined : t('scores.download.pdfHint')} onClick={() => download('pdf')}>
            <DownloadIcon />
            {t('scores.download.pdf')}
          </Button>
          <SlipsDownload guid={guid} selection={selection.input} />
        </div>
      </div>
      <UngradedNotice count={data.ungraded} />
      <UnorderedVersions versions={data.versions} />
      <div className="flex flex-wrap items-start gap-4">
        {data.stats && <StatsCard title={selection.label} stats={data.stats} testId="results-stats" />}
        {classChosen && grade.data?.stats && <StatsCard title={t('print.gradeLabel', { grade: selection.input.grade ?? '' })} stats={grade.data.stats} testId="results-grade-stats" />}
        <ScoreHistogram bins={data.histogram} />
      </div>
      {data.classes.length > 1 && <ClassStatsTable classes={data.classes} />}
      <div className="flex flex-wrap items-center gap-3">
        <Input className="w-56" placeholder={t('scores.filter.search')} aria-label={t('scores.filter.search')} data-testid="results-search" value={view.search} onChange={(e) => setView({ ...view, search: e.target.value })} />
        <Input className="w-32" type="number" min={0} placeholder={t('scores.filter.below')} aria-label={t('scores.filter.below')} data-testid="results-below" value={view.below} onChange={(e) => setView({ ...view, below: e.target.value })} />
        <span className="text-xs text-muted-foreground">
          {t('scores.results.shown', { shown: students.length, total: data.students.length })} · {data.absent.length > 0 && <span data-testid="results-absent-count">{t('scores.results.absentNote', { count: data.absent.length })} · </span>}
          {t('scores.results.legend')}
        </span>
      </div>
      <ResultsTable
        results={data}
        students={students}
        view={view}
        onView={setView}
        absentRows={view.search === '' && view.below === '' ? <AbsentRows guid={guid} absent={data.absent} columns={6 + data.questions.length} onChanged={() => void utils.scores.invalidate()} /> : null}
      />
    </div>
  );
}
