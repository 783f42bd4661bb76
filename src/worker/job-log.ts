import type { Worker } from 'bullmq';
import { log } from '../server/ops/log';

const requestIdOf = (data: unknown): string | undefined => {
  const id = (data as { requestId?: unknown } | undefined)?.requestId;
  return typeof id === 'string' ? id : undefined;
};

/**
 * One log line when a job starts, ends or fails, with the id of the request that queued it, so a
 * job can be followed from the click to the file across processes (docs/deployment.md, "Logs").
 */
export function logJobs(worker: Worker): void {
  const about = (job: { name: string; id?: string; attemptsMade: number; data: unknown }) => ({
    queue: worker.name,
    job: job.name,
    jobId: job.id,
    attempt: job.attemptsMade + 1,
    requestId: requestIdOf(job.data),
  });
  worker.on('active', (job) => log('info', 'job started', about(job)));
  worker.on('completed', (job) => log('info', 'job done', { ...about(job), ms: (job.finishedOn ?? Date.now()) - (job.processedOn ?? Date.now()) }));
  worker.on('failed', (job, error) => log('warn', 'job failed', { ...(job ? about(job) : { queue: worker.name }), error: error.message }));
}
