import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { decodeImage } from './image-input';
import type { GrayImage } from './page-reading';
import { PdfPagesFailed, pdfPageImages, SCAN_RASTER_DPI } from './pdf-pages';
import { scanImagePages, scanPdfPages, sniffScanFile, ScanFileProblem, type ScanFileKind } from './scan-file';
import { extractZipImages } from './scan-zip';

/** One page of an image upload: a page of one image file (a TIFF may hold several). */
type PageRef = { index: number; path: string; imagePage: number };

export interface ScanSource {
  kind: ScanFileKind;
  pages: number;
  /** The wanted pages (1-based upload indexes, ascending), in order, each decoded to greyscale. */
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

/** Each call its own folder: parts of one batch may read one opened source at once. */
async function* pdfImages(path: string, workDir: string, wanted: readonly number[]) {
  const dir = join(workDir, `pdf-${randomUUID().slice(0, 8)}`);
  try {
    yield* pdfPageImages(path, wanted, { dpi: SCAN_RASTER_DPI, workDir: dir });
  } catch (error) {
    throw error instanceof PdfPagesFailed ? new ScanFileProblem('malformed', error.message) : error;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Image pages, the next one decoded (on sharp's threads) while the caller reads this one. */
async function* imageFiles(refs: PageRef[], wanted: readonly number[]) {
  const decode = (index: number | undefined) => {
    const ref = index === undefined ? undefined : refs[index - 1];
    if (!ref) return null;
    const decoding = decodeImage(ref.path, ref.imagePage).catch((error: Error) => {
      throw new ScanFileProblem('malformed', error.message);
    });
    decoding.catch(() => undefined); // awaited in turn
    return decoding;
  };
  let next = decode(wanted[0]);
  for (let i = 0; i < wanted.length; i++) {
    const current = next;
    next = decode(wanted[i + 1]);
    if (current) yield { index: wanted[i], image: await current };
  }
}
