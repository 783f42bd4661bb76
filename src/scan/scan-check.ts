import { inspectPdf, type PdfFacts } from './pdf-pages';
import { imagePageCount, sniffScanFile } from './scan-file';
import { ScanFileProblem, type ScanFileKind } from './scan-problem';
import { checkZip, type ZipEntryFile } from './scan-zip';

/**
 * The one check of a scan file (docs/scan-reading.md "Limits on input"), at upload before anything
 * is stored, and again by the job on its copy: its kind from its bytes, then a PDF inspected
 * (pages, boxes, images), an image's header (pixels of every frame, frame count, truncation), a
 * ZIP's every entry (sizes declared and counted, kind, then the same checks). Throws a
 * ScanFileProblem (or ZipTooLarge) naming the page or entry at fault; returns the page count.
 */
export async function checkScanFile(path: string): Promise<{ kind: ScanFileKind; pages: number }> {
  const kind = await sniffScanFile(path);
  if (!kind) throw new ScanFileProblem('notAScan', 'not a PDF, image or ZIP');
  if (kind === 'zip') return { kind, pages: await checkZip(path, (entry) => entryPages(entry)) };
  return { kind, pages: await filePages(path, kind) };
}

/** A PDF's or an image file's pages after its checks. */
export async function filePages(path: string, kind: Exclude<ScanFileKind, 'zip'>): Promise<number> {
  return kind === 'pdf' ? (await inspectPdf(path)).pages : imagePageCount(path, kind);
}

/** A ZIP entry's pages after its checks; a PDF's facts are kept for the job (`facts`). */
export async function entryPages(entry: ZipEntryFile, facts?: Map<string, PdfFacts>): Promise<number> {
  if (entry.kind !== 'pdf') return imagePageCount(entry.path, entry.kind);
  const pdf = await inspectPdf(entry.path);
  facts?.set(entry.path, pdf);
  return pdf.pages;
}
