import { Worker, type Job } from 'bullmq';
import type { Db } from '../data/db/database';
import type { FileStorage } from '../data/storage/file-storage';
import { convertPdf } from './jobs/convert-pdf';
import { recordConverted, recordFailed } from './jobs/record-pdf';
import { connectionOf } from '../data/queues';
import { BrowserHost } from './render/browser-host';
import { PdfRenderer } from './render/pdf-renderer';
import { log } from '../core/ops/log';

export interface PdfWorkerOptions {
  redisUrl: string;
  /** The Redis key prefix of the app (REDIS_PREFIX); queues live under `<prefix>:bull`. */
  prefix: string;
  storage: FileStorage;
  chromiumPath: string;
  renderTimeoutMs: number;
  restartEvery: number;
  concurrency: number;
  /** Renders in Chromium at once (BrowserHost); the other jobs of `concurrency` wait for a slot. */
  rendersAtOnce?: number;
  /** How soon a dead worker's job goes to another worker (BullMQ's lock, default 30 s). */
  lockDurationMs?: number;
  /** Where a job that names its document records the outcome; without it results are only returned. */
  db?: Db;
}

/** The document a pdf job's payload names, if any (convertPdf checks the rest of the payload). */
function documentIdOf(job: Job): number | undefined {
  const data = job.data as { documentId?: unknown } | undefined;
  return typeof data?.documentId === 'number' ? data.documentId : undefined;
}

/** Converts, then records the outcome on the document the job names, if any (record-pdf.ts). */
async function runConvert(renderer: PdfRenderer, options: PdfWorkerOptions, job: Job) {
  const documentId = documentIdOf(job);
  const db = documentId === undefined ? undefined : options.db;
  try {
    const result = await convertPdf(renderer, options.storage, job.data);
    if (db && documentId !== undefined && job.id) await recordConverted(db, documentId, job.id, result);
    return result;
  } catch (error) {
    const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    if (db && documentId !== undefined && job.id && lastAttempt) await recordFailed(db, documentId, job.id, error instanceof Error ? error.message : String(error));
    throw error;
  }
}

/**
 * A job whose workers died mid-render too often fails without reaching runConvert's catch
 * ("job stalled more than allowable limit"): record that final failure too, so its document is
 * not left converting and locked. For a job runConvert already recorded, this matches no row.
 */
async function recordStalledOut(db: Db, job: Job | undefined): Promise<void> {
  const documentId = job ? documentIdOf(job) : undefined;
  if (!job?.id || documentId === undefined) return;
  try {
    if ((await job.getState()) !== 'failed') return; // it will be retried
    await recordFailed(db, documentId, job.id, job.failedReason || 'the conversion failed');
  } catch (error) {
    log('error', 'could not record the failure of a pdf job', { jobId: job.id, error });
  }
}

/**
 * The worker of the `pdf` queue: one browser for the process, shared by `concurrency` renders
 * at a time. Chromium works in its own processes, so the event loop stays free to renew job
 * locks; a worker that dies mid-render loses its lock and BullMQ hands the job to another.
 */
export function startPdfWorker(options: PdfWorkerOptions): { worker: Worker; close(): Promise<void> } {
  const host = new BrowserHost({ executablePath: options.chromiumPath, restartEvery: options.restartEvery, rendersAtOnce: options.rendersAtOnce });
  const renderer = new PdfRenderer(host, options.renderTimeoutMs);
  const worker = new Worker(
    'pdf',
    async (job) => {
      if (job.name !== 'convert') throw new Error(`unknown job ${job.name}`);
      return runConvert(renderer, options, job);
    },
    {
      connection: connectionOf(options.redisUrl),
      prefix: `${options.prefix}:bull`,
      concurrency: options.concurrency,
      lockDuration: options.lockDurationMs ?? 30_000,
      stalledInterval: options.lockDurationMs ?? 30_000,
    },
  );
  const db = options.db;
  if (db) worker.on('failed', (job) => void recordStalledOut(db, job));
  return {
    worker,
    close: async () => {
      await worker.close();
      await host.close();
    },
  };
}
