import type { Queue } from 'bullmq';
import sharp from 'sharp';
import type { Db } from '../server/db/database';
import { pendingBatchIds } from '../server/repos/scan.repo';
import type { FileStorage } from '../server/storage/file-storage';
import { recordBatchFailed, runScanBatch, type ReadPage } from './jobs/scan-batch';
import { scanJobId, ZScanBatchJob } from './jobs/scan-batch.types';
import { requeueMissing, startResumableWorker, type ResumableOptions, type ResumableWorker } from './resumable-worker';

export interface ScanWorkerOptions extends ResumableOptions {
  storage: FileStorage;
  db: Db;
  readPage: ReadPage;
}

/** Batches MySQL counts as unfinished but Redis no longer holds are queued again (requeueMissing). */
export async function requeueLostBatches(db: Db, queue: Queue): Promise<number> {
  return requeueMissing(queue, 'batch', (await pendingBatchIds(db)).map((b) => ({ jobId: scanJobId(b.id), data: { batchId: b.id } })));
}

/** The worker of the `scan` queue: one batch at a time per slot, page by page (jobs/scan-batch.ts). */
export function startScanWorker(options: ScanWorkerOptions): ResumableWorker {
  // A batch keeps several sharp operations going at once (pages decoded ahead of the reader, page
  // images encoded behind it), so each gets one libvips thread, and libvips' cache of operations,
  // useless for pages never seen twice, stays empty instead of holding tens of MB.
  sharp.concurrency(1);
  sharp.cache(false);
  return startResumableWorker(
    'scan',
    'batch',
    options,
    (job) => {
      const { batchId } = ZScanBatchJob.parse(job.data);
      return runScanBatch({ db: options.db, storage: options.storage, readPage: options.readPage, onProgress: (done) => job.updateProgress(done) }, batchId);
    },
    (job, error) => recordBatchFailed(options.db, options.storage, ZScanBatchJob.parse(job.data).batchId, error),
  );
}
