import { Queue, type ConnectionOptions } from 'bullmq';
import { QUEUE_DEFAULTS, type QueueName } from '../shared/jobs/queues';

// The Redis side of the job registry (src/shared/jobs/queues.ts): how producers and workers connect.
export function connectionOf(redisUrl: string): ConnectionOptions {
  const url = new URL(redisUrl);
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    password: url.password || undefined,
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
    maxRetriesPerRequest: null,
  };
}

export function openQueue(name: QueueName, redisUrl: string, prefix: string): Queue {
  return new Queue(name, { connection: connectionOf(redisUrl), prefix: `${prefix}:bull`, defaultJobOptions: QUEUE_DEFAULTS[name] });
}
