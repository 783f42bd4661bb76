import { createHash } from 'node:crypto';
import type { PageValues } from '../../../data/repos/document-pages.repo';

// What a page's PDF is made of: the block tree and its images (save-pdf.ts renders from these,
// never from the stored html, which may carry numbers of an older numbering). Two saves with the
// same digest give the same PDF, so the second keeps the card's status and file (issue 15, part 4).

/** sha256 of the stored block tree and assets (both the canonical JSON a save writes). */
export function pageContentDigest(values: Pick<PageValues, 'components' | 'assets'>): string {
  return createHash('sha256').update(values.components).update('\u0000').update(values.assets).digest('hex');
}
