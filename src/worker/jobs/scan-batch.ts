import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { UnrecoverableError } from 'bullmq';
import sharp from 'sharp';
import type { Db } from '../../server/db/database';
import { countPages, deletePages, findBatch, insertPage, storedPageIndexes, updateBatch } from '../../server/repos/scan.repo';
import type { FileStorage } from '../../server/storage/file-storage';
import type { GrayImage, PageReading, ReadPageInput } from '../../scan/page-reading';
import { pageOutcome } from '../../scan/page-record';
import { ScanFileProblem } from '../../scan/scan-file';
import { openScanSource } from '../../scan/scan-pages';
import { ZipTooLarge } from '../../scan/scan-zip';
import { SCAN_FOREIGN_PROBE_PAGES, SCAN_MAX_PAGES } from '../../shared/scan-limits';
import { batchMapLoader } from './scan-map';
import { identifyStudent, linkCopyPages } from './scan-identify';
import { scanPageImageKey } from './scan-batch.types';

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

/** A refusal the batch row keeps as a catalogue key (scan.*), with nothing of the batch left stored. */
export class ScanRefused extends UnrecoverableError {
  constructor(readonly key: string) {
    super(key);
  }
}

export const isRefusal = (message: string): boolean => /^scan\.[A-Za-z]+$/.test(message);

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
    await readPages(ctx, batch, source);
    await linkCopyPages(ctx.db, batchId);
    const pages = await countPages(ctx.db, batchId);
    await updateBatch(ctx.db, batchId, { state: 'done', pages_done: pages, finished_at: new Date() });
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
  const source = await openScanSource(path, join(work, 'pages')).catch((error: unknown) => {
    if (error instanceof ZipTooLarge) throw new ScanRefused('scan.zipBomb');
    if (error instanceof ScanFileProblem) throw new ScanRefused(error.problem === 'encrypted' ? 'scan.encrypted' : 'scan.badType');
    throw error;
  });
  if (source.pages === 0) throw new ScanRefused('scan.noPages');
  if (source.pages > SCAN_MAX_PAGES) throw new ScanRefused('scan.tooManyPages');
  return source;
}

async function readPages(ctx: ScanContext, batch: Batch, source: Awaited<ReturnType<typeof openUpload>>): Promise<void> {
  const stored = await storedPageIndexes(ctx.db, batch.id);
  const wanted = Array.from({ length: source.pages }, (_, i) => i + 1).filter((i) => !stored.has(i));
  const mapFor = batchMapLoader(ctx.storage, batch);
  let done = stored.size;
  let ours = stored.size > 0 ? 1 : 0; // a resumed batch already passed the probe
  let lastProgress = 0;
  for await (const { index, image } of source.images(wanted)) {
    const reading = await ctx.readPage({ image, mapFor });
    const outcome = pageOutcome(reading, batch.document_id);
    const studentId = await identifyStudent(ctx.db, batch.client_id, outcome, reading);
    const status = outcome.status === 'read' || outcome.status === 'review' ? (studentId ? outcome.status : 'unidentified') : outcome.status;
    const imageKey = scanPageImageKey(batch.client_id, batch.id, index);
    await ctx.storage.put(imageKey, await pageJpeg(image, reading.upsideDown), 'image/jpeg');
    await insertPage(ctx.db, {
      batch_id: batch.id,
      client_id: batch.client_id,
      document_id: batch.document_id,
      page_index: index,
      status,
      card_page: outcome.cardPage,
      student_id: studentId,
      copy_no: outcome.copy,
      upside_down: reading.upsideDown,
      answers: JSON.stringify(outcome.answers),
      flags: JSON.stringify(outcome.flags),
      reading: JSON.stringify(reading),
      image_key: imageKey,
    });
    done += 1;
    if (!NOT_OURS.has(outcome.status)) ours += 1;
    if (ours === 0 && done >= Math.min(SCAN_FOREIGN_PROBE_PAGES, source.pages)) await refuseForeign(ctx, batch, done);
    if (Date.now() - lastProgress >= PROGRESS_MS) {
      lastProgress = Date.now();
      await updateBatch(ctx.db, batch.id, { pages_done: done });
      await ctx.onProgress?.(done);
    }
  }
}

/** None of the first pages is this card's: another document was uploaded. Nothing of it is kept. */
async function refuseForeign(ctx: ScanContext, batch: Batch, done: number): Promise<never> {
  for (let index = 1; index <= done; index++) await ctx.storage.delete(scanPageImageKey(batch.client_id, batch.id, index));
  await deletePages(ctx.db, batch.id);
  throw new ScanRefused('scan.notOurCard');
}

/** The page as a person reviews it: right way up, greyscale JPEG. */
function pageJpeg(image: GrayImage, upsideDown: boolean): Promise<Buffer> {
  const raw = sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), { raw: { width: image.width, height: image.height, channels: 1 } });
  return (upsideDown ? raw.rotate(180) : raw).jpeg({ quality: 70 }).toBuffer();
}

/** After the last attempt: the batch says why; a refusal also drops the uploaded file. */
export async function recordBatchFailed(db: Db, storage: FileStorage, batchId: number, error: Error): Promise<void> {
  const batch = await findBatch(db, batchId);
  if (!batch) return;
  if (isRefusal(error.message)) await storage.delete(batch.file_key);
  await updateBatch(db, batchId, { state: 'failed', error: error.message.slice(0, 500), finished_at: new Date() });
}
