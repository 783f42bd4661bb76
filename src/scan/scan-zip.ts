import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { SCAN_MAX_INFLATED_BYTES, SCAN_MAX_ZIP_ENTRIES } from '../shared/scan-limits';
import { ScanFileProblem } from './scan-file';

/** A ZIP that inflates past the bounds (a ZIP bomb), told apart from a broken one for the message. */
export class ZipTooLarge extends Error {}

const IMAGE_NAME = /\.(jpe?g|png|tiff?)$/i;

/**
 * Walks the image entries of a ZIP (by name; other entries and folders are skipped), counting
 * entries and inflated bytes as they stream, so a bomb is stopped at the bound, never inflated
 * whole. `sink` gets each entry's stream; null only counts.
 */
async function walkZip(path: string, sink: ((name: string, index: number) => NodeJS.WritableStream) | null): Promise<number> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, validateEntrySizes: true }, (error, file) => (error || !file ? reject(new ScanFileProblem('malformed', String(error?.message))) : resolve(file))),
  );
  let images = 0;
  let inflated = 0;
  try {
    for (;;) {
      const entry = await new Promise<yauzl.Entry | null>((resolve, reject) => {
        zip.removeAllListeners('entry').removeAllListeners('end').removeAllListeners('error');
        zip.once('entry', resolve).once('end', () => resolve(null)).once('error', (e: Error) => reject(new ScanFileProblem('malformed', e.message)));
        zip.readEntry();
      });
      if (!entry) return images;
      if (!IMAGE_NAME.test(entry.fileName) || entry.fileName.endsWith('/')) continue;
      images += 1;
      inflated += entry.uncompressedSize;
      if (images > SCAN_MAX_ZIP_ENTRIES || inflated > SCAN_MAX_INFLATED_BYTES) throw new ZipTooLarge();
      const stream = await new Promise<Readable>((resolve, reject) => zip.openReadStream(entry, (e, s) => (e || !s ? reject(new ScanFileProblem('malformed', String(e?.message))) : resolve(s))));
      let seen = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          seen += chunk.length;
          done(seen > entry.uncompressedSize ? new ZipTooLarge() : null, chunk);
        },
      });
      const target = sink ? sink(entry.fileName, images) : new Transform({ transform: (_c, _e, done) => done() }).resume();
      await pipeline(stream, counter, target as NodeJS.WritableStream).catch((error: unknown) => {
        throw error instanceof ZipTooLarge ? error : new ScanFileProblem('malformed', (error as Error).message);
      });
    }
  } finally {
    zip.close();
  }
}

/** Checks an uploaded ZIP without keeping anything: the number of page images in it. */
export const countZipImages = (path: string): Promise<number> => walkZip(path, null);

/** The job's side: the ZIP's images as files in `dir`, in the ZIP's order of entries sorted by name. */
export async function extractZipImages(path: string, dir: string): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const files: { name: string; path: string }[] = [];
  await walkZip(path, (name, index) => {
    const file = join(dir, `${String(index).padStart(5, '0')}${/\.[a-z]+$/i.exec(name)?.[0] ?? ''}`);
    files.push({ name, path: file });
    return createWriteStream(file);
  });
  return files.sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true })).map((f) => f.path);
}
