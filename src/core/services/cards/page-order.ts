import { movedOrder } from '../../../shared/card/edit/page-positions';
import { ZPageComponents } from '../../../shared/card/page-blocks';
import { numberQuestions } from '../../../shared/card/render/question-numbers';
import type { TDeletePageInput, TMovePageInput } from '../../../shared/schemas/card-pages';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../../data/db/database';
import type { Deps } from '../../deps';
import { AppError } from '../../errors/app-error';
import { lockValueForUpdate } from '../../../data/repos/conversion-lock.repo';
import { deleteOptions, deletePages, listOptions, listPages, upsertOption, upsertPage } from '../../../data/repos/document-pages.repo';
import { updateDocument } from '../../../data/repos/documents.repo';
import { assertUnlocked, editableContent } from './page-storage';

// The editor's page list (issue 15, part 3): a later page deleted or moved. The pages are written
// again in their new order with their own options (p<n>), and every page's question_total and
// page_total are recomputed, so the editor numbers each page right without visiting the others.

const PAGE_CODE = /^p(\d+)$/;

/** Old page numbers in their new order, from the stored pages (refused when `page` is not stored). */
type Reorder = (pageNos: number[]) => number[];

async function reorderPages(deps: Deps, actor: Actor, input: { guid: string; kind: 'card' | 'template'; page: number }, reorder: Reorder): Promise<void> {
  const doc = await editableContent(deps.db, actor, input.guid, input.kind);
  await deps.db.transaction().execute(async (trx) => {
    assertUnlocked(await lockValueForUpdate(trx, doc.id)); // a `save PDF` may have started since
    const pages = await listPages(trx, doc.id);
    if (!pages.some((p) => p.page_no === input.page)) throw new AppError('BAD_REQUEST', 'card.page.missing');
    const order = reorder(pages.map((p) => p.page_no));
    const options = await listOptions(trx, doc.id);
    await deletePages(trx, doc.id);
    await deleteOptions(trx, doc.id);
    await writeInOrder(trx, doc.id, order, pages, options);
    // The pages, or their numbering, changed: the PDF no longer matches.
    if (doc.status !== 'draft') await updateDocument(trx, doc.id, { status: 'draft' });
  });
}

async function writeInOrder(
  trx: Db,
  documentId: number,
  order: number[],
  pages: Awaited<ReturnType<typeof listPages>>,
  options: Awaited<ReturnType<typeof listOptions>>,
): Promise<void> {
  let startNumber = 1;
  for (const [i, oldNo] of order.entries()) {
    const { page_no: _, ...values } = pages.find((p) => p.page_no === oldNo)!;
    const pageNo = i + 1;
    await upsertPage(trx, documentId, pageNo, values);
    const parsed = ZPageComponents.safeParse(JSON.parse(values.components));
    const questionTotal = parsed.success ? numberQuestions(parsed.data, startNumber).questionTotal : startNumber - 1;
    startNumber = questionTotal + 1;
    for (const o of options.filter((o) => o.code === `p${oldNo}` && o.key !== 'question_total' && o.key !== 'page_total')) {
      await upsertOption(trx, documentId, `p${pageNo}`, o.key, o.value);
    }
    await upsertOption(trx, documentId, `p${pageNo}`, 'question_total', String(questionTotal));
    await upsertOption(trx, documentId, `p${pageNo}`, 'page_total', String(order.length));
  }
  // Options not keyed by a page code stay as they were.
  for (const o of options.filter((o) => !PAGE_CODE.test(o.code))) await upsertOption(trx, documentId, o.code, o.key, o.value);
}

export async function deletePage(deps: Deps, actor: Actor, input: TDeletePageInput) {
  await reorderPages(deps, actor, input, (nos) => nos.filter((n) => n !== input.page));
  return { message: 'card.page.deleted' as const, params: { page: input.page } };
}

/** Moves a later page to position `to` (2 … last); the pages between shift by one. */
export async function movePage(deps: Deps, actor: Actor, input: TMovePageInput) {
  await reorderPages(deps, actor, input, (nos) => {
    if (input.to > nos.length) throw new AppError('BAD_REQUEST', 'card.page.outOfRange');
    return movedOrder(nos, input.page, input.to);
  });
  return { message: 'card.page.moved' as const };
}
