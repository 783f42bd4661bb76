import type { DefaultJobOptions } from 'bullmq';
import { z } from 'zod';
import { ZConvertPdfJob } from './convert-pdf-job';
import { ZPrintTicketJob } from './print-ticket-job';
import { ZScanBatchJob } from './scan-batch-job';
import { ZSlipsJob } from './slips-job';

/**
 * Typed job registry: every queue, its job names and their payload schemas, shared by producers
 * (the server) and the worker, which re-validates each payload before running it.
 */
export const JOBS = {
  maintenance: {
    'purge-expired-sessions': z.object({}),
    'prune-files': z.object({}),
  },
  pdf: {
    convert: ZConvertPdfJob,
  },
  print: {
    ticket: ZPrintTicketJob,
  },
  scan: {
    batch: ZScanBatchJob,
  },
  slips: {
    compose: ZSlipsJob,
  },
} as const;

export type QueueName = keyof typeof JOBS;

// Set on the queue, so every producer gets them: a render that failed for a passing reason (a
// crashed browser, storage hiccup) is tried again after 2 s, 4 s, 8 s.
export const QUEUE_DEFAULTS: Record<QueueName, DefaultJobOptions> = {
  maintenance: {},
  pdf: { attempts: 4, backoff: { type: 'exponential', delay: 2_000 }, removeOnComplete: { age: 86_400 }, removeOnFail: { age: 7 * 86_400 } },
  // A retried ticket skips its finished classes (docs/print-service.md); MySQL keeps its state.
  print: { attempts: 3, backoff: { type: 'exponential', delay: 1_000 }, removeOnComplete: { age: 86_400 }, removeOnFail: { age: 7 * 86_400 } },
  // A retried batch skips the pages it already stored (docs/scan-batches.md).
  scan: { attempts: 3, backoff: { type: 'exponential', delay: 1_000 }, removeOnComplete: { age: 86_400 }, removeOnFail: { age: 7 * 86_400 } },
  // Slips (成績單): a refusal completes the job with its reason; only a passing failure is tried again.
  slips: { attempts: 2, backoff: { type: 'fixed', delay: 1_000 }, removeOnComplete: { age: 86_400 }, removeOnFail: { age: 86_400 } },
};
