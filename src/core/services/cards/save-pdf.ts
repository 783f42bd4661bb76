import { createHash } from 'node:crypto';
import { z } from 'zod';
import { ZPageComponents } from '../../../shared/card/page-blocks';
import { ZAsset } from '../../../shared/card/page-document';
import { ASSET_PATH_PREFIX } from '../../../shared/card/constants';
import { renderPageHtml } from '../../../shared/card/render/render-card-html';
import { ASSET_ORIGIN } from '../../../shared/jobs/asset-origin';
import type { TConvertPdfJob } from '../../../shared/jobs/convert-pdf-job';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../../data/db/database';
import type { Deps } from '../../deps';
import type { DocumentKind, DocumentRow } from '../../../data/db/tables/documents.table';
import { AppError } from '../../errors/app-error';
import { listPages } from '../../../data/repos/document-pages.repo';
import { markConverting } from '../../../data/repos/conversion-lock.repo';
import { convertingDocuments, lockDocumentRow, schoolName, unqueuedDrafts } from '../../../data/repos/documents.repo';
import { convertibleDocument } from './document-access';
import { currentRequestId } from '../../ops/log';

// `save PDF` (back-office.md §4, §7): renders every page with the shared renderer and queues the
// conversion; the pdf worker records the outcome on the row (src/worker/jobs/record-pdf.ts).

const ZAssets = z.array(ZAsset);

/** The job's pages: numbered on from page to page, the school's name in page 1's header. */
async function renderedPages(db: Db, doc: DocumentRow): Promise<TConvertPdfJob['pages']> {
  const rows = await listPages(db, doc.id);
  if (rows.length === 0) throw new AppError('BAD_REQUEST', 'card.pdf.noPages');
  const school = (await schoolName(db, doc.client_id))?.name;
  let startNumber = 1;
  return rows.map((row) => {
    const components = ZPageComponents.parse(JSON.parse(row.components));
    if (components.blocks.length === 0) throw new AppError('BAD_REQUEST', 'card.pdf.emptyPage', { page: row.page_no });
    const page = renderPageHtml({ components, assets: ZAssets.parse(JSON.parse(row.assets)), page: row.page_no, startNumber, schoolName: school });
    startNumber = page.questionTotal + 1;
    // Stored images (/assets/cards/<school>/…) are fetched through the sandbox's asset origin.
    return { html: page.html.replaceAll(`src="${ASSET_PATH_PREFIX}`, `src="${ASSET_ORIGIN}${ASSET_PATH_PREFIX}`), css: page.css };
  });
}

/** What a conversion's job id and storage folder are named by: the digest of the rendered pages. */
const digestOf = (pages: TConvertPdfJob['pages']) => createHash('sha256').update(JSON.stringify(pages)).digest('hex').slice(0, 24);

/** The digest a conversion of the document's current pages would have (400 when it has none to convert). */
export async function pagesDigest(db: Db, doc: DocumentRow): Promise<string> {
  return digestOf(await renderedPages(db, doc));
}

type QueueDeps = Pick<Deps, 'db' | 'pdfQueue'>;

/** Whether a job of this id is still to run; a finished one is removed so the id can be queued again. */
async function pending(deps: Pick<Deps, 'pdfQueue'>, jobId: string): Promise<boolean> {
  const job = await deps.pdfQueue.getJob(jobId);
  if (!job) return false;
  const state = await job.getState();
  if (state !== 'completed' && state !== 'failed') return true;
  await job.remove();
  return false;
}

/** `kind` undefined: either (the cards area converts templates too, from the template list). */
export async function savePdf(deps: Deps, actor: Actor, kind: DocumentKind | undefined, guid: string) {
  await queueConversion(deps, await convertibleDocument(deps.db, actor, guid, kind));
  return { message: 'card.pdf.started' as const };
}

async function queueConversion(deps: Pick<Deps, 'db' | 'pdfQueue' | 'storage'>, doc: DocumentRow): Promise<void> {
  // Under the row lock no content save interleaves: the pages read are the pages converted, and the
  // content stays locked (disabled 3, conversion-lock.repo.ts) until the worker records the outcome.
  const queued = await deps.db.transaction().execute(async (trx) => {
    const current = await lockDocumentRow(trx, doc.id);
    const pages = await renderedPages(trx, current);
    // Same content, same id: a repeated request while one is queued or running adds nothing.
    const jobId = `${doc.id}-${digestOf(pages)}`;
    // Already converted from this content, and its file is still there: nothing to do.
    if (current.status === 'converted' && current.pdf_job === jobId && current.pdf_key && (await deps.storage.stat(current.pdf_key))) return null;
    // The row names the job first, so a job finishing from here on finds it and records its result.
    await markConverting(trx, doc.id, jobId);
    return { jobId, pages };
  });
  if (queued && !(await pending(deps, queued.jobId))) await enqueue(deps, doc, queued.jobId, queued.pages);
}

/**
 * At worker start: the seeded system templates that were never converted are queued, so teachers
 * can preview them on a fresh install without the system administrator converting them first.
 */
export async function convertSeededTemplates(deps: Pick<Deps, 'db' | 'pdfQueue' | 'storage'>, guids: readonly string[]): Promise<number> {
  const drafts = await unqueuedDrafts(deps.db, guids);
  for (const doc of drafts) await queueConversion(deps, doc);
  return drafts.length;
}

function enqueue(deps: QueueDeps, doc: Pick<DocumentRow, 'id' | 'client_id'>, jobId: string, pages: TConvertPdfJob['pages']) {
  const job: TConvertPdfJob = { pages, folder: `pdf/${doc.id}`, assetFolder: `assets/cards/${doc.client_id}`, documentId: doc.id, requestId: currentRequestId() };
  return deps.pdfQueue.add('convert', job, { jobId });
}

/**
 * At worker start: a document MySQL still calls converting whose job Redis no longer has (Redis
 * emptied or restored) is queued again under the same id, from its pages — unchanged, since the
 * content is locked while converting — so it converts and unlocks without anyone asking again.
 */
export async function requeueLostConversions(deps: QueueDeps): Promise<number> {
  const converting = await convertingDocuments(deps.db);
  let added = 0;
  for (const doc of converting) {
    if (await pending(deps, doc.pdf_job!)) continue;
    await enqueue(deps, doc, doc.pdf_job!, await renderedPages(deps.db, doc));
    added += 1;
  }
  return added;
}
