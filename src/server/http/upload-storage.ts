import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { MessageKey } from '../../shared/i18n/tw';
import { IMPORT_MAX_BYTES } from '../../shared/limits';
import { AppError } from '../../core/errors/app-error';

/** A form's file: in memory (imports, ≤ 2 MB) or in a temporary file (a scan upload, never held whole). */
export interface FormFile {
  originalname: string;
  mimetype: string;
  size: number;
  buffer?: Buffer;
  path?: string;
}

/** How the door takes a file, decided when its part begins (multipart-form.ts). */
export interface FileRule {
  /** Bytes the file may have; one more and the form is refused at once. */
  cap: number;
  /** Past IN_MEMORY_BYTES, whether it goes on into a temporary file (else it must fit in memory). */
  toDisk: boolean;
  tooLarge: MessageKey;
}

/** What a file may hold in memory: the largest import. */
export const IN_MEMORY_BYTES = IMPORT_MAX_BYTES;

/**
 * Receives one file part under its rule: kept in memory while small, written on to a temporary
 * file under `dir` once past IN_MEMORY_BYTES when the rule allows it, refused the moment it passes
 * its cap. `signal` aborts it (the form was refused elsewhere): the temporary file goes with it.
 */
export function receiveFile(stream: Readable, meta: { filename: string; mimeType: string }, rule: FileRule, dir: string, signal: AbortSignal): Promise<FormFile> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let out: WriteStream | undefined;
    let path: string | undefined;
    let done = false;
    const fail = (error: unknown) => {
      if (done) return;
      done = true;
      stream.removeAllListeners('data');
      out?.destroy();
      if (path) void rm(path, { force: true });
      reject(error);
    };
    signal.addEventListener('abort', () => fail(signal.reason), { once: true });
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > rule.cap) return fail(new AppError('PAYLOAD_TOO_LARGE', rule.tooLarge));
      if (out) {
        if (out.write(chunk)) return;
        stream.pause();
        out.once('drain', () => stream.resume());
        return;
      }
      chunks.push(chunk);
      if (size > IN_MEMORY_BYTES && rule.toDisk) {
        path = join(dir, randomUUID());
        out = createWriteStream(path, { flags: 'wx' }).on('error', fail);
        for (const c of chunks.splice(0)) out.write(c);
      }
    });
    stream.on('error', fail);
    stream.resume();
    stream.on('end', () => {
      if (done) return;
      const file = { originalname: meta.filename, mimetype: meta.mimeType, size };
      if (!out) {
        done = true;
        return resolve({ ...file, buffer: Buffer.concat(chunks) });
      }
      out.end(() => {
        if (done) return;
        done = true;
        resolve({ ...file, path });
      });
    });
  });
}

/** A call that reads its file from disk (a scan upload) gets one, even when it was small enough for memory. */
export async function onDisk(file: FormFile, dir: string): Promise<FormFile & { path: string }> {
  if (file.path) return { ...file, path: file.path };
  const path = join(dir, randomUUID());
  await mkdir(dir, { recursive: true });
  await writeFile(path, file.buffer ?? Buffer.alloc(0), { flag: 'wx' });
  return { ...file, buffer: undefined, path };
}

/** The temporary file of a finished request goes, whatever the answer was. */
export async function removeUpload(file: { path?: string } | undefined): Promise<void> {
  if (file?.path) await rm(file.path, { force: true });
}
