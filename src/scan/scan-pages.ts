import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { decodeImage } from './image-input';
import { parsePgm } from './rasterise-pdf';
import type { GrayImage } from './page-reading';
import { scanImagePages, scanPdfPages, sniffScanFile, ScanFileProblem, type ScanFileKind } from './scan-file';
import { extractZipImages } from './scan-zip';

const run = promisify(execFile);

/** Scanned PDFs are rasterised at 200 dpi: enough for 0.6 mm page-code modules and bubble fills (docs/scan-reading.md). */
export const SCAN_RASTER_DPI = 200;
/** pdftoppm runs over this many pages at a time, the next run going while the last is read. */
const PDF_CHUNK = 16;

/** One page of the upload: a page of the PDF, or a page of one image file (a TIFF may hold several). */
type PageRef = { index: number; pdfPage: number } | { index: number; path: string; imagePage: number };

export interface ScanSource {
  kind: ScanFileKind;
  pages: number;
  /** The wanted pages (1-based upload indexes), in order, each decoded to greyscale. */
  images(wanted: readonly number[]): AsyncGenerator<{ index: number; image: GrayImage }>;
}

/** Opens a stored upload copied to `path`; `workDir` is this job's own scratch folder. */
export async function openScanSource(path: string, workDir: string): Promise<ScanSource> {
  const kind = await sniffScanFile(path);
  if (!kind) throw new ScanFileProblem('malformed', 'not a PDF, image or ZIP');
  await mkdir(workDir, { recursive: true });
  if (kind === 'pdf') {
    const pages = await scanPdfPages(path);
    return { kind, pages, images: (wanted) => pdfImages(path, workDir, wanted) };
  }
  const files = kind === 'zip' ? await extractZipImages(path, join(workDir, 'zip')) : [path];
  const refs: PageRef[] = [];
  for (const file of files) {
    const count = await scanImagePages(file);
    for (let page = 0; page < count; page++) refs.push({ index: refs.length + 1, path: file, imagePage: page });
  }
  return { kind, pages: refs.length, images: (wanted) => imageFiles(refs, wanted) };
}

async function* imageFiles(refs: PageRef[], wanted: readonly number[]) {
  for (const index of wanted) {
    const ref = refs[index - 1];
    if (!ref || !('path' in ref)) continue;
    yield { index, image: await decodePage(ref.path, ref.imagePage) };
  }
}

async function decodePage(path: string, page: number): Promise<GrayImage> {
  return decodeImage(path, page).catch((error: Error) => {
    throw new ScanFileProblem('malformed', error.message);
  });
}

async function* pdfImages(path: string, workDir: string, wanted: readonly number[]) {
  const chunks: number[][] = [];
  for (const index of wanted) {
    const last = chunks.at(-1);
    if (last && index - last[0] < PDF_CHUNK) last.push(index);
    else chunks.push([index]);
  }
  let next = chunks.length > 0 ? rasterise(path, workDir, chunks[0]) : null;
  try {
    for (let c = 0; c < chunks.length; c++) {
      const files = await next!;
      next = c + 1 < chunks.length ? rasterise(path, workDir, chunks[c + 1]) : null;
      for (const index of chunks[c]) {
        const file = files.get(index);
        if (!file) throw new ScanFileProblem('malformed', `page ${index} could not be rasterised`);
        const image = parsePgm(await readFile(file));
        await rm(file, { force: true });
        yield { index, image };
      }
      for (const file of files.values()) await rm(file, { force: true });
    }
  } finally {
    // A batch stopped early (a refusal, a failure) lets the chunk in flight finish before its folder goes.
    await next?.catch(() => undefined);
  }
}

/** pdftoppm over the chunk's span; its files are named <prefix>-<page, zero-padded>.pgm. */
async function rasterise(path: string, workDir: string, chunk: number[]): Promise<Map<number, string>> {
  const from = chunk[0];
  const to = chunk.at(-1)!;
  const prefix = `c${from}`;
  await run('pdftoppm', ['-gray', '-r', String(SCAN_RASTER_DPI), '-f', String(from), '-l', String(to), path, join(workDir, prefix)], { maxBuffer: 1 << 20 }).catch(
    (error: { stderr?: string }) => {
      throw new ScanFileProblem('malformed', String(error.stderr ?? 'pdftoppm failed').split('\n')[0]);
    },
  );
  const files = new Map<number, string>();
  for (const name of await readdir(workDir)) {
    const match = new RegExp(`^${prefix}-0*(\\d+)\\.pgm$`).exec(name);
    if (match) files.set(Number(match[1]), join(workDir, name));
  }
  return files;
}
