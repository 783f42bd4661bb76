import { CARD_BUDGET } from '../../../shared/card/constants';
import type { Db } from '../../../data/db/database';
import { AppError } from '../../errors/app-error';
import { sumPageChars, type PageValues } from '../../../data/repos/document-pages.repo';

// The card size budget (src/shared/card/constants.ts CARD_BUDGET, docs/cards.md "Size budget").

const contentChars = (values: Pick<PageValues, 'html' | 'css' | 'styles'>) => values.html.length + values.css.length + values.styles.length;

/** One page's content within the per-page budget (checked before anything is read or written). */
export function assertPageWithinBudget(values: Pick<PageValues, 'html' | 'css' | 'styles'>): number {
  const size = contentChars(values);
  if (size > CARD_BUDGET.pageChars) throw new AppError('BAD_REQUEST', 'card.budget.page', { size: size.toLocaleString('en-US') });
  return size;
}

function assertTotalWithinBudget(size: number): void {
  if (size > CARD_BUDGET.totalChars) throw new AppError('BAD_REQUEST', 'card.budget.total', { size: size.toLocaleString('en-US') });
}

/**
 * The whole card within the budget once a page of `pageSize` (from assertPageWithinBudget) replaces
 * page `pageNo` (run under the document's row lock). The other pages are summed by MySQL's
 * char_length (code points) and this one by JS length (UTF-16 units): they differ only for
 * characters outside the BMP, which then count double here — on the safe side.
 */
export async function assertCardWithinBudget(db: Db, documentId: number, pageNo: number, pageSize: number): Promise<void> {
  assertTotalWithinBudget((await sumPageChars(db, documentId, pageNo)) + pageSize);
}

/** A whole set of pages (a backup being restored) within the budget. */
export function assertPagesWithinBudget(pages: readonly Pick<PageValues, 'html' | 'css' | 'styles'>[]): void {
  assertTotalWithinBudget(pages.reduce((sum, page) => sum + assertPageWithinBudget(page), 0));
}
