import type { Readable } from 'node:stream';

/** What storage knows of a stored file. */
export interface StoredFile {
  size: number;
  modifiedAt: Date;
}

/** A file found by `list`. */
export interface ListedFile extends StoredFile {
  key: string;
}

/**
 * Generated files (PDFs, geometry maps, uploaded images) go through this, never through `fs`, so
 * the server and the workers can run on different machines: a local folder by default, an
 * S3-compatible bucket when configured (docs/pdf-rendering.md). Keys are relative paths with `/`
 * (see assertStorageKey). `put` replaces atomically: a reader sees the old file or the new one,
 * whole, never a part.
 */
export interface FileStorage {
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  /** The whole file, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** The file as a stream, for sending large files on without holding them in memory. */
  getStream(key: string): Promise<Readable | null>;
  stat(key: string): Promise<StoredFile | null>;
  /** Deleting a file that is not there is not an error: a retried job deletes twice. */
  delete(key: string): Promise<void>;
  /**
   * Every file whose key starts with `prefix`, a folder ending in `/` (`pdf/12/`), in no set
   * order, page by page: a bucket may hold more keys than memory should.
   */
  list(prefix: string): AsyncIterable<ListedFile>;
  /** Deletes every file under the folder `prefix` and answers how many there were. */
  deletePrefix(prefix: string): Promise<number>;
  /**
   * Where storage can, the file as a hard link at `path` on this machine (the local folder, on the
   * same file system): no copy of a large upload, and the file stays whole for the link's reader
   * even if the key is replaced or deleted meanwhile (put renames a new file over it). False when
   * it cannot (a bucket, another file system, no such file): the caller copies from getStream.
   */
  linkTo?(key: string, path: string): Promise<boolean>;
}

const MAX_KEY_LENGTH = 512;

/** A folder prefix is a valid key followed by `/`: never empty, so no call lists or deletes everything. */
export function assertStoragePrefix(prefix: string): void {
  if (!prefix.endsWith('/')) throw new Error(`storage prefix ${JSON.stringify(prefix)} must end with "/"`);
  assertStorageKey(prefix.slice(0, -1));
}

/**
 * Keys come from the application, but a key built from user input must never reach outside the
 * storage root: no absolute paths, no empty, `.` or `..` segments, no backslashes or control
 * characters. Segments starting with `.` are reserved for storage's own use (temporary files).
 */
export function assertStorageKey(key: string): void {
  const problem =
    key.length === 0 || key.length > MAX_KEY_LENGTH
      ? `must have 1 to ${MAX_KEY_LENGTH} characters`
      : key.startsWith('/')
        ? 'must be relative'
        // eslint-disable-next-line no-control-regex -- control characters are what this check refuses
        : /[\\\u0000-\u001f\u007f]/.test(key)
          ? 'must not contain backslashes or control characters'
          : key.split('/').some((segment) => segment === '' || segment.startsWith('.'))
            ? 'must not have empty segments or segments starting with "."'
            : null;
  if (problem !== null) throw new Error(`storage key ${JSON.stringify(key)} ${problem}`);
}
