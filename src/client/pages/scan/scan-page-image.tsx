import type { ReactNode } from 'react';
import { trpc } from '../../trpc/trpc';

/**
 * A scanned page's review image (`scan.pageImage`), or a question's strip of it (`q`; `field`: its
 * score field), as a JPEG: the one component review and the sheet view both show a scan with.
 * `placeholder` stands in while it loads.
 */
export function ScanPageImage({ pageId, q, field, className, testId, placeholder = null }: { pageId: number; q?: number; field?: boolean; className?: string; testId: string; placeholder?: ReactNode }) {
  const image = trpc.scan.pageImage.useQuery({ pageId, q, ...(field ? { field } : {}) });
  return image.data ? <img alt="" data-testid={testId} className={className} src={`data:image/jpeg;base64,${image.data.base64}`} /> : placeholder;
}
