import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Runs a poppler tool (pdftotext, pdffonts, pdfinfo) on a PDF held in memory; returns its stdout. */
export async function poppler(tool: 'pdftotext' | 'pdffonts' | 'pdfinfo', pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'acs-poppler-'));
  try {
    await writeFile(join(dir, 'in.pdf'), pdf);
    const args = tool === 'pdftotext' ? [join(dir, 'in.pdf'), '-'] : [join(dir, 'in.pdf')];
    return (await run(tool, args, { maxBuffer: 16 * 1024 * 1024 })).stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
