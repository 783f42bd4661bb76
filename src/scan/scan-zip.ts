import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { SCAN_MAX_ENTRY_BYTES, SCAN_MAX_INFLATED_BYTES, SCAN_MAX_ZIP_ENTRIES } from '../shared/scan-limits';
import { sniffScanFile } from './scan-file';
import { ScanFileProblem, ZipTooLarge, type ScanFileKind } from './scan-problem';

/** What a computer adds to a folder it zips (never a page): skipped, not refused. */
const JUNK = /(^|\/)(__MACOSX\/|\.[^/]*$|Thumbs\.db$|desktop\.ini$)/i;

/** A ZIP entry written to disk, sniffed: what the caller checks it as. */
export type ZipEntryFile = { name: string; path: string; kind: Exclude<ScanFileKind, 'zip'> };

/**
 * Walks a ZIP's entries (folders and a computer's own files skipped), every other entry streamed
 * to a file in `dir` through a counter: an entry declared over SCAN_MAX_ENTRY_BYTES, one that
 * inflates past what it declares (the lie of a ZIP bomb), more than SCAN_MAX_ZIP_ENTRIES entries
 * or SCAN_MAX_INFLATED_BYTES in all stop the walk at the bound, nothing inflated beyond it. Each
 * entry must be a PDF, JPEG, PNG or TIFF by its first bytes (an SVG or anything else is refused,
 * named). `check` gets each file as it lands and says how many pages it holds; `keep` false
 * removes each file once checked (the upload's check keeps nothing).
 */
async function walkZip(path: string, dir: string, keep: boolean, check: (entry: ZipEntryFile) => Promise<number>): Promise<{ pages: number; files: ZipEntryFile[] }> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    // Sizes are checked here, against the entry's declared size, not by yauzl (whose text would be a library's).
    yauzl.open(path, { lazyEntries: true, validateEntrySizes: false }, (error, file) => (error || !file ? reject(new ScanFileProblem('malformed', String(error?.message), { kind: 'zip' })) : resolve(file))),
  );
  let entries = 0;
  let inflated = 0;
  let pages = 0;
  const files: ZipEntryFile[] = [];
  try {
    for (;;) {
      const entry = await new Promise<yauzl.Entry | null>((resolve, reject) => {
        zip.removeAllListeners('entry').removeAllListeners('end').removeAllListeners('error');
        zip.once('entry', resolve).once('end', () => resolve(null)).once('error', (e: Error) => reject(new ScanFileProblem('malformed', e.message, { kind: 'zip' })));
        zip.readEntry();
      });
      if (!entry) return { pages, files };
      if (entry.fileName.endsWith('/') || JUNK.test(entry.fileName)) continue;
      const name = entry.fileName;
      entries += 1;
      inflated += entry.uncompressedSize;
      if (entries > SCAN_MAX_ZIP_ENTRIES || inflated > SCAN_MAX_INFLATED_BYTES) throw new ZipTooLarge();
      if (entry.uncompressedSize > SCAN_MAX_ENTRY_BYTES) throw new ScanFileProblem('inflatesTooLarge', `declares ${entry.uncompressedSize} bytes`, { file: name });
      const stream = await new Promise<Readable>((resolve, reject) => zip.openReadStream(entry, (e, s) => (e || !s ? reject(new ScanFileProblem('malformed', String(e?.message), { kind: 'zip', file: name })) : resolve(s))));
      let seen = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          seen += chunk.length;
          done(seen > entry.uncompressedSize ? new ScanFileProblem('inflatesTooLarge', `inflates past its declared ${entry.uncompressedSize} bytes`, { file: name }) : null, chunk);
        },
      });
      const file = join(dir, `${String(entries).padStart(5, '0')}`);
      await pipeline(stream, counter, createWriteStream(file)).catch((error: unknown) => {
        throw error instanceof ScanFileProblem ? error : new ScanFileProblem('malformed', (error as Error).message, { kind: 'zip', file: name });
      });
      if (seen !== entry.uncompressedSize) throw new ScanFileProblem('malformed', `inflated ${seen} of ${entry.uncompressedSize} bytes`, { kind: 'zip', file: name });
      const kind = await sniffScanFile(file).catch((error: unknown) => {
        throw error instanceof ScanFileProblem ? error.inEntry(name) : error;
      });
      if (!kind || kind === 'zip') throw new ScanFileProblem('notAScan', `${name}: not a page`, { file: name });
      const landed = { name, path: file, kind };
      pages += await check(landed).catch((error: unknown) => {
        throw error instanceof ScanFileProblem ? error.inEntry(name) : error;
      });
      if (keep) files.push(landed);
      else await rm(file, { force: true });
    }
  } finally {
    zip.close();
  }
}

/** The upload's side: every entry checked as `check` says, nothing kept; the pages of the whole ZIP. */
export async function checkZip(path: string, check: (entry: ZipEntryFile) => Promise<number>): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), 'acs-zip-check-'));
  try {
    return (await walkZip(path, dir, false, check)).pages;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The job's side: the ZIP's entries as checked files in `dir`, in the order of their names. */
export async function extractZip(path: string, dir: string, check: (entry: ZipEntryFile) => Promise<number>): Promise<ZipEntryFile[]> {
  await mkdir(dir, { recursive: true });
  const { files } = await walkZip(path, dir, true, check);
  return files.sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
}
