import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { link, mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey, assertStoragePrefix, type FileStorage, type ListedFile, type StoredFile } from './file-storage';

const isMissing = (error: unknown): boolean => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Files under one folder (STORAGE_DIR). A put writes a temporary file in `<root>/.tmp` (same
 * file system, so the rename is atomic), flushes it, and renames it over the key's path.
 * The content type is not kept: the key's extension tells it.
 */
export class LocalStorage implements FileStorage {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  async put(key: string, body: Buffer | Readable, _contentType: string): Promise<void> {
    const target = this.pathOf(key);
    const temp = join(this.root, '.tmp', randomUUID());
    await mkdir(dirname(temp), { recursive: true });
    await mkdir(dirname(target), { recursive: true });
    try {
      if (Buffer.isBuffer(body)) await writeFile(temp, body, { flush: true });
      else await pipeline(body, createWriteStream(temp, { flush: true }));
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async linkTo(key: string, path: string): Promise<boolean> {
    return link(this.pathOf(key), path).then(
      () => true,
      () => false,
    );
  }

  async get(key: string): Promise<Buffer | null> {
    return readFile(this.pathOf(key)).catch((error: unknown) => (isMissing(error) ? null : Promise.reject(error)));
  }

  async getStream(key: string): Promise<Readable | null> {
    // Opened before returning, so a missing file is null here rather than an error mid-stream.
    try {
      return (await open(this.pathOf(key))).createReadStream();
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async stat(key: string): Promise<StoredFile | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { size: info.size, modifiedAt: info.mtime } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async *list(prefix: string): AsyncIterable<ListedFile> {
    assertStoragePrefix(prefix);
    const folder = this.pathOf(prefix.slice(0, -1));
    const names = await readdir(folder, { recursive: true }).catch((error: unknown) => (isMissing(error) ? [] : Promise.reject(error)));
    for (const name of names) {
      const info = await stat(join(folder, name)).catch((error: unknown) => (isMissing(error) ? null : Promise.reject(error)));
      if (info?.isFile()) yield { key: `${prefix}${name.split(sep).join('/')}`, size: info.size, modifiedAt: info.mtime };
    }
  }

  async deletePrefix(prefix: string): Promise<number> {
    let count = 0;
    for await (const _file of this.list(prefix)) count += 1;
    await rm(this.pathOf(prefix.slice(0, -1)), { recursive: true, force: true });
    return count;
  }

  private pathOf(key: string): string {
    assertStorageKey(key);
    const path = join(this.root, ...key.split('/'));
    // assertStorageKey already rules out escapes; this guards against a future change to it.
    if (!path.startsWith(this.root + sep)) throw new Error(`storage key ${JSON.stringify(key)} leaves the storage root`);
    return path;
  }
}
