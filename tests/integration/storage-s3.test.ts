import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { S3_PART_BYTES, S3Storage } from '../../src/data/storage/s3-storage';
import { storageContract } from '../support/storage-contract';
import { testS3Options } from '../support/test-s3';

/**
 * S3Storage against a real S3-compatible server: the one `npm test` starts (s3rver) or the one
 * S3_ENDPOINT names (scripts/lib/test-s3.ts). Never skipped: without one the suite fails.
 */
describe('S3Storage on a real S3-compatible server', () => {
  const storage = new S3Storage(testS3Options());
  afterAll(() => storage.close());
  storageContract('S3Storage', () => storage);

  it('sends a long stream (a scan upload) in parts, never holding much more than one part of it', async () => {
    // Bytes the SDK has handed to the server in parts, counted on the client's own middleware.
    let sent = 0;
    const client = (storage as unknown as { client: S3Client }).client;
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const answer = await next(args);
        if (context.commandName === 'UploadPartCommand') sent += ((args.input as { Body: Buffer }).Body).length;
        return answer;
      },
      { step: 'initialize', name: 'countSentParts' },
    );
    const total = 3 * S3_PART_BYTES + 12_345;
    const written = createHash('sha256');
    let ahead = 0;
    async function* source() {
      for (let at = 0, n = 0; at < total; at += 1 << 16, n++) {
        const chunk = Buffer.alloc(Math.min(1 << 16, total - at), n % 251);
        written.update(chunk);
        ahead = Math.max(ahead, at + chunk.length - sent);
        yield chunk;
      }
    }
    const key = `contract/${randomUUID()}/upload`;
    await storage.put(key, Readable.from(source()), 'application/pdf');
    client.middlewareStack.remove('countSentParts');
    expect(sent).toBe(total);
    expect(ahead).toBeLessThan(S3_PART_BYTES + (2 << 20));
    const read = createHash('sha256');
    for await (const chunk of (await storage.getStream(key))!) read.update(chunk as Buffer);
    expect(read.digest('hex')).toBe(written.digest('hex'));
    expect((await storage.stat(key))?.size).toBe(total);
    await storage.delete(key);
  }, 60_000);
});
