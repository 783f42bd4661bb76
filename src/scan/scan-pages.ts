import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { imageProblem } from './image-header';
import { decodeImage } from './image-input';
import type { GrayImage } from './page-reading';
import { inspectPdf, PdfPagesFailed, pdfPageImages, SCAN_RASTER_DPI, type PdfFacts } from './pdf-pages';
import { entryPages, filePages } from './scan-check';
import { sniffScanFile } from './scan-file';
import { ScanFileProblem, type ScanFileKind } from './scan-problem';
import { extractZip } from './scan-zip';

/**
 * One page of an upload: page `page` (1-based) of one file — the upload itself, or a ZIP entry
 * (`entry`, its name, for the messages). A PDF's pages come from pdf-pages.ts, an image's from sharp.
 */
type PageRef = { index: number; path: string; kind: Exclude<ScanFileKind, 'zip'>; page: number; entry?: string };

export interface ScanSource {
  kind: ScanFileKind;
  pages: number;
  /** The wanted pages (1-based upload indexes, ascending), in order, each decoded to greyscale. */
  images(wanted: readonly number[]): AsyncGenerator<{ index: number; image: GrayImage }>;
}

/**
 * Opens a stored upload copied to `path`; `workDir` is this job's own scratch folder. The file is
 * checked again exactly as at upload (scan-check.ts) before any pixel is decoded: a ScanFileProblem
 * names the page or entry at fault, and so does a page that fails to decode later.
 */
export async function openScanSource(path: string, workDir: string): Promise<ScanSource> {
  const kind = await sniffScanFile(path);
  if (!kind) throw new ScanFileProblem('notAScan', 'not a PDF, image or ZIP');
  await mkdir(workDir, { recursive: true });
  const refs: PageRef[] = [];
  const facts = new Map<string, PdfFacts>();
  const add = (file: string, fileKind: PageRef['kind'], pages: number, entry?: string) => {
    for (let page = 1; page <= pages; page++) refs.push({ index: refs.length + 1, path: file, kind: fileKind, page, ...(entry ? { entry } : {}) });
  };
  if (kind === 'zip') {
    const counts = new Map<string, number>();
    const check = async (e: Parameters<typeof entryPages>[0]) => counts.set(e.path, await entryPages(e, facts)).get(e.path)!;
    for (const entry of await extractZip(path, join(workDir, 'zip'), check)) add(entry.path, entry.kind, counts.get(entry.path)!, entry.name);
  } else if (kind === 'pdf') {
    const pdf = await inspectPdf(path);
    facts.set(path, pdf);
    add(path, kind, pdf.pages);
  } else add(path, kind, await filePages(path, kind));
  return { kind, pages: refs.length, images: (wanted) => pagesOf(refs, facts, join(workDir, 'pdf'), wanted) };
}

/** The problem of a page that failed to decode, placed (upload page, or entry and its page). */
function pageProblem(ref: PageRef, problem: ScanFileProblem['problem'], detail: string): ScanFileProblem {
  return new ScanFileProblem(problem, detail, ref.entry ? { file: ref.entry, ...(ref.kind === 'pdf' || ref.kind === 'tiff' ? { page: ref.page } : {}), kind: ref.kind } : { page: ref.index, kind: ref.kind });
}

/** The wanted pages in order: runs of one PDF through pdf-pages.ts, image pages through sharp. */
async function* pagesOf(refs: PageRef[], facts: Map<string, PdfFacts>, pdfDir: string, wanted: readonly number[]) {
  for (let at = 0; at < wanted.length; ) {
    const first = refs[wanted[at] - 1];
    let end = at + 1;
    while (end < wanted.length && refs[wanted[end] - 1].path === first.path) end++;
    const run = wanted.slice(at, end).map((index) => refs[index - 1]);
    if (first.kind === 'pdf') yield* pdfRun(first.path, facts.get(first.path)!, pdfDir, run);
    else yield* imageRun(run);
    at = end;
  }
}

/** Each run its own folder: parts of one batch may read one opened source at once (scan-sources.ts). */
async function* pdfRun(path: string, pdf: PdfFacts, pdfDir: string, run: PageRef[]) {
  const byPage = new Map(run.map((ref) => [ref.page, ref]));
  const workDir = join(pdfDir, randomUUID().slice(0, 8));
  try {
    for await (const { index, image } of pdfPageImages(path, run.map((r) => r.page), { dpi: SCAN_RASTER_DPI, workDir, facts: pdf })) yield { index: byPage.get(index)!.index, image };
  } catch (error) {
    if (!(error instanceof PdfPagesFailed)) throw error;
    const ref = byPage.get(error.page) ?? run[0];
    throw pageProblem(ref, error.why === 'timeout' || error.why === 'memory' ? 'tooComplex' : 'pageBroken', error.message);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/** Why sharp could not decode an image page, told from the file's header (never libvips' text). */
async function decodeProblem(ref: PageRef, error: Error): Promise<ScanFileProblem> {
  const { problem } = await imageProblem(ref.path, ref.kind as 'png' | 'jpeg' | 'tiff').catch(() => ({ problem: null }));
  const truncated = problem?.problem === 'truncated' || /truncated|premature end|unexpected end of/i.test(error.message);
  return pageProblem(ref, problem?.problem === 'imageTooLarge' ? 'imageTooLarge' : truncated ? 'truncated' : 'broken', error.message);
}

/** Image pages, the next one decoded (on sharp's threads) while the caller reads this one. */
async function* imageRun(run: PageRef[]) {
  const decode = (ref: PageRef | undefined) => {
    if (!ref) return null;
    const decoding = decodeImage(ref.path, ref.page - 1).catch(async (error: Error) => {
      throw await decodeProblem(ref, error);
    });
    decoding.catch(() => undefined); // awaited in turn
    return decoding;
  };
  let next = decode(run[0]);
  for (let i = 0; i < run.length; i++) {
    const current = next;
    next = decode(run[i + 1]);
    if (current) yield { index: run[i].index, image: await current };
  }
}
