import { Redis } from 'ioredis';
import { redactUrl, SetupError } from './setup-messages';

export const LOCAL_REDIS_URL = 'redis://127.0.0.1:6379';

/** Connects once, without ioredis' endless reconnects, and asks for PONG. */
export async function probeRedis(url: string): Promise<{ ok: boolean; reason: string }> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 3_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  // ioredis rejects with a bare "Connection is closed"; the cause arrives as an 'error' event.
  let cause = '';
  client.on('error', (error: Error) => (cause ||= error.message));
  try {
    await client.connect();
    return { ok: (await client.ping()) === 'PONG', reason: 'no PONG' };
  } catch (error) {
    return { ok: false, reason: cause || (error instanceof Error ? error.message : String(error)) };
  } finally {
    client.disconnect();
  }
}

/** The configured REDIS_URL (which must answer), else a Redis on 127.0.0.1:6379, else null. */
export async function findRedis(): Promise<string | null> {
  const configured = process.env.REDIS_URL;
  if (configured) {
    const probe = await probeRedis(configured);
    if (probe.ok) return configured;
    throw new SetupError(
      `Cannot use Redis at REDIS_URL=${redactUrl(configured)}: ${probe.reason}.\n` +
        '  Start that Redis server or correct REDIS_URL, or unset it to let npm start use or install a local one.',
    );
  }
  return (await probeRedis(LOCAL_REDIS_URL)).ok ? LOCAL_REDIS_URL : null;
}
