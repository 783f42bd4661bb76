import { Queue, type ConnectionOptions } from 'bullmq';
import { z } from 'zod';

/**
 * Typed job registry: every queue, its job names and their payload schemas, shared by producers
 * (the server) and the worker, which re-validates each payload before running it.
 */
export const JOBS = {
  maintenance: {
    'purge-expired-sessions': z.object({}),
  },
} as const;

export type QueueName = keyof typeof JOBS;

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
  return new Queue(name, { connection: connectionOf(redisUrl), prefix: `${prefix}:bull` });
}
