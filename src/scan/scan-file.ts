import { open } from 'node:fs/promises';
import { imagePageCount } from './image-input';
import { pdfPageCount } from './pdf-pages';

/**
 * What an uploaded scan file is, told from its first bytes (never from its name or the browser's
 * type): a PDF, one of the image formats scanners write, or a ZIP of such images.
 */
export type ScanFileKind = 'pdf' | 'jpeg' | 'png' | 'tiff' | 'zip';

export function sniffScanKind(head: Uint8Array): ScanFileKind | null {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'pdf'; // %PDF-
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47)) return 'png';
  if (starts(0x49, 0x49, 0x2a, 0x00) || starts(0x4d, 0x4d, 0x00, 0x2a)) return 'tiff';
  if (starts(0x50, 0x4b, 0x03, 0x04)) return 'zip';
  return null;
}

export async function sniffScanFile(path: string): Promise<ScanFileKind | null> {
  const file = await open(path);
  try {
    const head = Buffer.alloc(8);
    const { bytesRead } = await file.read(head, 0, 8, 0);
    return bytesRead < 4 ? null : sniffScanKind(head);
  } finally {
    await file.close();
  }
}

export class ScanFileProblem extends Error {
  constructor(readonly problem: 'encrypted' | 'malformed', detail: string) {
    super(detail);
  }
}

/** Pages of a PDF (poppler's pdfinfo); a PDF locked by a password, or a broken one, is a ScanFileProblem. */
export async function scanPdfPages(path: string): Promise<number> {
  return pdfPageCount(path).catch((error: { stderr?: unknown; message?: string }) => {
    const detail = String(error.stderr ?? error.message ?? '');
    throw /Incorrect password|encrypt/i.test(detail) ? new ScanFileProblem('encrypted', detail) : new ScanFileProblem('malformed', detail.split('\n')[0] || 'pdfinfo failed');
  });
}

/** Pages of an image file (a TIFF may hold several); one sharp cannot read is a ScanFileProblem. */
export async function scanImagePages(path: string): Promise<number> {
  return imagePageCount(path).catch((error: Error) => {
    throw new ScanFileProblem('malformed', error.message);
  });
}
