import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { PdfViewer } from '../../components/pdf-viewer/pdf-viewer';
import type { UiKey } from '../../i18n/client-translate';
import { useT } from '../../i18n/locale-context';

interface Props {
  heading: UiKey;
  /** The document's title, beneath the heading. */
  title: string | undefined;
  /** The back button or link first, then the screen's actions. */
  actions: ReactNode;
  notes?: ReactNode;
  bytes: Uint8Array | undefined;
}

/** The frame the four viewer screens share: heading, actions, notes, the PDF. */
export function ViewerLayout({ heading, title, actions, notes, bytes }: Props) {
  const t = useT();
  return (
    <Card>
      <CardHeader className="gap-1">
        <CardTitle className="text-xl">{t(heading)}</CardTitle>
        <p className="text-sm text-muted-foreground" data-testid="viewer-title">{title ?? '\u00a0'}</p>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-center gap-2" data-testid="viewer-actions">{actions}</div>
        {notes}
        <PdfViewer data={bytes} />
      </CardContent>
    </Card>
  );
}
