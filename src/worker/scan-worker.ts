import type { Queue } from 'bullmq';
import sharp from 'sharp';
import type { Db } from '../data/db/database';
import { pendingBatchIds, pendingPartRows } from '../data/repos/scan.repo';
import type { FileStorage } from '../data/storage/file-storage';
import { recordBatchFailed, runScanJob, type ReadPage } from './jobs/scan-batch';
import { scanFinishJobId, scanPartJobId, ZScanBatchJob } from '../shared/jobs/scan-batch-job';
import { ScanSources } from './jobs/scan-sources';
import { requeueMissing, startResumableWorker, type ResumableOptions, type ResumableWorker } from './resumable-worker';

export interface ScanWorkerOptions extends ResumableOptions {
  storage: FileStorage;
  db: Db;
  readPage: ReadPage;
}

/**
 * Parts MySQL counts as unread but Redis no longer holds are queued again with their rank
 * (requeueMissing); a batch whose parts are all read but which is not done gets its finish job.
 */
export async function requeueLostBatches(db: Db, queue: Queue): Promise<number> {
  const parts = await pendingPartRows(db);
  const withParts = new Set(parts.map((p) => p.batch_id));
  const finishing = (await pendingBatchIds(db)).filter((b) => !withParts.has(b.id));
  return requeueMissing(queue, 'batch', [
    ...finishing.map((b) => ({ jobId: scanFinishJobId(b.id), data: { batchId: b.id } })),
    ...parts.map((p) => ({ jobId: scanPartJobId(p.batch_id, p.part_no), data: { batchId: p.batch_id, part: p.part_no }, priority: p.queue_rank })),
  ]);
}

/** The worker of the `scan` queue: one part (or finish step) at a time per slot, page by page (jobs/scan-batch.ts). */
export function startScanWorker(options: ScanWorkerOptions): ResumableWorker {
  // A part keeps several sharp operations going at once (pages decoded ahead of the reader, page
  // images encoded behind it), so each gets one libvips thread, and libvips' cache of operations,
  // useless for pages never seen twice, stays empty instead of holding tens of MB.
  sharp.concurrency(1);
  sharp.cache(false);
  const sources = new ScanSources();
  const resumable = startResumableWorker(
    'scan',
    'batch',
    options,
    (job) => runScanJob({ db: options.db, storage: options.storage, readPage: options.readPage, sources, queue: resumable.queue, onProgress: (done) => job.updateProgress(done) }, ZScanBatchJob.parse(job.data)),
    (job, error) => recordBatchFailed(options.db, options.storage, ZScanBatchJob.parse(job.data).batchId, error),
  );
  return {
    ...resumable,
    close: async () => {
      await resumable.close();
      await sources.close();
    },
  };
}
