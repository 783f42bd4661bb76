import type { Queue } from 'bullmq';
import { log } from '../core/ops/log';
import type { Db } from '../data/db/database';
import { pendingTicketIds } from '../data/repos/print-tickets.repo';
import type { FileStorage } from '../data/storage/file-storage';
import { failureMessage, recordTicketFailed, runPrintTicket } from './jobs/print-ticket';
import { ticketJobId, ZPrintTicketJob } from '../shared/jobs/print-ticket-job';
import { requeueMissing, startResumableWorker, type ResumableOptions, type ResumableWorker } from './resumable-worker';

/** Composing is CPU work on the event loop, so concurrency stays 1 (docs/print-service.md). */
export interface PrintWorkerOptions extends ResumableOptions {
  storage: FileStorage;
  db: Db;
}

/** Tickets MySQL counts as pending but Redis no longer holds are queued again with their old rank (requeueMissing). */
export async function requeueLostTickets(db: Db, queue: Queue): Promise<number> {
  return requeueMissing(queue, 'ticket', (await pendingTicketIds(db)).map((t) => ({ jobId: ticketJobId(t.id), data: { ticketId: t.id }, priority: t.queue_rank })));
}

/** The worker of the `print` queue: one ticket at a time, class by class (jobs/print-ticket.ts). */
export function startPrintWorker(options: PrintWorkerOptions): ResumableWorker {
  return startResumableWorker(
    'print',
    'ticket',
    options,
    (job) => runPrintTicket({ db: options.db, storage: options.storage, onProgress: (done) => job.updateProgress(done) }, ZPrintTicketJob.parse(job.data).ticketId),
    (job, error) => {
      const ticketId = ZPrintTicketJob.parse(job.data).ticketId;
      // The user reads our key's text; the technical cause stays in the log.
      log('error', 'print ticket failed', { ticketId, error: error.message });
      return recordTicketFailed(options.db, ticketId, failureMessage(error));
    },
  );
}
