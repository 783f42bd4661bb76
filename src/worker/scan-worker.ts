import { Worker, type Queue } from 'bullmq';
import sharp from 'sharp';
import type { Db } from '../server/db/database';
import { pendingBatchIds } from '../server/repos/scan.repo';
import type { FileStorage } from '../server/storage/file-storage';
import { recordBatchFailed, runScanBatch, type ReadPage } from './jobs/scan-batch';
import { scanJobId, ZScanBatchJob } from './jobs/scan-batch.types';
import { openQueue } from './queues';
import { onFinalFailure, resumableWorkerOptions, type ResumableOptions } from './resumable-worker';

export interface ScanWorkerOptions extends ResumableOptions {
  storage: FileStorage;
  db: Db;
  readPage: ReadPage;
}

/** Batches MySQL counts as unfinished but Redis no longer holds are queued again; the job id is fixed, so none is doubled. */
export async function requeueLostBatches(db: Db, queue: Queue): Promise<number> {
  let added = 0;
  for (const batch of await pendingBatchIds(db)) {
    if (await queue.getJob(scanJobId(batch.id))) continue;
    await queue.add('batch', { batchId: batch.id }, { jobId: scanJobId(batch.id) });
    added += 1;
  }
  return added;
}

/** The worker of the `scan` queue: one batch at a time per slot, page by page (jobs/scan-batch.ts). */
export function startScanWorker(options: ScanWorkerOptions): { worker: Worker; queue: Queue; close(): Promise<void> } {
  // A batch keeps several sharp operations going at once (pages decoded ahead of the reader, page
  // images encoded behind it), so each gets one libvips thread, and libvips' cache of operations,
  // useless for pages never seen twice, stays empty instead of holding tens of MB.
  sharp.concurrency(1);
  sharp.cache(false);
  const queue = openQueue('scan', options.redisUrl, options.prefix);
  const worker = new Worker(
    'scan',
    async (job) => {
      if (job.name !== 'batch') throw new Error(`unknown job ${job.name}`);
      const { batchId } = ZScanBatchJob.parse(job.data);
      return runScanBatch({ db: options.db, storage: options.storage, readPage: options.readPage, onProgress: (done) => job.updateProgress(done) }, batchId);
    },
    resumableWorkerOptions(options),
  );
  onFinalFailure(worker, 'scan', (job, error) => recordBatchFailed(options.db, options.storage, ZScanBatchJob.parse(job.data).batchId, error));
  return {
    worker,
    queue,
    close: async () => {
      await worker.close();
      await queue.close();
    },
  };
}
