import { Redis } from 'ioredis';

/** Deletes every key under `<prefix>:` (BullMQ joins its prefix with a colon, as our keys do). */
export async function deleteKeysWithPrefix(redisUrl: string, prefix: string): Promise<number> {
  const client = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  let deleted = 0;
  try {
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      if (keys.length > 0) deleted += await client.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    client.disconnect();
  }
  return deleted;
}
