import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Db } from '../../data/db/database';
import type { NewScanPage } from '../../data/db/tables/scan.table';
import {
  completePart,
  deletePages,
  failOpenParts,
  findBatch,
  findPart,
  insertPages,
  markBatchReading,
  pageStatusesOfBatch,
  partsOf,
  recordPartProgress,
  storedPageIndexes,
  updateBatch,
  updatePart,
} from '../../data/repos/scan.repo';
import type { FileStorage } from '../../data/storage/file-storage';
import type { GrayImage, PageReading, ReadPageInput } from '../../scan/page-reading';
import { pageOutcome } from '../../scan/page-record';
import { reviewJpeg } from '../../scan/review-image';
import { openScanSource, type ScanSource } from '../../scan/scan-pages';
import { batchMapLoader } from './scan-map';
import { batchCodesLoader } from './scan-codes';
import { linkCopyPages, studentFinder } from './scan-identify';
import { assumedReader } from './scan-assume';
import { scanFinishJobId, scanPageImageKey, scanPartJobId, type TScanBatchJob } from '../../shared/jobs/scan-batch-job';
import { ScanSources } from './scan-sources';
import { storeWrittenCrops } from './written-crops';
import { scoreEntries } from '../../scan/score-fields';
import { batchWarningsOf } from './scan-warnings';
import { pageCountRefusal } from '../../scan/scan-problem';
import { discardRefusedBatch, isRefusal, refusalOf, ScanRefused, storedError } from './scan-refusal';

// A scan batch is read as parts (docs/scan-batches.md "Parts"): page ranges of the upload, each
// one job on the `scan` queue, so several workers read one big batch at once and schools take
// turns (each part's priority is its school's fair rank). A part reads its range page by page —
// decode, read, store the page's image and its row — and skips the pages already stored, so each
// page of the upload ends with exactly one row however often a part is run again (a retry, a worker
// killed mid-part). When the last part is done, the batch's finish job (one per batch) links copy
// pages across parts, computes the batch's warnings once, and marks the batch done.

export type ReadPage = (input: ReadPageInput) => Promise<PageReading>;

export interface ScanContext {
  db: Db;
  storage: FileStorage;
  /** The page reader (src/scan/read-page.ts), injected so the job is tested on its own. */
  readPage: ReadPage;
  /** Called with the part's pages stored so far, for BullMQ's progress. */
  onProgress?: (done: number) => Promise<void>;
  /** The worker's open uploads, shared by the parts of a batch (scan-sources.ts); without, each part opens its own. */
  sources?: ScanSources;
  /** Queues a job of the batch (the finish job once the last part is read; parts the finish job finds missing). */
  queue?: ScanQueue;
}

/** What the job needs of the `scan` queue: adding a job by its fixed id. */
export interface ScanQueue {
  add(name: 'batch', data: TScanBatchJob, options: { jobId: string; priority?: number }): Promise<unknown>;
}

/** Progress is written at most this often, not a row update per page. */
const PROGRESS_MS = 250;
const NOT_OURS = new Set(['wrong_card', 'unidentified', 'blank']);

type Batch = NonNullable<Awaited<ReturnType<typeof findBatch>>>;
type Part = NonNullable<Awaited<ReturnType<typeof findPart>>>;

/** A job of the scan queue: a part's pages, or (no part) the batch's finish step. */
export async function runScanJob(ctx: ScanContext, job: TScanBatchJob): Promise<{ pages: number }> {
  return job.part === undefined ? finishScanBatch(ctx, job.batchId) : runScanPart(ctx, job.batchId, job.part);
}

/** One part: its range's pages not yet stored, read and stored; the last part done queues the finish job. */
export async function runScanPart(ctx: ScanContext, batchId: number, partNo: number): Promise<{ pages: number }> {
  const batch = await findBatch(ctx.db, batchId);
  if (!batch) return { pages: 0 }; // the card (and its batches) was deleted meanwhile
  if (batch.state === 'done' || batch.state === 'failed') return { pages: 0 };
  const part = await findPart(ctx.db, batchId, partNo);
  if (!part) return { pages: 0 };
  let pages = part.pages_done;
  if (part.state !== 'done') {
    if (batch.state === 'queued') await markBatchReading(ctx.db, batchId);
    if (part.state === 'queued') await updatePart(ctx.db, part.id, { state: 'reading' });
    const sources = ctx.sources ?? new ScanSources(0);
    const { source, release } = await sources.open(batch.file_key, batch.id, (dir) => openUpload(ctx, batch, dir));
    try {
      // A page that does not decode refuses the whole upload, naming the page (scan-refusal.ts).
      pages = await readRange(ctx, batch, part, source).catch((error: unknown) => {
        throw refusalOf(error);
      });
    } finally {
      await release();
      await discardIfRefused(ctx, batchId);
    }
  }
  if (await completePart(ctx.db, batchId, part.id)) await ctx.queue?.add('batch', { batchId }, { jobId: scanFinishJobId(batchId) });
  return { pages };
}

/**
 * Another part refused the batch while this one was reading (on another worker): what this part
 * stored meanwhile goes too (discardRefusedBatch is idempotent).
 */
async function discardIfRefused(ctx: ScanContext, batchId: number): Promise<void> {
  const batch = await findBatch(ctx.db, batchId);
  if (batch?.state === 'failed' && batch.error && isRefusal(batch.error)) await discardRefusedBatch(ctx.db, ctx.storage, batch);
}

/**
 * The batch's finish step, once every part is read (run once; again only after a worker died in
 * it, and each step is idempotent): copy pages linked to their page 1 across parts, the refusal of
 * an upload with none of the card's pages, the batch's warnings from its stored pages, then done.
 */
export async function finishScanBatch(ctx: ScanContext, batchId: number): Promise<{ pages: number }> {
  const batch = await findBatch(ctx.db, batchId);
  if (!batch) return { pages: 0 };
  if (batch.state === 'done' || batch.state === 'failed') return { pages: batch.pages_done };
  const parts = await partsOf(ctx.db, batchId);
  const left = parts.filter((p) => p.state !== 'done');
  if (left.length > 0) {
    // Not yet (a job queued before parts existed, or Redis lost a part): the parts are queued again.
    for (const p of left) if (ctx.queue) await ctx.queue.add('batch', { batchId, part: p.part_no }, { jobId: scanPartJobId(batchId, p.part_no), priority: p.queue_rank });
    return { pages: 0 };
  }
  await linkCopyPages(ctx.db, batchId);
  // Pages that are not ours are reported one by one; only an upload with none of the card's pages at all is another document.
  // A phone's capture is one sheet of a session, never an upload of its own: its page is set aside like any page (docs/scan-batches.md "Capture with a phone").
  const statuses = await pageStatusesOfBatch(ctx.db, batchId);
  if (batch.capture_session === null && statuses.length > 0 && statuses.every((p) => NOT_OURS.has(p.status))) await refuseForeign(ctx, batch, statuses.map((p) => p.image_key));
  const pages = statuses.length;
  const warnings = await batchWarningsOf(ctx.db, batchId);
  await updateBatch(ctx.db, batchId, { state: 'done', pages_done: pages, warnings: JSON.stringify(warnings), finished_at: new Date() });
  await ctx.sources?.drop(batch.file_key);
  return { pages };
}

async function openUpload(ctx: ScanContext, batch: Batch, work: string) {
  const path = join(work, 'upload');
  // On local storage a hard link, not a copy: each worker reading a part of a 550 MB upload copied it whole.
  if (!(await ctx.storage.linkTo?.(batch.file_key, path))) {
    const stream = await ctx.storage.getStream(batch.file_key);
    if (!stream) throw new ScanRefused('scan.noPages');
    await pipeline(stream, createWriteStream(path));
  }
  // Checked again as at upload (src/scan/scan-check.ts) before any pixel is decoded.
  const source = await openScanSource(path, join(work, 'pages')).catch((error: unknown) => {
    throw refusalOf(error);
  });
  const refusal = pageCountRefusal(source.pages);
  if (refusal) throw new ScanRefused(refusal);
  return source;
}

/**
 * Rows are written this many pages at a time, in one statement (a killed worker leaves whole
 * groups: the pages of an unwritten group are read again on restart, none is stored twice).
 */
const ROWS_AT_ONCE = 16;
/** Pages read but not yet written that the reader may run ahead by, before it waits for the writes. */
const MAX_UNWRITTEN = 3 * ROWS_AT_ONCE;

/**
 * The part's pages, page after page: the reader (this thread) reads a page while the source decodes
 * the next ones and the page images before it are encoded and stored (sharp's threads, the
 * storage's I/O); each group of rows is written once its images are stored, so a row never names a
 * missing image. The batch's last part reads to the upload's end, whatever the upload's count said.
 * Returns the part's pages stored.
 */
async function readRange(ctx: ScanContext, batch: Batch, part: Part, source: ScanSource): Promise<number> {
  const isLast = part.last_page >= batch.pages_total;
  const range = { first: part.first_page, last: isLast ? Math.max(part.last_page, source.pages) : part.last_page };
  const stored = await storedPageIndexes(ctx.db, batch.id, range);
  const wanted: number[] = [];
  for (let i = range.first; i <= Math.min(range.last, source.pages); i++) if (!stored.has(i)) wanted.push(i);
  const mapFor = batchMapLoader(ctx.storage, batch);
  const studentOf = studentFinder(ctx.db, batch.client_id);
  const assumedOf = assumedReader(ctx.storage, batch);
  const codes = batchCodesLoader(ctx.db, ctx.storage, batch);
  let done = stored.size;
  let lastWrite = Date.now();
  let group: { row: NewScanPage; image: Promise<void> }[] = [];
  let unwritten = 0;
  let writing: Promise<void> = Promise.resolve();
  let failure = null as { error: unknown } | null; // the first failed write's error (set in a callback)
  const write = () => {
    const rows = group;
    group = [];
    lastWrite = Date.now();
    writing = writing.then(async () => {
      await Promise.all(rows.map((r) => r.image));
      await insertPages(ctx.db, rows.map((r) => r.row));
      done += rows.length;
      unwritten -= rows.length;
      await recordPartProgress(ctx.db, batch.id, part.id, done);
      await ctx.onProgress?.(done);
    });
    writing.catch((error: unknown) => (failure ??= { error }));
  };
  for await (const { index, image } of source.images(wanted)) {
    if (failure) throw failure.error;
    const reading = await ctx.readPage({ image, mapFor, codes });
    const outcome = pageOutcome(reading, batch.document_id);
    const studentId = await studentOf(outcome, reading);
    const assumed = await assumedOf(reading, image, ctx.readPage, mapFor);
    const status = outcome.status === 'read' || outcome.status === 'review' ? (studentId ? outcome.status : 'unidentified') : outcome.status;
    const imageKey = scanPageImageKey(batch.client_id, batch.id, index);
    // Score fields' points beside the answers (`s<q>`), only on a page of this card (src/scan/score-fields.ts).
    const fields = outcome.status === 'read' || outcome.status === 'review' ? scoreEntries(reading.scores) : { answers: {}, flags: {} };
    const storing = storePageImage(ctx.storage, imageKey, image, reading.upsideDown).then(() => storeWrittenCrops(ctx.storage, imageKey, image, reading, outcome.cardPage, mapFor));
    storing.catch(() => undefined); // awaited by the write of its group
    group.push({
      image: storing,
      row: {
        batch_id: batch.id,
        client_id: batch.client_id,
        document_id: batch.document_id,
        page_index: index,
        status,
        card_page: outcome.cardPage,
        student_id: studentId,
        copy_no: outcome.copy,
        version: outcome.version,
        upside_down: reading.upsideDown,
        answers: JSON.stringify({ ...outcome.answers, ...fields.answers }),
        flags: JSON.stringify({ ...outcome.flags, ...fields.flags }),
        reading: JSON.stringify(reading),
        image_key: imageKey,
        assumed: assumed ? JSON.stringify(assumed) : null,
      },
    });
    unwritten += 1;
    if (group.length >= ROWS_AT_ONCE || Date.now() - lastWrite >= PROGRESS_MS) write();
    if (unwritten > MAX_UNWRITTEN) await writing;
  }
  write();
  await writing;
  if (failure) throw failure.error;
  await recordPartProgress(ctx.db, batch.id, part.id, done);
  return done;
}

/** No page of the upload is this card's: another document was uploaded. Nothing of it is kept. */
async function refuseForeign(ctx: ScanContext, batch: Batch, imageKeys: readonly (string | null)[]): Promise<never> {
  for (const key of imageKeys) if (key) await ctx.storage.delete(key);
  await deletePages(ctx.db, batch.id);
  throw new ScanRefused('scan.notOurCard');
}

/** The page's review image (src/scan/review-image.ts), stored under its key. */
async function storePageImage(storage: FileStorage, key: string, image: GrayImage, upsideDown: boolean): Promise<void> {
  // A colour page is shown as its plain grey (the channel it was read on has lost the card's print).
  await storage.put(key, await reviewJpeg(image.luma ? { ...image, data: image.luma } : image, upsideDown), 'image/jpeg');
}

/**
 * After a part's (or the finish job's) last attempt (a refusal has one): the batch says why, its
 * parts not read are given up (the other part jobs find the batch failed and do nothing); a refusal
 * also drops the upload and whatever the batch stored (discardRefusedBatch, once for the batch).
 */
export async function recordBatchFailed(db: Db, storage: FileStorage, batchId: number, error: Error): Promise<void> {
  const batch = await findBatch(db, batchId);
  if (!batch) return;
  const stored = storedError(error);
  if (isRefusal(stored)) await discardRefusedBatch(db, storage, batch);
  await updateBatch(db, batchId, { state: 'failed', error: stored.slice(0, 500), finished_at: new Date() });
  await failOpenParts(db, batchId);
}
