import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Db } from '../../server/db/database';
import type { NewScanPage } from '../../server/db/tables/scan.table';
import { countPages, deletePages, findBatch, insertPages, storedPageIndexes, updateBatch } from '../../server/repos/scan.repo';
import type { FileStorage } from '../../server/storage/file-storage';
import type { GrayImage, PageReading, ReadPageInput } from '../../scan/page-reading';
import { pageOutcome } from '../../scan/page-record';
import { reviewJpeg } from '../../scan/review-image';
import { openScanSource } from '../../scan/scan-pages';
import { SCAN_MAX_PAGES } from '../../shared/scan-limits';
import { batchMapLoader } from './scan-map';
import { linkCopyPages, studentFinder } from './scan-identify';
import { assumedReader } from './scan-assume';
import { scanPageImageKey } from './scan-batch.types';
import { storeWrittenCrops } from './written-crops';
import { scoreEntries } from '../../scan/score-fields';
import { batchWarningsOf } from './scan-warnings';
import { discardRefusedBatch, isRefusal, refusalOf, ScanRefused } from './scan-refusal';

// One scan batch: the upload copied to a scratch folder, then page by page — decode, read, store
// the page's image and its row. A batch run again (a retry, a worker killed mid-batch) skips the
// pages already stored, so each page of the upload ends with exactly one row (docs/scan-batches.md).

export type ReadPage = (input: ReadPageInput) => Promise<PageReading>;

export interface ScanContext {
  db: Db;
  storage: FileStorage;
  /** The page reader (src/scan/read-page.ts), injected so the job is tested on its own. */
  readPage: ReadPage;
  /** Called with the pages stored so far, for BullMQ's progress. */
  onProgress?: (done: number) => Promise<void>;
}

/** Progress is written at most this often, not a row update per page. */
const PROGRESS_MS = 250;
const NOT_OURS = new Set(['wrong_card', 'unidentified', 'blank']);

export { ScanRefused, isRefusal } from './scan-refusal';

type Batch = NonNullable<Awaited<ReturnType<typeof findBatch>>>;

export async function runScanBatch(ctx: ScanContext, batchId: number): Promise<{ pages: number }> {
  const batch = await findBatch(ctx.db, batchId);
  if (!batch) return { pages: 0 }; // the card (and its batches) was deleted meanwhile
  if (batch.state === 'done' || batch.state === 'failed') return { pages: batch.pages_done };
  await updateBatch(ctx.db, batchId, { state: 'reading' });
  const work = join(tmpdir(), `scan-${batchId}-${randomUUID().slice(0, 8)}`);
  try {
    await mkdir(work, { recursive: true });
    const source = await openUpload(ctx, batch, work);
    await updateBatch(ctx.db, batchId, { pages_total: source.pages });
    // A page that does not decode refuses the whole upload, naming the page (scan-refusal.ts).
    await readPages(ctx, batch, source).catch((error: unknown) => {
      throw refusalOf(error);
    });
    await linkCopyPages(ctx.db, batchId);
    const pages = await countPages(ctx.db, batchId);
    const warnings = await batchWarningsOf(ctx.db, batchId);
    await updateBatch(ctx.db, batchId, { state: 'done', pages_done: pages, warnings: JSON.stringify(warnings), finished_at: new Date() });
    await ctx.onProgress?.(pages);
    return { pages };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function openUpload(ctx: ScanContext, batch: Batch, work: string) {
  const stream = await ctx.storage.getStream(batch.file_key);
  if (!stream) throw new ScanRefused('scan.noPages');
  const path = join(work, 'upload');
  await pipeline(stream, createWriteStream(path));
  // Checked again as at upload (src/scan/scan-check.ts) before any pixel is decoded.
  const source = await openScanSource(path, join(work, 'pages')).catch((error: unknown) => {
    throw refusalOf(error);
  });
  if (source.pages === 0) throw new ScanRefused('scan.noPages');
  if (source.pages > SCAN_MAX_PAGES) throw new ScanRefused('scan.tooManyPages');
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
 * Page after page: the reader (this thread) reads a page while the source decodes the next ones
 * and the page images before it are encoded and stored (sharp's threads, the storage's I/O); each
 * group of rows is written once its images are stored, so a row never names a missing image.
 */
async function readPages(ctx: ScanContext, batch: Batch, source: Awaited<ReturnType<typeof openUpload>>): Promise<void> {
  const stored = await storedPageIndexes(ctx.db, batch.id);
  const wanted = Array.from({ length: source.pages }, (_, i) => i + 1).filter((i) => !stored.has(i));
  const mapFor = batchMapLoader(ctx.storage, batch);
  const studentOf = studentFinder(ctx.db, batch.client_id);
  const assumedOf = assumedReader(ctx.storage, batch);
  let done = stored.size;
  let read = stored.size;
  let ours = stored.size > 0 ? 1 : 0; // a resumed batch already passed the probe
  let lastWrite = Date.now();
  let group: { row: NewScanPage; image: Promise<void> }[] = [];
  let unwritten = 0;
  let writing: Promise<void> = Promise.resolve();
  let failure: unknown = null;
  const write = () => {
    const rows = group;
    group = [];
    lastWrite = Date.now();
    writing = writing.then(async () => {
      await Promise.all(rows.map((r) => r.image));
      await insertPages(ctx.db, rows.map((r) => r.row));
      done += rows.length;
      unwritten -= rows.length;
      await updateBatch(ctx.db, batch.id, { pages_done: done });
      await ctx.onProgress?.(done);
    });
    writing.catch((error: unknown) => (failure ??= error));
  };
  for await (const { index, image } of source.images(wanted)) {
    if (failure) throw failure;
    const reading = await ctx.readPage({ image, mapFor });
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
    read += 1;
    unwritten += 1;
    if (!NOT_OURS.has(outcome.status)) ours += 1;
    if (group.length >= ROWS_AT_ONCE || Date.now() - lastWrite >= PROGRESS_MS) write();
    if (unwritten > MAX_UNWRITTEN) await writing;
  }
  write();
  await writing;
  // Pages that are not ours are reported one by one; only an upload with none of the card's pages at all is another document.
  if (ours === 0 && read > 0) await refuseForeign(ctx, batch, source.pages);
}

/** None of the first pages is this card's: another document was uploaded. Nothing of it is kept. */
async function refuseForeign(ctx: ScanContext, batch: Batch, lastIndex: number): Promise<never> {
  for (let index = 1; index <= lastIndex; index++) await ctx.storage.delete(scanPageImageKey(batch.client_id, batch.id, index));
  await deletePages(ctx.db, batch.id);
  throw new ScanRefused('scan.notOurCard');
}

/** The page's review image (src/scan/review-image.ts), stored under its key. */
async function storePageImage(storage: FileStorage, key: string, image: GrayImage, upsideDown: boolean): Promise<void> {
  // A colour page is shown as its plain grey (the channel it was read on has lost the card's print).
  await storage.put(key, await reviewJpeg(image.luma ? { ...image, data: image.luma } : image, upsideDown), 'image/jpeg');
}

/** After the last attempt (a refusal has one): the batch says why; a refusal also drops the upload and whatever the batch stored. */
export async function recordBatchFailed(db: Db, storage: FileStorage, batchId: number, error: Error): Promise<void> {
  const batch = await findBatch(db, batchId);
  if (!batch) return;
  if (isRefusal(error.message)) await discardRefusedBatch(db, storage, batch);
  await updateBatch(db, batchId, { state: 'failed', error: error.message.slice(0, 500), finished_at: new Date() });
}
