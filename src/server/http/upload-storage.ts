import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Request } from 'express';
import multer from 'multer';
import { IMPORT_MAX_BYTES } from '../../shared/limits';

/** The legacy calls whose file may be large (scan uploads, ≤ SCAN_MAX_BYTES): streamed to a temporary file, never into memory. */
export const isLargeUpload = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && (body as Record<string, unknown>).method === 'import' && (body as Record<string, unknown>).action === 'scans';

const UPLOAD_DIR = join(tmpdir(), 'acs-uploads');

/**
 * One multer storage for the legacy door: a scan upload (its method and action must come before
 * the file in the form, as browsers and curl send fields in order) streams to disk; every other
 * file is small (≤ 2 MB) and kept in memory as before, refused past that as multer would.
 */
export const uploadStorage: multer.StorageEngine = {
  _handleFile(req: Request, file, callback) {
    if (isLargeUpload(req.body)) {
      const path = join(UPLOAD_DIR, randomUUID());
      let size = 0;
      void mkdir(UPLOAD_DIR, { recursive: true }).then(() => {
        const out = createWriteStream(path);
        file.stream.on('data', (chunk: Buffer) => (size += chunk.length));
        file.stream.pipe(out);
        out.on('error', (error) => callback(error));
        out.on('finish', () => callback(null, { path, size }));
      }, callback);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    file.stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= IMPORT_MAX_BYTES) chunks.push(chunk);
    });
    file.stream.on('error', (error) => callback(error));
    file.stream.on('end', () =>
      size > IMPORT_MAX_BYTES ? callback(new multer.MulterError('LIMIT_FILE_SIZE', file.fieldname)) : callback(null, { buffer: Buffer.concat(chunks), size }),
    );
  },
  _removeFile(_req, file, callback) {
    if (file.path) void rm(file.path, { force: true }).then(() => callback(null), callback);
    else callback(null);
  },
};

/** The temporary file of a finished request goes, whatever the answer was. */
export async function removeUpload(file: { path?: string } | undefined): Promise<void> {
  if (file?.path) await rm(file.path, { force: true });
}
