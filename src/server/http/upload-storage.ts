import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Request } from 'express';
import multer from 'multer';
import { IMPORT_MAX_BYTES } from '../../shared/limits';
import { AppError } from '../errors/app-error';

/** The legacy calls whose file may be large (scan uploads, ≤ SCAN_MAX_BYTES): streamed to a temporary file, never into memory. */
export const isLargeUpload = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && (body as Record<string, unknown>).method === 'import' && (body as Record<string, unknown>).action === 'scans';

/** Whether the form's fields seen so far already name the call (its method and action came before the file). */
const namesCall = (body: unknown): boolean => typeof body === 'object' && body !== null && 'method' in body && 'action' in body;

const UPLOAD_DIR = join(tmpdir(), 'acs-uploads');
type Done = (error?: unknown, info?: Partial<Express.Multer.File>) => void;

/** The rest of `stream`, after the `head` already read from it, into a temporary file. */
function toDisk(stream: Readable, head: Buffer[], size: number, callback: Done): void {
  const path = join(UPLOAD_DIR, randomUUID());
  let total = size;
  void mkdir(UPLOAD_DIR, { recursive: true }).then(() => {
    const out = createWriteStream(path);
    for (const chunk of head) out.write(chunk);
    stream.on('data', (chunk: Buffer) => (total += chunk.length));
    stream.pipe(out);
    out.on('error', (error) => callback(error));
    out.on('finish', () => callback(null, { path, size: total }));
  }, callback);
}

/**
 * One multer storage for the legacy door. A scan upload streams to disk; every other file is small
 * (≤ 2 MB) and kept in memory, refused past that as multer would. Browsers and curl send fields in
 * order, so a form whose method and action come before the file says which it is; a form whose
 * file comes first keeps its first 2 MB in memory and, if the file is longer, writes it to disk
 * as it arrives — settleUpload decides once the whole form is read.
 */
export const uploadStorage: multer.StorageEngine = {
  _handleFile(req: Request, file, callback) {
    if (isLargeUpload(req.body)) return toDisk(file.stream, [], 0, callback);
    const mayBeLarge = !namesCall(req.body);
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= IMPORT_MAX_BYTES) chunks.push(chunk);
      else if (mayBeLarge) {
        file.stream.off('data', onData).off('end', onEnd).pause();
        toDisk(file.stream, [...chunks, chunk], size, callback);
      }
    };
    const onEnd = () => (size > IMPORT_MAX_BYTES ? callback(new multer.MulterError('LIMIT_FILE_SIZE', file.fieldname)) : callback(null, { buffer: Buffer.concat(chunks), size }));
    file.stream.on('data', onData).on('end', onEnd).on('error', (error) => callback(error));
  },
  _removeFile(_req, file, callback) {
    if (file.path) void rm(file.path, { force: true }).then(() => callback(null), callback);
    else callback(null);
  },
};

/**
 * The request's file once the whole form is read: a scan upload is always a file on disk (a small
 * one kept in memory is written out); any other call's file must have stayed in memory, ≤ 2 MB.
 */
export async function settleUpload(file: Express.Multer.File | undefined, body: unknown): Promise<Express.Multer.File | undefined> {
  if (!file) return undefined;
  if (isLargeUpload(body)) {
    if (!file.path) {
      await mkdir(UPLOAD_DIR, { recursive: true });
      file.path = join(UPLOAD_DIR, randomUUID());
      await writeFile(file.path, file.buffer);
      file.buffer = undefined as unknown as Buffer;
    }
    return file;
  }
  if (file.path) throw new AppError('PAYLOAD_TOO_LARGE', 'error.tooLarge');
  return file;
}

/** The temporary file of a finished request goes, whatever the answer was. */
export async function removeUpload(file: { path?: string } | undefined): Promise<void> {
  if (file?.path) await rm(file.path, { force: true });
}
