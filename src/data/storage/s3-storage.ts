import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { assertStorageKey, assertStoragePrefix, type FileStorage, type ListedFile, type StoredFile } from './file-storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, Ceph, Garage …); unset for AWS itself. */
  endpoint?: string;
  forcePathStyle: boolean;
  /** Unset: the SDK's default chain (environment, instance role …). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

const isMissing = (error: unknown): boolean => error instanceof NoSuchKey || error instanceof NotFound;

/** A stream is sent in parts of this size (S3's minimum is 5 MiB but for the last part): at most one is held in memory. */
export const S3_PART_BYTES = 8 * 1024 * 1024;

/** The stream in parts of `size` bytes (the last one shorter), each collected as it arrives. */
async function* partsOf(body: Readable, size: number): AsyncGenerator<Buffer> {
  let chunks: Buffer[] = [];
  let held = 0;
  for await (const chunk of body as AsyncIterable<Buffer | string>) {
    let rest = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    while (held + rest.length >= size) {
      const take = size - held;
      yield Buffer.concat([...chunks, rest.subarray(0, take)]);
      chunks = [];
      held = 0;
      rest = rest.subarray(take);
    }
    if (rest.length > 0) {
      chunks.push(rest);
      held += rest.length;
    }
  }
  if (held > 0 || chunks.length > 0) yield Buffer.concat(chunks);
}

/**
 * Files as objects of one bucket, key for key. A PUT replaces an object atomically in S3's own
 * semantics, which is what FileStorage promises.
 */
export class S3Storage implements FileStorage {
  private readonly client: S3Client;

  constructor(private readonly options: S3StorageOptions) {
    const config: S3ClientConfig = { region: options.region, forcePathStyle: options.forcePathStyle };
    if (options.endpoint) config.endpoint = options.endpoint;
    if (options.credentials) config.credentials = options.credentials;
    this.client = new S3Client(config);
  }

  /**
   * A buffer is one PUT. A stream (a scan upload of up to 200 MB) is never collected whole: it goes
   * as one PUT if it ends within the first part, else as a multipart upload, one part in memory at
   * a time (CRC32 checksums per part, as S3 requires them declared up front), aborted on failure
   * so no half object or orphaned parts stay behind.
   */
  async put(key: string, body: Buffer | Readable, contentType: string): Promise<void> {
    assertStorageKey(key);
    if (Buffer.isBuffer(body)) return this.putOnce(key, body, contentType);
    const parts = partsOf(body, S3_PART_BYTES);
    const first = await parts.next();
    if (first.done || first.value.length < S3_PART_BYTES) return this.putOnce(key, first.done ? Buffer.alloc(0) : first.value, contentType);
    const Bucket = this.options.bucket;
    const { UploadId } = await this.client.send(new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType, ChecksumAlgorithm: 'CRC32' }));
    const sent: { PartNumber: number; ETag?: string; ChecksumCRC32?: string }[] = [];
    try {
      const send = async (bytes: Buffer) => {
        const PartNumber = sent.length + 1;
        const answer = await this.client.send(new UploadPartCommand({ Bucket, Key: key, UploadId, PartNumber, Body: bytes, ChecksumAlgorithm: 'CRC32' }));
        sent.push({ PartNumber, ETag: answer.ETag, ChecksumCRC32: answer.ChecksumCRC32 });
      };
      await send(first.value);
      for await (const part of parts) await send(part);
      await this.client.send(new CompleteMultipartUploadCommand({ Bucket, Key: key, UploadId, MultipartUpload: { Parts: sent } }));
    } catch (error) {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId })).catch(() => undefined);
      throw error;
    }
  }

  private async putOnce(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.options.bucket, Key: key, Body: bytes, ContentType: contentType }));
  }

  async get(key: string): Promise<Buffer | null> {
    const stream = await this.getStream(key);
    return stream === null ? null : buffer(stream);
  }

  async getStream(key: string): Promise<Readable | null> {
    assertStorageKey(key);
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: key }));
      if (!(object.Body instanceof Readable)) throw new Error(`S3 answered ${key} without a body stream`);
      return object.Body;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async stat(key: string): Promise<StoredFile | null> {
    assertStorageKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }

  async *list(prefix: string): AsyncIterable<ListedFile> {
    assertStoragePrefix(prefix);
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.options.bucket, Prefix: prefix, ContinuationToken: token }));
      for (const object of page.Contents ?? []) yield { key: object.Key!, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Up to 1,000 keys a request (S3's limit for one DeleteObjects). */
  async deletePrefix(prefix: string): Promise<number> {
    let count = 0;
    let batch: string[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const answer = await this.client.send(new DeleteObjectsCommand({ Bucket: this.options.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
      if (answer.Errors?.length) throw new Error(`S3 did not delete ${answer.Errors.length} object(s) under ${prefix}: ${answer.Errors[0].Message}`);
      count += batch.length;
      batch = [];
    };
    for await (const file of this.list(prefix)) {
      batch.push(file.key);
      if (batch.length === 1000) await flush();
    }
    await flush();
    return count;
  }

  /** Closes the client's sockets, for tests and shutdown. */
  close(): void {
    this.client.destroy();
  }
}
