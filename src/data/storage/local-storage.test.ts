import { mkdtempSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { storageContract } from '../../../tests/support/storage-contract';
import { loadConfig } from '../config';
import { createStorage } from './create-storage';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';

const root = mkdtempSync(join(tmpdir(), 'acs-storage-'));
const storage = new LocalStorage(root);
afterAll(() => rm(root, { recursive: true, force: true }));

storageContract('LocalStorage', () => storage);

describe('LocalStorage', () => {
  it('lets a reader see the old file or the new one whole, never a part, while it is replaced', async () => {
    const big = (c: string) => Buffer.alloc(2 * 1024 * 1024, c);
    await storage.put('race/card.pdf', big('a'), 'application/pdf');
    const writes = ['b', 'c', 'd'].map((c) => storage.put('race/card.pdf', big(c), 'application/pdf'));
    const reads = Array.from({ length: 20 }, () => storage.get('race/card.pdf'));
    for (const read of await Promise.all(reads)) {
      expect(read!.length).toBe(2 * 1024 * 1024);
      expect(new Set(read).size).toBe(1); // one put's bytes only
    }
    await Promise.all(writes);
  }, 30_000); // each put is flushed to disk, slow on a busy machine

  it('keeps the old file and no temporary one when a write fails midway', async () => {
    await storage.put('fail/card.pdf', Buffer.from('old'), 'application/pdf');
    const failing = Readable.from(
      (async function* () {
        yield Buffer.from('half of a new');
        throw new Error('upstream broke');
      })(),
    );
    await expect(storage.put('fail/card.pdf', failing, 'application/pdf')).rejects.toThrow('upstream broke');
    expect((await storage.get('fail/card.pdf'))?.toString()).toBe('old');
    expect(await readdir(join(root, '.tmp'))).toEqual([]);
  });

  it('links a stored file to a path that keeps its bytes when the key is replaced or deleted, and answers false for no file', async () => {
    await storage.put('link/upload.pdf', Buffer.from('first'), 'application/pdf');
    const linked = join(root, 'linked-upload');
    expect(await storage.linkTo('link/upload.pdf', linked)).toBe(true);
    await storage.put('link/upload.pdf', Buffer.from('second'), 'application/pdf');
    await storage.delete('link/upload.pdf');
    expect((await readFile(linked)).toString()).toBe('first');
    expect(await storage.linkTo('link/none.pdf', join(root, 'linked-none'))).toBe(false);
  });

  it('writes under its root, keyed by path', async () => {
    await storage.put('cards/7/card.pdf', Buffer.from('x'), 'application/pdf');
    expect(await readdir(join(root, 'cards', '7'))).toEqual(['card.pdf']);
  });
});

describe('createStorage', () => {
  it('uses the local folder unless a bucket is configured', () => {
    expect(createStorage(loadConfig({ STORAGE_DIR: root }))).toBeInstanceOf(LocalStorage);
    const s3 = createStorage(loadConfig({ S3_BUCKET: 'cards', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' }));
    expect(s3).toBeInstanceOf(S3Storage);
    (s3 as S3Storage).close();
  });

  it('refuses half an S3 key pair', () => {
    expect(() => loadConfig({ S3_BUCKET: 'cards', S3_ACCESS_KEY_ID: 'id' })).toThrow('set together');
  });
});
