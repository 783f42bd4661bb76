import { Worker, type Queue } from 'bullmq';
import type { Db } from '../server/db/database';
import { pendingTicketIds } from '../server/repos/print-tickets.repo';
import type { FileStorage } from '../server/storage/file-storage';
import { recordTicketFailed, runPrintTicket } from './jobs/print-ticket';
import { ticketJobId, ZPrintTicketJob } from './jobs/print-ticket.types';
import { openQueue } from './queues';
import { onFinalFailure, resumableWorkerOptions } from './resumable-worker';

export interface PrintWorkerOptions {
  redisUrl: string;
  /** The Redis key prefix of the app (REDIS_PREFIX); queues live under `<prefix>:bull`. */
  prefix: string;
  storage: FileStorage;
  db: Db;
  /** Tickets at a time in this process; composing is CPU work on the event loop, so 1 (docs/print-service.md). */
  concurrency?: number;
  /** How soon a dead worker's ticket goes to another worker (BullMQ's lock, default 30 s). */
  lockDurationMs?: number;
}

/**
 * Tickets MySQL counts as pending but Redis no longer holds (Redis lost or flushed) are queued
 * again with their old rank; a ticket's job id is fixed, so one still queued is not doubled.
 */
export async function requeueLostTickets(db: Db, queue: Queue): Promise<number> {
  let added = 0;
  for (const ticket of await pendingTicketIds(db)) {
    if (await queue.getJob(ticketJobId(ticket.id))) continue;
    await queue.add('ticket', { ticketId: ticket.id }, { jobId: ticketJobId(ticket.id), priority: ticket.queue_rank });
    added += 1;
  }
  return added;
}

/** The worker of the `print` queue: one ticket at a time, class by class (jobs/print-ticket.ts). */
export function startPrintWorker(options: PrintWorkerOptions): { worker: Worker; queue: Queue; close(): Promise<void> } {
  const queue = openQueue('print', options.redisUrl, options.prefix);
  const worker = new Worker(
    'print',
    async (job) => {
      if (job.name !== 'ticket') throw new Error(`unknown job ${job.name}`);
      const { ticketId } = ZPrintTicketJob.parse(job.data);
      return runPrintTicket({ db: options.db, storage: options.storage, onProgress: (done) => job.updateProgress(done) }, ticketId);
    },
    resumableWorkerOptions(options),
  );
  onFinalFailure(worker, 'print', (job, error) => recordTicketFailed(options.db, ZPrintTicketJob.parse(job.data).ticketId, error.message));
  return {
    worker,
    queue,
    close: async () => {
      await worker.close();
      await queue.close();
    },
  };
}
