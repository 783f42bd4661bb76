import { Worker, type Job, type Queue, type WorkerOptions } from 'bullmq';
import { log } from '../core/ops/log';
import { type QueueName } from '../shared/jobs/queues';
import { connectionOf, openQueue } from '../data/queues';

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

function resumableWorkerOptions(options: ResumableOptions): WorkerOptions {
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
function onFinalFailure(worker: Worker, label: string, record: (job: Job, error: Error) => Promise<void>): void {
  worker.on('failed', (job, error) => {
    if (!job) return;
    void job
      .getState()
      .then((state) => (state === 'failed' ? record(job, error) : undefined))
      .catch((failure: unknown) => log('error', 'could not record a failed job', { queue: label, jobId: job.id, error: failure }));
  });
}

/**
 * Jobs MySQL counts as unfinished but Redis no longer holds (Redis lost or flushed) are queued
 * again; each job id is fixed by its row, so one still queued is not doubled.
 */
export async function requeueMissing(queue: Queue, name: string, pending: readonly { jobId: string; data: object; priority?: number }[]): Promise<number> {
  let added = 0;
  for (const job of pending) {
    if (await queue.getJob(job.jobId)) continue;
    await queue.add(name, job.data, { jobId: job.jobId, ...(job.priority === undefined ? {} : { priority: job.priority }) });
    added += 1;
  }
  return added;
}

export interface ResumableWorker {
  worker: Worker;
  queue: Queue;
  close(): Promise<void>;
}

/**
 * A resumable queue's worker: runs the one job name the queue carries, records BullMQ's final
 * failure in MySQL (`recordFailure`), and closes worker and queue together.
 */
export function startResumableWorker(
  queueName: QueueName,
  jobName: string,
  options: ResumableOptions,
  run: (job: Job) => Promise<unknown>,
  recordFailure: (job: Job, error: Error) => Promise<void>,
): ResumableWorker {
  const queue = openQueue(queueName, options.redisUrl, options.prefix);
  const worker = new Worker(
    queueName,
    async (job) => {
      if (job.name !== jobName) throw new Error(`unknown job ${job.name}`);
      return run(job);
    },
    resumableWorkerOptions(options),
  );
  onFinalFailure(worker, queueName, recordFailure);
  return {
    worker,
    queue,
    close: async () => {
      await worker.close();
      await queue.close();
    },
  };
}
