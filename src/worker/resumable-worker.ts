import type { Job, Worker, WorkerOptions } from 'bullmq';
import { log } from '../server/ops/log';
import { connectionOf } from './queues';

// What the print and scan workers share: jobs that resume where a dead worker stopped (their
// steps are recorded in MySQL), so a stalled job is simply run again, and only BullMQ's final
// verdict — the last attempt, a refusal, too many stalls — is written to MySQL as a failure.

export interface ResumableOptions {
  redisUrl: string;
  /** The Redis key prefix of the app (REDIS_PREFIX); queues live under `<prefix>:bull`. */
  prefix: string;
  concurrency?: number;
  /** How soon a dead worker's job goes to another worker (BullMQ's lock, default 30 s). */
  lockDurationMs?: number;
}

export function resumableWorkerOptions(options: ResumableOptions): WorkerOptions {
  return {
    connection: connectionOf(options.redisUrl),
    prefix: `${options.prefix}:bull`,
    concurrency: options.concurrency ?? 1,
    lockDuration: options.lockDurationMs ?? 30_000,
    stalledInterval: options.lockDurationMs ?? 30_000,
    // A job whose worker died twice is still resumed; its done steps are skipped anyway.
    maxStalledCount: 2,
  };
}

/** Calls `record` once BullMQ gives a job up; a failed attempt that will be retried leaves it running. */
export function onFinalFailure(worker: Worker, label: string, record: (job: Job, error: Error) => Promise<void>): void {
  worker.on('failed', (job, error) => {
    if (!job) return;
    void job
      .getState()
      .then((state) => (state === 'failed' ? record(job, error) : undefined))
      .catch((failure: unknown) => log('error', 'could not record a failed job', { queue: label, jobId: job.id, error: failure }));
  });
}
