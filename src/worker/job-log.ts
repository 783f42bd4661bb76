import type { Worker } from 'bullmq';
import { log } from '../core/ops/log';

const requestIdOf = (data: unknown): string | undefined => {
  const id = (data as { requestId?: unknown } | undefined)?.requestId;
  return typeof id === 'string' ? id : undefined;
};

/**
 * One log line when a job starts, ends or fails, with the id of the request that queued it, so a
 * job can be followed from the click to the file across processes (docs/deployment.md, "Logs").
 */
export function logJobs(worker: Worker): void {
  // BullMQ counts an attempt in attemptsMade once it ends (completed or failed), not while it runs.
  const about = (job: { name: string; id?: string; attemptsMade: number; data: unknown }, ended = true) => ({
    queue: worker.name,
    job: job.name,
    jobId: job.id,
    attempt: ended ? job.attemptsMade : job.attemptsMade + 1,
    requestId: requestIdOf(job.data),
  });
  worker.on('active', (job) => log('info', 'job started', about(job, false)));
  worker.on('completed', (job) => log('info', 'job done', { ...about(job), ms: (job.finishedOn ?? Date.now()) - (job.processedOn ?? Date.now()) }));
  worker.on('failed', (job, error) => log('warn', 'job failed', { ...(job ? about(job) : { queue: worker.name }), error: error.message }));
}
