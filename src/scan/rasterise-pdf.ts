import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { GrayImage } from './page-reading';

const run = promisify(execFile);

/** Binary PGM (P5, 8 bit), what `pdftoppm -gray` writes: magic, width, height, maxval, then one byte a pixel. */
export function parsePgm(file: Buffer): GrayImage {
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
  const [magic, width, height, maxval] = fields;
  if (magic !== 'P5' || maxval !== '255') throw new Error(`not an 8-bit binary PGM: ${magic} ${maxval}`);
  const w = Number(width);
  const h = Number(height);
  return { width: w, height: h, data: new Uint8Array(file.buffer, file.byteOffset + at + 1, w * h) };
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
