import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { GrayImage } from './page-reading';

const run = promisify(execFile);

/**
 * The header of a binary netpbm file as poppler writes it (P5 grey, P6 RGB; 8 bit): magic, width,
 * height and maxval, comments skipped; `at` is where the pixels start.
 */
export function parseNetpbmHeader(file: Buffer, magic: 'P5' | 'P6'): { width: number; height: number; at: number } {
  const fields: string[] = [];
  let at = 0;
  while (fields.length < 4) {
    while (/\s/.test(String.fromCharCode(file[at]))) at += 1;
    if (file[at] === 0x23) {
      while (file[at] !== 0x0a) at += 1;
      continue;
    }
    const start = at;
    while (!/\s/.test(String.fromCharCode(file[at]))) at += 1;
    fields.push(file.subarray(start, at).toString('ascii'));
  }
  const [found, width, height, maxval] = fields;
  if (found !== magic || maxval !== '255') throw new Error(`not an 8-bit ${magic} file: ${found} ${maxval}`);
  return { width: Number(width), height: Number(height), at: at + 1 };
}

/** Binary PGM (P5, 8 bit), what `pdftoppm -gray` writes: one byte a pixel. */
export function parsePgm(file: Buffer): GrayImage {
  const { width, height, at } = parseNetpbmHeader(file, 'P5');
  return { width, height, data: new Uint8Array(file.buffer, file.byteOffset + at, width * height) };
}

/** Page `page` (from 1) of a PDF in grey at `dpi`, through poppler's pdftoppm, as a scanner would deliver it. */
export async function rasterisePdfPage(pdf: Uint8Array, page: number, dpi: number): Promise<GrayImage> {
  const dir = await mkdtemp(join(tmpdir(), 'acs-scan-'));
  try {
    await writeFile(join(dir, 'in.pdf'), pdf);
    await run('pdftoppm', ['-gray', '-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile', join(dir, 'in.pdf'), join(dir, 'out')]);
    return parsePgm(await readFile(join(dir, 'out.pgm')));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
