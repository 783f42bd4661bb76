import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import type { FileStorage } from '../../src/data/storage/file-storage';

/** What every FileStorage must do, run against each implementation that can be reached. */
export function storageContract(name: string, storage: () => FileStorage): void {
  describe(`${name} keeps the FileStorage contract`, () => {
    const key = (leaf: string) => `contract/${randomUUID()}/${leaf}`;

    it('stores a buffer and gives it back, with its size', async () => {
      const k = key('卷卡.pdf');
      await storage().put(k, Buffer.from('%PDF-1.4 一'), 'application/pdf');
      expect((await storage().get(k))?.toString()).toBe('%PDF-1.4 一');
      expect((await storage().stat(k))?.size).toBe(Buffer.byteLength('%PDF-1.4 一'));
    });

    it('stores a stream and streams it back', async () => {
      const k = key('map.json');
      await storage().put(k, Readable.from([Buffer.from('{"version":'), Buffer.from('1}')]), 'application/json');
      expect(await text((await storage().getStream(k))!)).toBe('{"version":1}');
    });

    it('replaces a file on a second put', async () => {
      const k = key('a.pdf');
      await storage().put(k, Buffer.from('old'), 'application/pdf');
      await storage().put(k, Buffer.from('new'), 'application/pdf');
      expect((await storage().get(k))?.toString()).toBe('new');
    });

    it('answers null for a missing file and deletes idempotently', async () => {
      const k = key('gone.pdf');
      expect(await storage().get(k)).toBeNull();
      expect(await storage().getStream(k)).toBeNull();
      expect(await storage().stat(k)).toBeNull();
      await storage().put(k, Buffer.from('x'), 'application/pdf');
      await storage().delete(k);
      await storage().delete(k);
      expect(await storage().get(k)).toBeNull();
    });

    it('lists the files under a folder prefix, nested ones too, and deletes them all by prefix', async () => {
      const root = `contract/${randomUUID()}`;
      const inside = [`${root}/p/a.pdf`, `${root}/p/b/c.json`, `${root}/p/b/卷卡.pdf`];
      for (const k of [...inside, `${root}/q/a.pdf`, `${root}/pa.pdf`]) await storage().put(k, Buffer.from(k), 'application/pdf');
      const listed = async (prefix: string) => {
        const files = [];
        for await (const file of storage().list(prefix)) files.push(file);
        return files.sort((x, y) => x.key.localeCompare(y.key));
      };
      const found = await listed(`${root}/p/`);
      expect(found.map((f) => f.key)).toEqual([...inside].sort((x, y) => x.localeCompare(y)));
      expect(found.map((f) => f.size)).toEqual(found.map((f) => Buffer.byteLength(f.key)));
      expect(found.every((f) => Math.abs(f.modifiedAt.getTime() - Date.now()) < 60_000)).toBe(true);
      expect(await storage().deletePrefix(`${root}/p/`)).toBe(3);
      expect(await listed(`${root}/p/`)).toEqual([]);
      expect((await listed(`${root}/`)).map((f) => f.key).sort()).toEqual([`${root}/pa.pdf`, `${root}/q/a.pdf`]);
      expect(await storage().deletePrefix(`${root}/missing/`)).toBe(0);
    });

    it('refuses prefixes that are not a folder inside its root', async () => {
      for (const bad of ['', '/', 'a', '../', 'a/../', '/etc/']) {
        await expect(storage().deletePrefix(bad), bad).rejects.toThrow(/storage (key|prefix)/);
        await expect(storage().list(bad)[Symbol.asyncIterator]().next(), bad).rejects.toThrow(/storage (key|prefix)/);
      }
    });

    it('refuses keys that could leave its root', async () => {
      for (const bad of ['../etc/passwd', '/etc/passwd', 'a/../../b', 'a//b', 'a\\b', '', 'a/.tmp/x', 'a\u0000b']) {
        await expect(storage().put(bad, Buffer.from('x'), 'text/plain'), bad).rejects.toThrow(/storage key/);
        await expect(storage().get(bad), bad).rejects.toThrow(/storage key/);
      }
    });
  });
}
