import { open } from 'node:fs/promises';
import { imageProblem } from './image-header';
import { ScanFileProblem, type ScanFileKind } from './scan-problem';

/**
 * What an uploaded scan file is, told from its first bytes (never from its name or the browser's
 * type): a PDF, one of the image formats scanners write, or a ZIP of such images.
 */

export function sniffScanKind(head: Uint8Array): ScanFileKind | null {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'pdf'; // %PDF-
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47)) return 'png';
  if (starts(0x49, 0x49, 0x2a, 0x00) || starts(0x4d, 0x4d, 0x00, 0x2a)) return 'tiff';
  if (starts(0x50, 0x4b, 0x03, 0x04)) return 'zip';
  return null;
}

/** HEIC/HEIF photos (an iPhone's default): an ISO box `ftyp` with a HEIF brand at offset 4. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);
export function isHeic(head: Uint8Array): boolean {
  const text = (from: number) => String.fromCharCode(...head.subarray(from, from + 4));
  return head.length >= 12 && text(4) === 'ftyp' && HEIF_BRANDS.has(text(8));
}

/**
 * The kind of the file at `path` from its first bytes; null for none we read. A HEIC photo is
 * refused by name (ScanFileProblem `heic`): sharp's libvips cannot decode HEVC, and the person can
 * fix it with one setting, which the message says.
 */
export async function sniffScanFile(path: string): Promise<ScanFileKind | null> {
  const file = await open(path);
  try {
    const head = Buffer.alloc(12);
    const { bytesRead } = await file.read(head, 0, 12, 0);
    if (isHeic(head.subarray(0, bytesRead))) throw new ScanFileProblem('heic', 'HEIC photo');
    return bytesRead < 4 ? null : sniffScanKind(head.subarray(0, bytesRead));
  } finally {
    await file.close();
  }
}

/** Pages of an image file (a TIFF may hold several), checked from its header: pixels, frames, truncation. */
export async function imagePageCount(path: string, kind: 'png' | 'jpeg' | 'tiff'): Promise<number> {
  const { pages, problem } = await imageProblem(path, kind);
  if (problem) throw new ScanFileProblem(problem.problem, `${kind} header`, { ...(problem.page !== undefined ? { page: problem.page } : {}), kind });
  return pages;
}
