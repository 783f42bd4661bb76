import { ArrowLeftIcon, TriangleAlertIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { useT } from '../../i18n/locale-context';

/** 返回: history back (or the list) on the preview screens; a link on show and share-show. */
export function BackButton({ onClick, to }: { onClick?: () => void; to?: string }) {
  const t = useT();
  const label = (
    <>
      <ArrowLeftIcon /> {t('viewer.back')}
    </>
  );
  if (to) {
    return (
      <Button asChild variant="outline" data-testid="viewer-back">
        <Link to={to}>{label}</Link>
      </Button>
    );
  }
  return (
    <Button variant="outline" data-testid="viewer-back" onClick={onClick}>
      {label}
    </Button>
  );
}

/** The red notes before printing: check numbers and layout; print at actual size, never scaled. */
export function PrintNotes() {
  const t = useT();
  return (
    <ul className="grid gap-1 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700 dark:border-red-900 dark:bg-red-950/40 dark:text-red-300" data-testid="print-notes">
      {(['viewer.note.check', 'viewer.note.scale'] as const).map((key) => (
        <li key={key} className="flex items-start gap-2">
          <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" /> {t(key)}
        </li>
      ))}
    </ul>
  );
}
